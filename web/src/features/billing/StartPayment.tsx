import { useCallback, useEffect, useRef, useState } from "react";
import { renewalTerms } from "@shared/billing.ts";
import type { PaidLevel } from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { useAlert } from "../../components/alert.tsx";
import { trpc } from "../../trpc.ts";
import { PAYMENT_INITIATION_FAILED } from "./PaymentCancelledPage.tsx";

export const START_PAYMENT_AFTER_MS = 2000;

/**
 * After a Standard or Premium member signs: two seconds later the payment starts and the browser
 * goes to checkout (SPEC.md 4). The renewal terms stand before payment (DECISIONS.md B).
 */
export function StartPayment({ applicationId, level }: { applicationId: string; level: PaidLevel }) {
  const alert = useAlert();
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const started = useRef(false);
  const initiate = trpc.member.billing.initiatePayment.useMutation();

  const start = useCallback(async () => {
    setFailed(false);
    try {
      const answer = await initiate.mutateAsync({ applicationId });
      if (!answer.success || !answer.checkout_url) throw new Error("Invalid payment response");
      setLeaving(true);
      window.location.assign(answer.checkout_url);
    } catch {
      setFailed(true);
      await alert({ title: "Payment", message: PAYMENT_INITIATION_FAILED });
    }
  }, [initiate, applicationId, alert]);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (started.current) return;
      started.current = true;
      void start();
    }, START_PAYMENT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [start]);

  const busy = initiate.isPending || leaving;
  return (
    <div className="mt-4 space-y-3">
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <strong>Renewal terms:</strong> {renewalTerms(level)}
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-red-800">{PAYMENT_INITIATION_FAILED}</p>
      ) : (
        <p className="text-sm text-slate-600">{busy ? "Taking you to secure checkout..." : "Taking you to payment in a moment..."}</p>
      )}
      <Button
        disabled={busy}
        onClick={() => {
          started.current = true;
          void start();
        }}
      >
        {busy ? "Processing..." : failed ? "Try Payment Again" : "Continue to Payment"}
      </Button>
    </div>
  );
}
