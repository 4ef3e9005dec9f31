import type { ReactNode } from "react";
import { formatCents } from "@shared/money.ts";
import type { RollStatus } from "@shared/portal.ts";
import { dateLabel } from "@shared/calendar.ts";
import { Button } from "../../../components/Button.tsx";
import { errorMessage } from "../../../lib/errors.ts";

// The owner portal's small pieces: money and dates as shown, cards, empty states, dialogs, badges.

export const money = (cents: number) => formatCents(cents);
export const day = (date: string | null | undefined) => (date ? dateLabel(date) : "—");
/** The accessible name of a payment's receipt link: "Receipt of the payment of $600.00 on Nov 26, 2026". */
export const receiptLabel = (entry: { amount_cents: number; date: string }) => `Receipt of the payment of ${money(-entry.amount_cents)} on ${day(entry.date)}`;

export function Section({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = id ?? `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Working({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-6 text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden />
      {label}
    </p>
  );
}

export function Failed({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">We could not load {what}.</p>
      <p className="mt-1 text-sm">{errorMessage(error, "Please try again.")}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-3 text-sm" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </div>
  );
}

export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {errorMessage(error, fallback)}
    </p>
  );
}

export function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-800">{value}</dd>
      {note && <dd className="mt-1 text-xs text-slate-500">{note}</dd>}
    </div>
  );
}

const STATUS_STYLE: Record<RollStatus, string> = {
  paid: "bg-green-100 text-green-800",
  partial: "bg-amber-100 text-amber-900",
  unpaid: "bg-red-100 text-red-800",
  credit: "bg-sky-100 text-sky-900",
};
const STATUS_LABEL: Record<RollStatus, string> = { paid: "Paid", partial: "Partial", unpaid: "Unpaid", credit: "Credit" };

export function StatusBadge({ status }: { status: RollStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>{STATUS_LABEL[status]}</span>;
}

/** A read-only portal says so once, at the top (after a downgrade, PORTAL.md 1). */
export function ReadOnlyNotice() {
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      Your membership is Basic now, so your owner portal is read-only: everything you recorded stays here to read and export.
      Upgrade to Standard or Premium to make changes again.
    </p>
  );
}
