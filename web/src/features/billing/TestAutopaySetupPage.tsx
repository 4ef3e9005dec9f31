import { useState } from "react";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "@shared/billing.ts";
import { buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { TestSessionPage, useSessionIdParam } from "./shared.tsx";
import { TestMethodForm } from "./TestMethodForm.tsx";

/** Stripe's test card that saves but whose charges are declined (4000 0000 0000 0341). */
const TEST_CARD_CHARGES_DECLINED = "4000 0000 0000 0341";

/**
 * The test provider's setup page for autopay (Stripe Checkout in setup mode stands here without
 * Stripe keys): the tenant saves a test card or bank account, and the setup's event turns autopay
 * on through the same code as Stripe's webhook.
 */
export default function TestAutopaySetupPage() {
  const sessionId = useSessionIdParam();
  const setup = trpc.public.testProvider.autopaySetup.useQuery({ session_id: sessionId ?? "" }, { enabled: sessionId !== null, retry: false });
  const [error, setError] = useState<string | null>(null);
  const save = trpc.public.testProvider.saveAutopayMethod.useMutation({
    onSuccess: (answer) => window.location.assign(answer.success_url),
    onError: (err) => setError(errorMessage(err, "The payment method could not be saved.")),
  });
  return (
    <TestSessionPage
      sessionId={sessionId}
      query={setup}
      words={{ noSession: "No setup session was given.", loading: "Loading the setup...", unavailableTitle: "Setup unavailable", unavailable: "This setup does not exist." }}
    >
      {(data) => (
        <>
          <h1 className="text-xl font-bold text-slate-900">{data.description}</h1>
          <p className="mt-1 text-sm text-slate-700">Save a payment method: nothing is charged now. Autopay charges it on each rent due day.</p>
          {data.status !== "open" ? (
            <p role="alert" className="mt-4 text-slate-800">
              {data.status === "complete" ? "This payment method is saved already." : "This setup expired. Please start again."}
            </p>
          ) : (
            <TestMethodForm
              hints={{ card: "Saved; its charges pay", bank_clears: "Saved; its debits clear after processing", bank_fails: "Saved; the bank returns its debits" }}
              cardHint={`Test cards: ${TEST_CARD_SUCCESS} is saved and pays; ${TEST_CARD_CHARGES_DECLINED} is saved but its charges are declined; ${TEST_CARD_DECLINED} is declined.`}
              submitLabel="Save for autopay"
              busy={save.isPending || save.isSuccess}
              error={error}
              onSubmit={(input) => {
                setError(null);
                save.mutate({ session_id: data.session_id, ...input });
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
