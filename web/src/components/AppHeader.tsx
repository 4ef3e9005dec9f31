import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ASSOCIATION_NAME } from "@shared/agreement.ts";
import { SkipLink } from "./chrome.tsx";

/**
 * The header of the signed-in areas (the member portal, the tenant portal): the association's mark,
 * the area's name as the page's heading, and the area's own actions. No section links, Portal
 * Login or Apply button: those are the public site's (SiteHeader), for visitors. On a phone it is
 * one row, so the page's first figure is near the top.
 */
export function AppHeader({ home, title, children, titleIsHeading = true }: { home: string; title: ReactNode; children?: ReactNode; titleIsHeading?: boolean }) {
  // On a page with a heading of its own (the community's), the area's name is not the page's heading.
  const Title = titleIsHeading ? "h1" : "p";
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <SkipLink />
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
        <div className="flex min-w-0 items-center gap-2">
          <Link to={home} aria-label={`${ASSOCIATION_NAME}, ${typeof title === "string" ? title : "home"}`} className="shrink-0">
            <img src="/favicon.svg" alt="" width={28} height={28} />
          </Link>
          <Title className="truncate text-base font-bold text-slate-900 sm:text-xl">{title}</Title>
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">{children}</div>
      </div>
    </header>
  );
}
