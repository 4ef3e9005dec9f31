import * as Tabs from "@radix-ui/react-tabs";
import { Link, useNavigate } from "react-router-dom";
import { PageLoading } from "../App.tsx";
import { Button, buttonClass } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { ManageSubscriptionDialog } from "../features/billing/ManageSubscriptionDialog.tsx";
import { AccountTab } from "../features/portal/AccountTab.tsx";
import { DocumentsTab } from "../features/portal/DocumentsTab.tsx";
import { EducationTab } from "../features/portal/EducationTab.tsx";
import { SkillsTab } from "../features/portal/SkillsTab.tsx";
import { useSignOut } from "../features/account/useSignOut.ts";
import { MemberNav } from "../features/community/CommunityLayout.tsx";
import { errorStatus } from "../lib/errors.ts";
import { trpc } from "../trpc.ts";

const TABS = [
  { value: "documents", label: "Documents & Forms" },
  { value: "skills", label: "Skills Network" },
  { value: "education", label: "Educational Resources" },
  { value: "account", label: "Account Info" },
] as const;

/** SPEC.md 2 "Basic Member Portal". The member comes from the server session, never storage. */
export default function BasicPortalPage() {
  const me = trpc.member.account.me.useQuery(undefined, { retry: false });
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate("/sign-in"));

  if (me.isPending) return <PageLoading label="Loading your member portal..." />;
  if (me.isError) {
    const signedOut = errorStatus(me.error) === 401;
    return (
      <>
        <SiteHeader />
        <main className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-2xl font-bold text-slate-900">{signedOut ? "Sign in to your member portal" : "We could not load your portal"}</h1>
          <p className="mt-3 text-slate-600">
            {signedOut
              ? "Your portal shows your own documents, skills network and membership. Sign in with your password or an emailed link to continue."
              : "Please try again in a moment."}
          </p>
          <div className="mt-6 flex justify-center gap-3">
            <Link to="/sign-in?next=/basic-portal" className={buttonClass("primary")}>
              Member Sign In
            </Link>
            <Link to="/" className={buttonClass("secondary")}>
              Back to Home
            </Link>
          </div>
        </main>
        <SiteFooter />
      </>
    );
  }

  const member = me.data;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-xl font-bold text-slate-900">Basic Member Portal</h1>
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800">{member.membership_level} Membership</span>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="/" className={buttonClass("secondary", "text-sm")}>
              Back to Application
            </Link>
            <Button variant="ghost" className="text-sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              {signOut.isPending ? "Signing out..." : "Sign Out"}
            </Button>
          </div>
        </div>
      </header>
      <MemberNav />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <section className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-800 to-brand-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Welcome, {member.full_name}!</h2>
            <p className="mt-1 text-brand-100">Signed in as {member.email}</p>
            <p className="mt-2 max-w-2xl text-brand-50">
              Download Illinois forms and guides, find tradespeople in the skills network, and manage your membership here.
            </p>
          </div>
          <div className="shrink-0">
            <ManageSubscriptionDialog email={member.email} />
          </div>
        </section>

        <section aria-labelledby="community-heading" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="community-heading" className="text-lg font-semibold text-slate-900">Your community</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {[
              { to: "/community", label: "Member forum", text: "Ask and answer with Illinois landlords." },
              { to: "/updates", label: "Legal updates", text: "The RLTO, Cook County, evictions, taxes." },
              { to: "/webinars", label: "Monthly webinars", text: "Register, join live, watch recordings." },
              { to: "/contractors", label: "Contractor directory", text: "Verified contractors; list yours for free." },
            ].map((item) => (
              <li key={item.to} className="rounded-lg border border-slate-200 p-3">
                <Link to={item.to} className="font-semibold text-brand-800 underline">{item.label}</Link>
                <p className="mt-1 text-sm text-slate-600">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <Tabs.Root defaultValue="documents" className="mt-8">
          <Tabs.List aria-label="Member portal sections" className="flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className="flex-1 rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-600 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="documents" className="mt-6 focus-visible:outline-none">
            <DocumentsTab email={member.email} level={member.membership_level} />
          </Tabs.Content>
          <Tabs.Content value="skills" className="mt-6 focus-visible:outline-none">
            <SkillsTab />
          </Tabs.Content>
          <Tabs.Content value="education" className="mt-6 focus-visible:outline-none">
            <EducationTab member={member} />
          </Tabs.Content>
          <Tabs.Content value="account" className="mt-6 focus-visible:outline-none">
            <AccountTab member={member} />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
