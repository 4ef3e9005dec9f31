import { Link, useParams } from "react-router-dom";
import { RENT_PAYMENT_STATUS_LABELS } from "@shared/portal.ts";
import { buttonClass } from "../../components/Button.tsx";
import { trpc } from "../../trpc.ts";
import { Failed, money, Section, Working } from "../portal/owner/ui.tsx";

/**
 * /tenant/payments/:id, where the checkout returns: the payment as the server knows it. Coming back
 * from the checkout proves nothing; the page asks until the provider's confirmation has arrived.
 */
export default function TenantPayment() {
  const { id = "" } = useParams();
  const payment = trpc.tenant.payment.useQuery({ id }, { refetchInterval: (q) => (q.state.data?.status === "initiated" ? 2_000 : false) });
  if (payment.isPending) return <Working label="Checking your payment..." />;
  if (payment.isError) return <Failed error={payment.error} what="this payment" />;
  const p = payment.data;
  const message =
    p.status === "paid"
      ? "Thank you: your payment is in your ledger, and a receipt is on its way by email."
      : p.status === "processing"
        ? "Your bank payment is recorded and is clearing: bank payments take a few business days. If the bank returns it, your ledger will show that."
        : p.status === "initiated"
          ? "Waiting for the payment's confirmation. This page updates by itself."
          : p.status === "failed"
            ? "The payment did not go through, so nothing was charged to your balance. You can try again from your home page."
            : p.status === "refunded"
              ? "This payment was refunded; the refund is in your ledger."
              : "This checkout expired before it was paid.";
  return (
    <Section title="Rent payment">
      <p className="text-2xl font-bold text-brand-800">{money(p.amount_cents)}</p>
      <p role="status" className="mt-2 font-semibold text-slate-900">
        {RENT_PAYMENT_STATUS_LABELS[p.status]}
      </p>
      <p className="mt-1 text-slate-700">{message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={`/tenant/leases/${p.lease_id}`} className={buttonClass("primary", "text-sm")}>
          See my ledger
        </Link>
        <Link to="/tenant" className={buttonClass("secondary", "text-sm")}>
          Back to my home
        </Link>
      </div>
    </Section>
  );
}
