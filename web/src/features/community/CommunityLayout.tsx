import { useEffect, type ReactNode } from "react";
import { Link, NavLink, useNavigate } from "react-router-dom";
import { AppHeader } from "../../components/AppHeader.tsx";
import { Button, buttonClass } from "../../components/Button.tsx";
import { SiteFooter } from "../../components/SiteFooter.tsx";
import { SiteHeader } from "../../components/SiteHeader.tsx";
import { errorMessage, errorStatus } from "../../lib/errors.ts";
import { useWhoami } from "../../lib/whoami.ts";
import { trpc } from "../../trpc.ts";
import { useSignOut } from "../account/useSignOut.ts";

// The frame of every community page: the site header for visitors (the app header, as in the
// member portal, for a signed-in member), the member navigation (with the unread notifications
// count for members), the page, the footer.

/** The community's sections, for everyone (the member portal's menu lists them too). */
export const COMMUNITY_LINKS = [
  { to: "/community", label: "Forum", end: false },
  { to: "/updates", label: "Legal updates", end: false },
  { to: "/webinars", label: "Webinars", end: false },
  { to: "/contractors", label: "Contractors", end: true },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`;

function UnreadLink() {
  const list = trpc.member.notifications.list.useQuery({ page: 1 }, { refetchInterval: 60_000 });
  const unread = list.data?.unread_count ?? 0;
  return (
    <NavLink to="/community/notifications" className={navClass}>
      Notifications
      {unread > 0 && (
        <span className="ml-1 rounded-full bg-accent-500 px-2 py-0.5 text-xs text-slate-900">
          {unread}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </NavLink>
  );
}

/** The member navigation shown on every community page and in the member portal. */
export function MemberNav() {
  const who = useWhoami();
  const member = who.data?.member;
  return (
    <nav aria-label="Member" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-2">
        {COMMUNITY_LINKS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={navClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {member && (
          <>
            <li>
              <UnreadLink />
            </li>
            <li>
              <NavLink to="/email/preferences" className={navClass}>
                Email preferences
              </NavLink>
            </li>
            <li>
              <NavLink to={member.membership_level === "Basic" ? "/basic-portal" : "/portal"} className={navClass}>
                Member portal
              </NavLink>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}

/** A signed-in member's header: no Portal Login or Apply button, a way out. Visitors get the site's. */
function CommunityHeader() {
  const who = useWhoami();
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate("/sign-in"));
  // Until the server says who this is, a plain bar of the headers' height (no header that swaps).
  if (who.isPending) return <div aria-hidden="true" className="h-[57px] border-b border-slate-200 bg-white" />;
  if (!who.data?.member) return <SiteHeader />;
  return (
    <AppHeader home="/community" title="Member community" titleIsHeading={false}>
      <Button variant="ghost" className="px-3 text-sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {signOut.isPending ? "Signing out..." : "Sign Out"}
      </Button>
    </AppHeader>
  );
}

export function CommunityLayout({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const who = useWhoami();
  useEffect(() => {
    document.title = `${title} · Illinois Landlord & Property Owners Association`;
  }, [title]);
  return (
    <>
      <CommunityHeader />
      <MemberNav />
      <main id="main" className="min-h-[60vh] bg-slate-50 pb-16">
        <div className="mx-auto max-w-6xl px-4 py-8">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
              {intro && <div className="mt-2 max-w-3xl text-slate-600">{intro}</div>}
            </div>
            {actions}
          </div>
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <SiteFooter audience={who.data?.member ? "member" : "public"} />
    </>
  );
}

/** A failed query: sign in (401), upgrade (403) or the server's words with Try Again. */
export function QueryProblem({ error, what, onRetry, next }: { error: unknown; what: string; onRetry?: () => void; next?: string }) {
  const status = errorStatus(error);
  if (status === 401) {
    return (
      <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h2 className="text-xl font-semibold text-slate-900">Sign in to continue</h2>
        <p className="mt-2 text-slate-600">The {what} is for members. Basic membership is free.</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link className={buttonClass("primary")} to={`/sign-in?next=${encodeURIComponent(next ?? window.location.pathname)}`}>
            Member Sign In
          </Link>
          <a className={buttonClass("secondary")} href="/#apply">
            Join for free
          </a>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">{status === 403 ? errorMessage(error) : `We could not load the ${what}.`}</p>
      {status === 403 ? (
        <Link className={`${buttonClass("accent", "mt-3 text-sm")}`} to="/basic-portal">
          See upgrade options
        </Link>
      ) : (
        <>
          <p className="mt-1 text-sm">{errorMessage(error)}</p>
          {onRetry && (
            <button type="button" className={buttonClass("secondary", "mt-3 text-sm")} onClick={onRetry}>
              Try Again
            </button>
          )}
        </>
      )}
    </div>
  );
}

export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-6 text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden />
      {label}
    </p>
  );
}
