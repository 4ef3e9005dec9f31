import { Link, useSearchParams } from "react-router-dom";
import { Button, buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { TestModeBanner } from "./shared.tsx";

/**
 * The test provider's payout onboarding (PORTAL.md 4), standing in for Stripe's hosted Connect
 * onboarding: finishing it reports `account.updated`, handled by the same code as Stripe's event.
 */
export default function TestConnectPage() {
  const [params] = useSearchParams();
  const account = params.get("account")?.trim() ?? "";
  const complete = trpc.public.testProvider.completeOnboarding.useMutation({ onSuccess: (answer) => window.location.assign(answer.return_url) });
  return (
    <main id="main" className="min-h-screen bg-slate-100 px-4 py-10">
      <div className="mx-auto max-w-md space-y-4">
        <TestModeBanner />
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <h1 className="text-xl font-bold text-slate-900">Payout onboarding</h1>
          {!account ? (
            <p role="alert" className="mt-3 text-slate-700">
              No payout account was given. Start again from Online Rent in your owner portal.
            </p>
          ) : (
            <>
              <p className="mt-2 text-slate-700">
                At Stripe, this is where you would give your business details and the bank account rent is paid into. In test mode nothing is asked:
                finishing makes the account ready to take payments.
              </p>
              {complete.isError && (
                <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                  {errorMessage(complete.error, "The onboarding could not be finished.")}
                </p>
              )}
              <Button className="mt-5 w-full" disabled={complete.isPending || complete.isSuccess} onClick={() => complete.mutate({ account })}>
                {complete.isPending || complete.isSuccess ? "Finishing..." : "Finish onboarding"}
              </Button>
            </>
          )}
          <Link to="/portal/payouts" className={buttonClass("ghost", "mt-3 w-full")}>
            Back to Online Rent
          </Link>
        </div>
      </div>
    </main>
  );
}
