import { useState } from "react";
import { Link } from "react-router-dom";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "@shared/billing.ts";
import { formatCents } from "@shared/portal.ts";
import { buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { TestSessionPage, useSessionIdParam } from "./shared.tsx";
import { TestMethodForm } from "./TestMethodForm.tsx";

/**
 * The test provider's rent checkout (PORTAL.md 4): a test card pays at once; a test bank account is
 * recorded while processing and then clears, or is returned by the bank (a failing bank payment),
 * each step handled by the same code as Stripe's events.
 */
export default function TestRentCheckoutPage() {
  const sessionId = useSessionIdParam();
  const checkout = trpc.public.testProvider.rentCheckout.useQuery({ session_id: sessionId ?? "" }, { enabled: sessionId !== null, retry: false });
  const [error, setError] = useState<string | null>(null);
  const pay = trpc.public.testProvider.payRent.useMutation({
    onSuccess: (answer) => window.location.assign(answer.success_url),
    onError: (err) => setError(errorMessage(err, "The payment could not be processed.")),
  });
  return (
    <TestSessionPage
      sessionId={sessionId}
      query={checkout}
      words={{ noSession: "No checkout session was given.", loading: "Loading checkout...", unavailableTitle: "Checkout unavailable", unavailable: "This checkout does not exist." }}
      unavailableAction={
        <Link to="/tenant" className={buttonClass("secondary", "mt-4")}>
          Back to the tenant portal
        </Link>
      }
    >
      {(data) => (
        <>
          <h1 className="text-xl font-bold text-slate-900">{data.description}</h1>
          <p className="mt-1 text-3xl font-bold text-brand-800">{formatCents(data.amount_cents)}</p>
          {data.status !== "open" ? (
            <p role="alert" className="mt-4 text-slate-800">
              {data.status === "complete" ? "This checkout is already paid." : "This checkout expired. Please start again."}
            </p>
          ) : (
            <TestMethodForm
              hints={{ card: "Pays at once", bank_clears: "Processing first, then clears", bank_fails: "Processing first, then the bank returns it" }}
              cardHint={`Test cards: ${TEST_CARD_SUCCESS} pays; ${TEST_CARD_DECLINED} is declined.`}
              submitLabel={`Pay ${formatCents(data.amount_cents)}`}
              busy={pay.isPending || pay.isSuccess}
              error={error}
              onSubmit={(input) => {
                setError(null);
                pay.mutate({ session_id: data.session_id, ...input });
              }}
            />
          )}
          <a href={data.cancel_url} className={buttonClass("ghost", "mt-4 w-full")}>
            Cancel and return
          </a>
        </>
      )}
    </TestSessionPage>
  );
}
