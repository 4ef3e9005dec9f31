import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRef } from "react";
import { useNavigate } from "react-router-dom";
import { OWNER_PORTAL_REQUIRED, priceLabel } from "@shared/membership.ts";
import { useSignOut } from "../features/account/useSignOut.ts";
import { useWhoami } from "../lib/whoami.ts";
import { useSectionAlert } from "../lib/use-section.ts";
import { trpc } from "../trpc.ts";
import { buttonClass } from "./Button.tsx";
import { ChevronDown } from "./chrome.tsx";

const itemClass =
  "flex cursor-pointer select-none flex-col rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800";

/**
 * The header's Portal Login menu (SPEC.md 2): the owner portal (/portal) opens only when the server
 * says the member is an active Standard or Premium member; a visitor is asked to sign in, anyone
 * else gets the upgrade prompt and the membership section. The tenant portal is part of this site
 * too (PORTAL.md 1): it opens /tenant in place.
 */
export function PortalLoginMenu({ defaultOpen = false }: { defaultOpen?: boolean } = {}) {
  const whoami = useWhoami();
  const utils = trpc.useUtils();
  const sectionAlert = useSectionAlert();
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate("/"));
  const member = whoami.data?.member ?? null;
  // Opened already (the header's stand-in was pressed), the trigger never had focus: return it
  // there on close ourselves, so the keyboard user stays in place.
  const triggerRef = useRef<HTMLButtonElement>(null);

  const openOwnerPortal = async () => {
    const access = await utils.public.auth.ownerPortalAccess.fetch(undefined, { staleTime: 5_000 });
    // The owner portal is part of this site (DECISIONS.md 21): it opens here, not in a new tab.
    if (access.allowed && access.url) return navigate(access.url);
    if (!access.signed_in) return navigate("/sign-in?next=/portal");
    // Signed a paid level without paying: the portal page says so and offers to complete the payment.
    if (access.membership_level !== "Basic" && access.membership_level !== null) return navigate("/portal");
    await sectionAlert("membership", {
      title: OWNER_PORTAL_REQUIRED,
      message:
        `The owner portal for tracking properties, tenants and maintenance is part of Standard (${priceLabel("Standard")}) ` +
        `and Premium (${priceLabel("Premium")}) membership.` +
        (access.membership_level === "Basic"
          ? " Upgrade from your Basic Member Portal to unlock it."
          : access.signed_in
            ? " It opens once your membership payment is complete."
            : " Apply for a membership level below, or sign in if you are already a paid member."),
      confirmLabel: "View Membership Options",
    });
  };

  return (
    <DropdownMenu.Root
      modal={false}
      defaultOpen={defaultOpen}
      onOpenChange={(open) => {
        // Ask the server early so the owner portal opens at once on click.
        if (open) void utils.public.auth.ownerPortalAccess.prefetch(undefined, { staleTime: 5_000 });
      }}
    >
      <DropdownMenu.Trigger ref={triggerRef} className={buttonClass("secondary", "text-sm data-[state=open]:bg-slate-100")}>
        Portal Login
        <ChevronDown />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }} className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <DropdownMenu.Item className={itemClass} onSelect={() => void openOwnerPortal()}>
            <span className="font-medium">Owner Portal</span>
            <span className="text-xs text-slate-500">Standard and Premium members</span>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/tenant")}>
            <span className="font-medium">Tenant Portal</span>
            <span className="text-xs text-slate-500">For your tenants: payments and requests</span>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {member ? (
            <>
              <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/basic-portal")}>
                <span className="font-medium">Basic Member Portal</span>
                <span className="text-xs text-slate-500">Signed in as {member.email}</span>
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemClass} onSelect={() => signOut.mutate()}>
                <span className="font-medium">Sign Out</span>
              </DropdownMenu.Item>
            </>
          ) : (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/sign-in")}>
              <span className="font-medium">Member Sign In</span>
              <span className="text-xs text-slate-500">Documents, skills network and your membership</span>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
