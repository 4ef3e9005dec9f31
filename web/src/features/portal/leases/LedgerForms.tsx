import { useState } from "react";
import { chicagoToday } from "@shared/calendar.ts";
import {
  CHARGE_KINDS,
  parseDollars,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  receiptByDefault,
  type ChargeKind,
  type PaymentMethod,
  type TChargeRequest,
  type TPaymentRequest,
} from "@shared/portal.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { FormError } from "../owner/ui.tsx";

// The forms that add to a rent ledger: a payment, and a fee, deposit, credit or refund. The owner's
// lease page and the staff's bookkeeping workspace show the same fields and send them to their
// own procedure (`record`).

const today = () => chicagoToday(new Date());

/** A mutation as the forms use it: what to send, whether it is on its way, and why it failed. */
export interface LedgerRecord<T> {
  mutate: (input: T) => void;
  isPending: boolean;
  error: unknown;
}

export function PaymentFields({ record, onCancel }: { record: LedgerRecord<TPaymentRequest>; onCancel: () => void }) {
  const [values, setValues] = useState({ amount: "", paid_on: today(), method: "check" as PaymentMethod, reference: "" });
  // A receipt by default for a recent payment only: catching up on old payments emails nobody.
  const [receipt, setReceipt] = useState<boolean | null>(null);
  const sendReceipt = receipt ?? receiptByDefault(values.paid_on, today());
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const cents = parseDollars(values.amount);
        if (!cents || cents <= 0) return setProblem("Enter the amount paid, like 1,200.00");
        setProblem(null);
        record.mutate({ amount_cents: cents, paid_on: values.paid_on, method: values.method, reference: values.reference || null, send_receipt: sendReceipt });
      }}
    >
      <Field id="payment-amount" label="Amount ($)" error={problem ?? undefined}>
        <input id="payment-amount" inputMode="decimal" className={inputClass} value={values.amount} onChange={(e) => setValues({ ...values, amount: e.target.value })} />
      </Field>
      <Field id="payment-date" label="Paid on">
        <input id="payment-date" type="date" max={today()} className={inputClass} value={values.paid_on} onChange={(e) => setValues({ ...values, paid_on: e.target.value })} />
      </Field>
      <Field id="payment-method" label="Paid by">
        <select id="payment-method" className={inputClass} value={values.method} onChange={(e) => setValues({ ...values, method: e.target.value as PaymentMethod })}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="payment-reference" label="Check or reference number (optional)">
        <input id="payment-reference" className={inputClass} value={values.reference} onChange={(e) => setValues({ ...values, reference: e.target.value })} />
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={sendReceipt} onChange={(e) => setReceipt(e.target.checked)} />
        Email the tenants a receipt
      </label>
      <FormError error={record.error} fallback="The payment could not be recorded." />
      <DialogButtons busy={record.isPending} label="Record Payment" onCancel={onCancel} />
    </form>
  );
}

const CHARGE_LABELS: Record<ChargeKind, string> = {
  fee: "A fee (repair, key, NSF...)",
  deposit: "Security deposit due",
  credit: "A credit to the tenant",
  refund: "A refund of an overpayment to the tenant",
  deposit_applied: "Security deposit kept for what the tenant owes (income when kept)",
  deposit_returned: "Security deposit returned to the tenant (not income, not an expense)",
};

export function ChargeFields({ record, onCancel }: { record: LedgerRecord<TChargeRequest>; onCancel: () => void }) {
  const [values, setValues] = useState({ kind: "fee" as ChargeKind, amount: "", date: today(), description: "" });
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const cents = parseDollars(values.amount);
        if (!cents || cents <= 0) return setProblem("Enter an amount, like 35.00");
        setProblem(null);
        record.mutate({ kind: values.kind, amount_cents: cents, date: values.date, description: values.description });
      }}
    >
      <Field id="charge-kind" label="What is it">
        <select id="charge-kind" className={inputClass} value={values.kind} onChange={(e) => setValues({ ...values, kind: e.target.value as ChargeKind })}>
          {CHARGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {CHARGE_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="charge-amount" label="Amount ($)" error={problem ?? undefined}>
        <input id="charge-amount" inputMode="decimal" className={inputClass} value={values.amount} onChange={(e) => setValues({ ...values, amount: e.target.value })} />
      </Field>
      <Field id="charge-date" label="Date">
        <input id="charge-date" type="date" max={today()} className={inputClass} value={values.date} onChange={(e) => setValues({ ...values, date: e.target.value })} />
      </Field>
      <Field id="charge-description" label="Description">
        <input id="charge-description" className={inputClass} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
      </Field>
      <FormError error={record.error} fallback="The entry could not be recorded." />
      <DialogButtons busy={record.isPending} label="Add to Ledger" onCancel={onCancel} />
    </form>
  );
}

export function DialogButtons({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : label}
      </Button>
    </div>
  );
}
