import type { MouseEvent, ReactNode } from "react";
import { demoPathFor } from "@shared/routes.ts";

// A link from the public pages to a feature of the owner portal (issue 31): a signed-out visitor,
// or anyone the portal would not let in, lands on the same page of the live demo (sample books, no
// sign-in) instead of a sign-in wall; an owner who may open the portal lands on their own page.
// The link's address is the demo's, so a visitor without scripts, a new tab and a search engine
// get the demo too; the landing page loads no data layer for it (decision 0043).

/** Whether this browser's session may open the owner portal, asked of the server at click time. */
async function mayOpenPortal(): Promise<boolean> {
  try {
    const res = await fetch("/api/portal/access", { credentials: "same-origin", headers: { accept: "application/json" } });
    return res.ok && ((await res.json()) as { allowed?: boolean }).allowed === true;
  } catch {
    return false;
  }
}

export function PortalFeatureLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const demo = demoPathFor(href);
  if (!demo) {
    return (
      <a className={className} href={href}>
        {children}
      </a>
    );
  }
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the demo's address.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.location.assign((await mayOpenPortal()) ? href : demo);
  };
  return (
    <a className={className} href={demo} onClick={(event) => void open(event)}>
      {children}
    </a>
  );
}
