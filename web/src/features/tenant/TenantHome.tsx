import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { parseDollars } from "@shared/money.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { day, Failed, FormError, money, Section, Working } from "../portal/owner/ui.tsx";
import { TenantLeaseSigning } from "./TenantLeaseSigning.tsx";
import { AutopayPanel } from "./TenantAutopay.tsx";

type TenantLease = RouterOutputs["tenant"]["me"]["leases"][number];

/** /tenant: each lease with its balance, next due date, how to pay, and its documents. */
export default function TenantHome() {
  const me = trpc.tenant.me.useQuery();
  if (me.isPending) return <Working label="Loading your home..." />;
  if (me.isError) return <Failed error={me.error} what="your leases" onRetry={() => void me.refetch()} />;
  const invitations = <Invitations invitations={me.data.invitations} />;
  if (me.data.leases.length === 0) {
    return (
      <div className="space-y-6">
        {invitations}
        {me.data.invitations.length === 0 && (
          <p className="text-slate-700">No lease is linked to your account yet. Ask your landlord to invite you from their portal.</p>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {invitations}
      <TenantLeaseSigning />
      {me.data.leases.map((lease) => (
        <LeaseCard key={lease.id} lease={lease} />
      ))}
      <p className="text-sm text-slate-600">
        Something needs fixing?{" "}
        <Link to="/tenant/maintenance/new" className="font-medium text-brand-700 underline">
          Send a maintenance request
        </Link>
      </p>
    </div>
  );
}

type Invitation = RouterOutputs["tenant"]["me"]["invitations"][number];

/** Leases a landlord invited this tenant to: none joins the portal until the tenant accepts it here or by the emailed link. */
function Invitations({ invitations }: { invitations: Invitation[] }) {
  const utils = trpc.useUtils();
  const answer = trpc.tenant.answerInvitation.useMutation({ onSuccess: () => utils.tenant.me.invalidate() });
  if (invitations.length === 0) return null;
  return (
    <Section title="Invitations waiting for your answer">
      <p className="text-sm text-slate-600">
        Accept only a lease that is yours. Until you accept, the landlord's lease, balance and payment instructions stay out of your portal.
      </p>
      <ul className="mt-3 space-y-3">
        {invitations.map((invitation) => {
          const place = `${[invitation.property.line1, invitation.property.line2].filter(Boolean).join(", ")}, unit ${invitation.unit.label}, ${invitation.property.city}`;
          return (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm">
              <span>
                <span className="font-medium text-slate-900">{invitation.landlord}</span> invited you to the lease of {place}.
              </span>
              <span className="flex gap-2">
                <Button className="text-sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: invitation.id, answer: "accept" })}>
                  Accept the lease of {place} from {invitation.landlord}
                </Button>
                <Button variant="secondary" className="text-sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: invitation.id, answer: "decline" })}>
                  Not mine: decline
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      <FormError error={answer.error} fallback="Your answer was not saved." />
    </Section>
  );
}

function LeaseCard({ lease }: { lease: TenantLease }) {
  const address = [lease.property.line1, lease.property.line2].filter(Boolean).join(", ");
  const balance = lease.balance_cents;
  return (
    <Section title={`${address}, unit ${lease.unit.label}`} id={`lease-${lease.id}`}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4">
        <Fact label="Landlord" value={lease.landlord} />
        <Fact label="Rent" value={`${money(lease.rent_cents)}, due on day ${lease.due_day}`} />
        <Fact label="Balance" value={balance > 0 ? `${money(balance)} due` : balance < 0 ? `${money(-balance)} credit` : "Paid up"} strong />
        <Fact label="Next rent due" value={lease.next_due_date ? day(lease.next_due_date) : "No more rent is scheduled"} />
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={`/tenant/leases/${lease.id}`} className={buttonClass("secondary", "text-sm")}>
          See my ledger
        </Link>
      </div>
      <div className="mt-5 border-t border-slate-200 pt-4">
        {lease.online_payment ? (
          <PayForm leaseId={lease.id} balance={balance} rent={lease.rent_cents} />
        ) : (
          <div role="note" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">How to pay</p>
            <p className="mt-1">Your landlord does not take rent online yet, so there is no pay button here.</p>
            {lease.payment_instructions ? <p className="mt-1 whitespace-pre-line">{lease.payment_instructions}</p> : <p className="mt-1">Pay as your lease says.</p>}
          </div>
        )}
        {lease.online_payment && lease.payment_instructions && <p className="mt-2 whitespace-pre-line text-xs text-slate-500">Or pay offline: {lease.payment_instructions}</p>}
      </div>
      {(lease.online_payment || lease.autopay.enabled) && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">Autopay</h3>
          <div className="mt-2">
            <AutopayPanel leaseId={lease.id} autopay={lease.autopay} rentCents={lease.rent_cents} />
          </div>
        </div>
      )}
      {lease.documents.length > 0 && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">Documents</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {lease.documents.map((d) => (
              <li key={d.id}>
                <a href={`/api/tenant/files/${d.file_id}`} download={d.file_name} className="font-medium text-brand-700 underline">
                  {d.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className={strong ? "text-lg font-bold text-brand-800" : "font-medium text-slate-900"}>{value}</dd>
    </div>
  );
}

/** Pays the balance (or part of it) online: the checkout opens, and the payment reaches the ledger when it is confirmed. */
function PayForm({ leaseId, balance, rent }: { leaseId: string; balance: number; rent: number }) {
  const id = useId();
  const [amount, setAmount] = useState(balance > 0 ? (balance / 100).toFixed(2) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const pay = trpc.tenant.pay.useMutation({ onSuccess: (answer) => window.location.assign(answer.checkout_url) });
  const most = Math.max(balance, rent);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const cents = parseDollars(amount);
        if (cents === null || cents <= 0) return setProblem("Enter an amount in dollars, like 1,200.00.");
        if (cents > most) return setProblem(`You can pay at most ${money(most)} at a time.`);
        setProblem(null);
        pay.mutate({ id: leaseId, amount_cents: cents });
      }}
    >
      <div className="w-48">
        <Field id={id} label="Amount to pay ($)" error={problem ?? undefined}>
          <input id={id} inputMode="decimal" className={inputClass} value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
      </div>
      <Button type="submit" disabled={pay.isPending || pay.isSuccess}>
        {pay.isPending || pay.isSuccess ? "Opening checkout..." : "Pay rent online"}
      </Button>
      <p className="w-full text-xs text-slate-500">By card or from a bank account. Bank payments take a few days to clear.</p>
      <div className="w-full">
        <FormError error={pay.error} fallback="The payment could not start." />
      </div>
    </form>
  );
}
