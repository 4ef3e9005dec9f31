import { Link, Route } from "react-router-dom";
import { OWNER_PORTAL_REQUIRED, priceLabel } from "@shared/membership.ts";
import { PageLoading } from "../App.tsx";
import { buttonClass } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { MemberAreaLayout, MemberWelcome } from "../features/member-area/MemberAreaLayout.tsx";
import { MemberResources } from "../features/member-area/MemberResources.tsx";
import { OwnerToolRoutes } from "../features/portal/owner/OwnerToolRoutes.tsx";
import { premiumServiceRoutes } from "../features/portal/owner/PremiumServiceRoutes.tsx";
import { ReadOnlyNotice } from "../features/portal/owner/ui.tsx";
import { trpc } from "../trpc.ts";


/**
 * /portal: the member area with the owner tools (PORTAL.md 1). The server decides who gets in:
 * a visitor is asked to sign in, a Basic member sees the upgrade prompt, a Standard or Premium
 * member the owner tools, and a downgraded owner the same tools read-only.
 */
export default function OwnerPortalPage() {
  const status = trpc.member.owner.status.useQuery(undefined, { retry: false });
  const me = trpc.member.account.me.useQuery(undefined, { retry: false, enabled: status.data?.signed_in === true });

  if (status.isPending || (status.data?.signed_in && me.isPending)) return <PageLoading label="Loading your owner portal..." />;
  if (status.isError || !status.data) return <Gate title="We could not load your portal" body="Please try again in a moment." />;
  if (!status.data.signed_in) {
    return (
      <Gate title="Sign in to your owner portal" body="Your properties, leases and rent ledgers are yours alone. Sign in with your password or an emailed link.">
        <Link to="/sign-in?next=/portal" className={buttonClass("primary")}>
          Member Sign In
        </Link>
      </Gate>
    );
  }
  if (me.isError || !me.data) return <Gate title="We could not load your portal" body="Please try again in a moment." />;
  const member = me.data;
  if (!status.data.allowed) {
    return (
      <MemberAreaLayout member={member} ownerTools={false}>
        <section aria-labelledby="upgrade-heading" className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
          <h2 id="upgrade-heading" className="text-xl font-bold text-slate-900">
            {status.data.reason === "awaiting_payment" ? "Complete your payment to open the owner portal" : OWNER_PORTAL_REQUIRED}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            {status.data.reason === "awaiting_payment"
              ? "Your agreement is signed. The owner portal opens as soon as your first payment is made."
              : `The owner portal for tracking properties, leases, rent and tenants is part of Standard (${priceLabel("Standard")}) and Premium (${priceLabel(
                  "Premium",
                )}) membership.`}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {status.data.reason !== "awaiting_payment" && (
              // A signed, unpaid member has "Complete your payment" above instead.
              <Link to="/basic-portal" className={buttonClass("primary")}>
                Upgrade from My Portal
              </Link>
            )}
            <Link to="/#membership" className={buttonClass("secondary")}>
              Compare Membership Levels
            </Link>
          </div>
        </section>
      </MemberAreaLayout>
    );
  }
  const canWrite = status.data.can_write;
  return (
    <MemberAreaLayout member={member} ownerTools>
      {!canWrite && (
        <div className="mb-6">
          <ReadOnlyNotice />
        </div>
      )}
      <OwnerToolRoutes canWrite={canWrite} level={member.membership_level} email={member.email}>
        {premiumServiceRoutes({ canWrite, level: member.membership_level })}
        <Route
          path="resources"
          element={
            <>
              <MemberWelcome member={member} lead="Forms and guides, the skills network and your account: everything every member has." />
              <MemberResources member={member} />
            </>
          }
        />
        <Route path="*" element={<Gate inline title="Page not found" body="This part of the owner portal does not exist." />} />
      </OwnerToolRoutes>
    </MemberAreaLayout>
  );
}

function Gate({ title, body, children, inline = false }: { title: string; body: string; children?: React.ReactNode; inline?: boolean }) {
  const content = (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{body}</p>
      <div className="mt-6 flex justify-center gap-3">
        {children}
        <Link to="/" className={buttonClass("secondary")}>
          Back to Home
        </Link>
      </div>
    </div>
  );
  if (inline) return content;
  return (
    <>
      <SiteHeader />
      <main id="main">{content}</main>
      <SiteFooter />
    </>
  );
}
