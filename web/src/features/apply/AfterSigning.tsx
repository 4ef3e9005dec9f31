import { useEffect } from "react";
import { isPaidLevel, priceLabel, type MembershipLevel, type PaidLevel } from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { StartPayment } from "../billing/StartPayment.tsx";

export const REDIRECT_AFTER_SIGNING_MS = 2000;

/**
 * The confirmation after signing. Basic members go to their portal after two seconds or on
 * Continue (SPEC.md 4).
 */
export function AfterSigning({
  level,
  applicationId,
  onContinue,
}: {
  level: MembershipLevel;
  applicationId: string;
  contractId: string | null;
  onContinue: () => void;
}) {
  const paid = isPaidLevel(level);
  useEffect(() => {
    if (paid) return;
    const timer = setTimeout(onContinue, REDIRECT_AFTER_SIGNING_MS);
    return () => clearTimeout(timer);
  }, [paid, onContinue]);

  return (
    <section role="status" className="rounded-xl border border-green-200 bg-white p-6">
      <h3 className="text-xl font-semibold text-green-900">Agreement signed</h3>
      {paid ? (
        <>
          <p className="mt-2 text-slate-700">
            Your {level} membership is reserved. Payment comes next: {priceLabel(level)}, billed monthly. A copy of your signed
            agreement was emailed to you.
          </p>
          <StartPayment applicationId={applicationId} level={level as PaidLevel} />
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            Your free Basic membership is active. A copy of your signed agreement was emailed to you. Taking you to the Basic
            Member Portal...
          </p>
          <Button className="mt-4" onClick={onContinue}>
            Continue
          </Button>
        </>
      )}
    </section>
  );
}
