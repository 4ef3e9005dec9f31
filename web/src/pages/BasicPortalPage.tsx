import { Link } from "react-router-dom";
import { PageLoading } from "../App.tsx";
import { buttonClass } from "../components/Button.tsx";
import { trpc } from "../trpc.ts";
import { errorStatus } from "../lib/errors.ts";

/** SPEC.md 2 "Basic Member Portal". The member comes from the server session, never storage. */
export default function BasicPortalPage() {
  const me = trpc.member.account.me.useQuery(undefined, { retry: false });

  if (me.isPending) return <PageLoading label="Loading your member portal..." />;
  if (me.isError) {
    const signedOut = errorStatus(me.error) === 401;
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{signedOut ? "Sign in to your member portal" : "We could not load your portal"}</h1>
        <p className="mt-3 text-slate-600">
          {signedOut ? "Your portal shows your own documents and membership. Sign in to continue." : "Please try again in a moment."}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to="/sign-in" className={buttonClass("primary")}>
            Member Sign In
          </Link>
          <Link to="/" className={buttonClass("secondary")}>
            Back to Home
          </Link>
        </div>
      </main>
    );
  }
  const member = me.data;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div className="flex items-center gap-3">
            <h1 className="text-xl font-bold text-slate-900">Basic Member Portal</h1>
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800">Basic Membership</span>
          </div>
          <Link to="/" className={buttonClass("secondary", "text-sm")}>
            Back to Application
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <section className="rounded-2xl bg-gradient-to-r from-brand-800 to-brand-600 p-6 text-white">
          <h2 className="text-2xl font-bold">Welcome, {member.full_name}!</h2>
          <p className="mt-1 text-brand-100">Signed in as {member.email}</p>
        </section>
      </main>
    </div>
  );
}
