import { useState } from "react";
import { renewalTerms } from "@shared/billing.ts";
import { isPaidLevel, priceLabel, type MembershipLevel } from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { PAYMENT_INITIATION_FAILED } from "./PaymentCancelledPage.tsx";

/** Whether the member signed a paid level and has not made the first payment ("signed, unpaid"). */
export const isSignedUnpaid = (member: { status: string; membership_level: MembershipLevel }) =>
  member.status === "awaiting_payment" && isPaidLevel(member.membership_level);

/**
 * "Complete Your Payment": starts a new checkout for the signed application and goes there. Used
 * wherever a member who signed a paid level and left the checkout lands.
 */
export function CompletePaymentButton({ applicationId, className }: { applicationId: string | null; className?: string }) {
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initiate = trpc.member.billing.initiatePayment.useMutation({
    onSuccess: (answer) => {
      setLeaving(true);
      window.location.assign(answer.checkout_url);
    },
    onError: (err) => setError(errorMessage(err, PAYMENT_INITIATION_FAILED)),
  });
  const busy = initiate.isPending || leaving;
  return (
    <div className={className}>
      <Button
        disabled={busy || !applicationId}
        onClick={() => {
          setError(null);
          if (applicationId) initiate.mutate({ applicationId });
        }}
      >
        {busy ? "Taking you to checkout..." : "Complete Your Payment"}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The card at the top of the member area for a member whose paid membership waits for its first payment. */
export function CompletePaymentCard({ member }: { member: { membership_level: MembershipLevel; application_id: string | null } }) {
  const level = member.membership_level;
  return (
    <section aria-labelledby="complete-payment-heading" className="mb-6 rounded-2xl border-2 border-amber-400 bg-amber-50 p-6">
      <h2 id="complete-payment-heading" className="text-xl font-bold text-slate-900">
        Complete your payment
      </h2>
      <p className="mt-2 max-w-3xl text-slate-800">
        Your agreement is signed, but the first payment of {priceLabel(level)} was not made, so your {level} membership has not
        started yet and nothing was charged. Until then you have what every member has: documents, forms, the skills network and
        the community.
      </p>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{isPaidLevel(level) ? renewalTerms(level) : null}</p>
      <CompletePaymentButton applicationId={member.application_id} className="mt-4" />
    </section>
  );
}
