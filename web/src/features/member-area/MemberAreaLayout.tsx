import { useState, type ReactNode } from "react";
import { Link, NavLink, useNavigate, useSearchParams } from "react-router-dom";
import { Button, buttonClass } from "../../components/Button.tsx";
import { AppHeader } from "../../components/AppHeader.tsx";
import { SectionsMenu, type SectionLink } from "../../components/SectionsMenu.tsx";
import { SiteFooter } from "../../components/SiteFooter.tsx";
import { CompletePaymentCard, isSignedUnpaid } from "../billing/CompletePayment.tsx";
import { ManageSubscriptionDialog, MembershipDate } from "../billing/ManageSubscriptionDialog.tsx";
import { useSignOut } from "../account/useSignOut.ts";
import { COMMUNITY_LINKS, MemberNav } from "../community/CommunityLayout.tsx";
import type { MemberInfo } from "../portal/types.ts";

/** The owner tools, in the member area's navigation for Standard and Premium members (and a downgraded owner). */
export const OWNER_LINKS = [
  { to: "/portal", label: "Dashboard", end: true },
  { to: "/portal/properties", label: "Properties" },
  { to: "/portal/leases", label: "Leases & Ledgers" },
  { to: "/portal/rent-roll", label: "Rent Roll" },
  { to: "/portal/compliance", label: "Compliance" },
  { to: "/portal/maintenance", label: "Maintenance" },
  { to: "/portal/payouts", label: "Online Rent" },
  { to: "/portal/expenses", label: "Expenses" },
  { to: "/portal/reports", label: "Reports" },
  { to: "/portal/evictions", label: "Evictions" },
  { to: "/portal/import", label: "Import" },
  { to: "/portal/services", label: "Premium Services" },
] as const;

export const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`;

/**
 * One member area: the site's header and footer, the member's name, level and subscription, and
 * its sections. `/portal` shows the owner tools beside what every member has; `/basic-portal`
 * (SPEC.md's route) the same area without them.
 */
export function MemberAreaLayout({ member, ownerTools, children }: { member: MemberInfo; ownerTools: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate("/sign-in"));
  const unpaid = isSignedUnpaid(member);
  // The title and badge say what the member has: a signed, unpaid level is not yet that level's portal.
  const title = unpaid ? "Member Portal" : `${member.membership_level} Member Portal`;
  const home = ownerTools ? "/portal" : "/basic-portal";
  const sections: SectionLink[] = [
    ...(ownerTools ? OWNER_LINKS : []),
    { to: ownerTools ? "/portal/resources" : "/basic-portal", label: ownerTools ? "Member Resources" : "Documents, Skills & Account" },
  ];
  return (
    <>
      <AppHeader home={home} title={title}>
        <Button variant="ghost" className="px-3 text-sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? "Signing out..." : "Sign Out"}
        </Button>
      </AppHeader>
      {/* The community's row on wider screens; on a phone its links are in the sections menu. */}
      <div className="hidden md:block">
        <MemberNav />
      </div>
      <div className="min-h-screen bg-slate-50">
        <div className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:py-3">
            <div className="flex flex-wrap items-center gap-2">
              {unpaid ? (
                <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
                  {member.membership_level}: payment not completed
                </span>
              ) : (
                <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800">{member.membership_level} Membership</span>
              )}
              <MembershipDate email={member.email} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {ownerTools && <BooksSearch />}
              <ManageSubscriptionDialog email={member.email} />
            </div>
          </div>
          <SectionsMenu
            label="Sections"
            className="px-4 pb-3 md:hidden"
            groups={[
              { links: sections },
              {
                name: "Community",
                links: [
                  ...COMMUNITY_LINKS,
                  { to: "/community/notifications", label: "Notifications" },
                  { to: "/email/preferences", label: "Email preferences" },
                ],
              },
              ...(!ownerTools ? [{ links: [{ to: "/portal", label: "Owner Portal" }] }] : []),
            ]}
          />
          <nav aria-label="Member area" className="mx-auto hidden max-w-6xl px-4 pb-3 md:block">
            <ul className="flex flex-wrap gap-1">
              {sections.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={navClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {!ownerTools && (
                <li>
                  <Link to="/portal" className={buttonClass("ghost", "whitespace-nowrap py-2 text-sm")}>
                    Owner Portal
                  </Link>
                </li>
              )}
            </ul>
          </nav>
        </div>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
          {unpaid && <CompletePaymentCard member={member} />}
          {children}
        </main>
      </div>
      <SiteFooter audience="member" />
    </>
  );
}

/** The welcome banner of the member's resources. */
export function MemberWelcome({ member, lead }: { member: MemberInfo; lead: string }) {
  return (
    <section className="mb-6 flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-800 to-brand-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-2xl font-bold">Welcome, {member.full_name}!</h2>
        <p className="mt-1 text-brand-100">Signed in as {member.email}</p>
        <p className="mt-2 max-w-2xl text-brand-50">{lead}</p>
      </div>
    </section>
  );
}

/** The owner portal's one search box: tenants, addresses, amounts, check numbers, dates, payees. */
function BooksSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get("q") ?? "");
  return (
    <form
      role="search"
      aria-label="Your books"
      className="flex w-full items-center gap-1 sm:w-auto"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(`/portal/search?q=${encodeURIComponent(q.trim())}`);
      }}
    >
      <label htmlFor="books-search" className="sr-only">
        Search your books
      </label>
      <input
        id="books-search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Tenant, address, amount, check no."
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 sm:w-64 sm:flex-none"
      />
      <Button type="submit" variant="secondary" className="px-3 py-1.5 text-sm">
        Search
      </Button>
    </form>
  );
}
