import { Link } from "react-router-dom";
import { PageLoading } from "../App.tsx";
import { buttonClass } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { MemberAreaLayout, MemberWelcome } from "../features/member-area/MemberAreaLayout.tsx";
import { MemberResources } from "../features/member-area/MemberResources.tsx";
import { errorStatus } from "../lib/errors.ts";
import { trpc } from "../trpc.ts";

/** SPEC.md 2 "Basic Member Portal". The member comes from the server session, never storage. */
export default function BasicPortalPage() {
  const me = trpc.member.account.me.useQuery(undefined, { retry: false });

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
    <MemberAreaLayout member={member} ownerTools={false}>
      <MemberWelcome
        member={member}
        lead="Download Illinois forms and guides, find tradespeople in the skills network, and manage your membership here."
      />
      <MemberResources member={member} />
    </MemberAreaLayout>
  );
}
