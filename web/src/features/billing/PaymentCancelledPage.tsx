import { useState } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClass } from "../../components/Button.tsx";
import { useAlert } from "../../components/alert.tsx";
import { ResultPageLayout } from "../../components/ResultPageLayout.tsx";
import { useSiteConfig } from "../../lib/site-config.ts";
import { useWhoami } from "../../lib/whoami.ts";
import { trpc } from "../../trpc.ts";
import { Facts } from "./shared.tsx";

export const PAYMENT_INITIATION_FAILED = "Failed to initiate payment. Please contact support.";

/** SPEC.md 2 "Payment cancelled". Try Payment Again starts a new checkout for the same application. */
export default function PaymentCancelledPage() {
  const config = useSiteConfig();
  const whoami = useWhoami();
  const alert = useAlert();
  const [leaving, setLeaving] = useState(false);
  const member = whoami.data?.member ?? null;
  const applicationId = member?.status === "awaiting_payment" ? member.application_id : null;
  const initiate = trpc.member.billing.initiatePayment.useMutation({
    onSuccess: (answer) => {
      setLeaving(true);
      window.location.assign(answer.checkout_url);
    },
    onError: () => void alert({ title: "Payment", message: PAYMENT_INITIATION_FAILED }),
  });

  return (
    <ResultPageLayout title="Payment Cancelled" tone="warning">
      <p className="text-center text-slate-700">
        Your payment was not completed and your card was not charged. Your contract is signed and a copy was emailed to you.
      </p>
      <div className="mt-6">
        <Facts
          items={[
            ["Application status", "Approved & Contract Signed"],
            ["Payment status", "Pending"],
            ["Membership status", "Awaiting Payment"],
          ]}
        />
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {applicationId ? (
          <Button disabled={initiate.isPending || leaving} onClick={() => initiate.mutate({ applicationId })}>
            {initiate.isPending || leaving ? "Processing..." : "Try Payment Again"}
          </Button>
        ) : (
          <Link to="/" className={buttonClass("primary")}>
            Try Payment Again
          </Link>
        )}
        <Link to="/" className={buttonClass("secondary")}>
          Return to Home
        </Link>
        <a href={`mailto:${config?.supportEmail ?? ""}?subject=Membership%20payment`} className={buttonClass("secondary")}>
          Contact Support
        </a>
      </div>
      {config && (
        <p className="mt-6 text-center text-sm text-slate-600">
          Support: <a className="text-brand-700 underline" href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> ·{" "}
          <a className="text-brand-700 underline" href={`tel:${config.supportPhone.replace(/[^\d+]/g, "")}`}>{config.supportPhone}</a>
        </p>
      )}
    </ResultPageLayout>
  );
}
