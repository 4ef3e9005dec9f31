import { useId, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { autopayAuthorization, AUTOPAY_RETRY_DAYS, paymentMethodLabel } from "@shared/autopay.ts";
import { parseDollars } from "@shared/money.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { useAlert } from "../../components/alert.tsx";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { day, Failed, FormError, money, Section, Working } from "../portal/owner/ui.tsx";

// Autopay in the tenant portal (issue 30, item 3): turn it on with a limit after reading the
// authorization (the same words the server keeps), see the saved method and the last charge, stop it.

type Autopay = RouterOutputs["tenant"]["me"]["leases"][number]["autopay"];

const CHARGE_WORDS: Record<string, string> = {
  claimed: "being charged",
  processing: "clearing at the bank",
  paid: "paid",
  failed: "failed",
  refunded: "refunded",
};

/** A lease's autopay on the tenant's home page. */
export function AutopayPanel({ leaseId, autopay, rentCents }: { leaseId: string; autopay: Autopay; rentCents: number }) {
  const [changing, setChanging] = useState(false);
  if (autopay.other_tenant_pays) {
    return <p className="text-sm text-slate-700">Another tenant of this lease pays it by autopay: one autopay pays a lease's balance.</p>;
  }
  if (autopay.enabled && !changing) return <AutopayOn leaseId={leaseId} autopay={autopay} onChange={() => setChanging(true)} />;
  return <AutopayForm leaseId={leaseId} autopay={autopay} rentCents={rentCents} onCancel={changing ? () => setChanging(false) : undefined} />;
}

function AutopayOn({ leaseId, autopay, onChange }: { leaseId: string; autopay: Autopay; onChange: () => void }) {
  const utils = trpc.useUtils();
  const ask = useAlert();
  const stop = trpc.tenant.autopay.stop.useMutation({ onSuccess: () => utils.tenant.me.invalidate() });
  const last = autopay.last_charge;
  return (
    <div className="space-y-2 text-sm">
      <p role="status" className="font-semibold text-green-800">
        Autopay is on: {paymentMethodLabel(autopay.method_type, autopay.method)}, up to {money(autopay.limit_cents ?? 0)} on each due day.
      </p>
      {last && (
        <p className="text-slate-700">
          Last charge: {money(last.amount_cents)} for the rent due {day(last.due_date)}, {CHARGE_WORDS[last.status] ?? last.status}
          {last.failure_message ? ` (${last.failure_message})` : ""}
          {last.retry_on ? `. It is tried again on ${day(last.retry_on)}.` : "."}
        </p>
      )}
      {autopay.authorization && (
        <details className="text-slate-600">
          <summary className="cursor-pointer">The authorization you agreed to{autopay.activated_at ? ` on ${day(autopay.activated_at.slice(0, 10))}` : ""}</summary>
          <p className="mt-1 whitespace-pre-line">{autopay.authorization}</p>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="text-sm" onClick={onChange}>
          Change method or limit
        </Button>
        <Button
          variant="secondary"
          className="text-sm"
          disabled={stop.isPending}
          onClick={async () => {
            const sure = await ask({
              title: "Stop autopay?",
              message: "Nothing more will be charged automatically, and your saved payment method is removed. A charge already started still completes.",
              confirmLabel: "Stop autopay",
              cancelLabel: "Keep autopay",
              destructive: true,
            });
            if (sure) stop.mutate({ id: leaseId });
          }}
        >
          Stop autopay
        </Button>
      </div>
      <FormError error={stop.error} fallback="Autopay was not stopped." />
    </div>
  );
}

function AutopayForm({ leaseId, autopay, rentCents, onCancel }: { leaseId: string; autopay: Autopay; rentCents: number; onCancel?: () => void }) {
  const id = useId();
  const [limit, setLimit] = useState(((autopay.limit_cents ?? rentCents) / 100).toFixed(2));
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = trpc.tenant.autopay.start.useMutation({ onSuccess: (answer) => window.location.assign(answer.setup_url) });
  const cents = parseDollars(limit);
  const terms = autopay.terms;
  const authorization =
    cents !== null && cents > 0
      ? autopayAuthorization({ tenantName: terms.tenant_name, landlord: terms.landlord, place: terms.place, dueDay: terms.due_day, limitCents: cents })
      : null;
  return (
    <form
      className="space-y-3 text-sm"
      aria-label="Set up autopay"
      onSubmit={(e) => {
        e.preventDefault();
        if (cents === null || cents < 100) return setProblem("Enter a limit in dollars, like 1,500.00.");
        if (!agreed) return setProblem("Tick the box to agree to the authorization.");
        setProblem(null);
        start.mutate({ id: leaseId, limit_cents: cents });
      }}
    >
      <p className="text-slate-700">
        Pay rent automatically: on each due day the balance then due is charged to a card or bank account you save, never more than your limit. A failed charge is tried once
        more {AUTOPAY_RETRY_DAYS} days later. Stop at any time here.
      </p>
      {autopay.stopped_at && !autopay.enabled && <p className="text-slate-600">Autopay is off since {day(autopay.stopped_at.slice(0, 10))}.</p>}
      <div className="w-56">
        <Field id={id} label="Most to charge at a time ($)" hint={`Your rent is ${money(rentCents)}.`} error={problem ?? undefined}>
          <input id={id} inputMode="decimal" className={inputClass} value={limit} onChange={(e) => setLimit(e.target.value)} />
        </Field>
      </div>
      {authorization && (
        <div className="rounded-lg bg-slate-50 p-3">
          <p className="font-semibold text-slate-900">Authorization</p>
          <p className="mt-1 text-slate-700" id={`${id}-terms`}>
            {authorization}
          </p>
        </div>
      )}
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1" checked={agreed} aria-describedby={`${id}-terms`} onChange={(e) => setAgreed(e.target.checked)} />
        <span>I agree to this authorization and sign it electronically.</span>
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={start.isPending || start.isSuccess}>
          {start.isPending || start.isSuccess ? "Opening the setup..." : "Agree and set up autopay"}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Keep my autopay as it is
          </Button>
        )}
      </div>
      <FormError error={start.error} fallback="Autopay could not be set up." />
    </form>
  );
}

/**
 * /tenant/autopay/:id, where the setup returns: autopay as the server knows it. Coming back proves
 * nothing; the page asks until the provider has confirmed the saved method.
 */
export default function TenantAutopaySetup() {
  const { id = "" } = useParams();
  const setup = trpc.tenant.autopay.setup.useQuery({ id }, { refetchInterval: (q) => (q.state.data?.status === "pending" ? 2_000 : false) });
  if (setup.isPending) return <Working label="Checking your autopay..." />;
  if (setup.isError) return <Failed error={setup.error} what="this autopay setup" />;
  const a = setup.data;
  return (
    <Section title="Autopay">
      <p role="status" className="text-lg font-semibold text-slate-900">
        {a.status === "active"
          ? `Autopay is on: ${paymentMethodLabel(a.method_type, a.method)}, up to ${money(a.limit_cents)} on each due day.`
          : a.status === "pending"
            ? "Waiting for the confirmation of your payment method. This page updates by itself."
            : "This setup did not turn autopay on. You can start again from your home page."}
      </p>
      {a.status === "active" && <p className="mt-1 text-slate-700">A copy of the authorization you agreed to is on its way by email.</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/tenant" className={buttonClass("primary", "text-sm")}>
          Back to my home
        </Link>
        <Link to={`/tenant/leases/${a.lease_id}`} className={buttonClass("secondary", "text-sm")}>
          See my ledger
        </Link>
      </div>
    </Section>
  );
}
