import { firstDayOf, lastDayOf, periodOf, type IsoDate, type Period } from "../../../shared/calendar.ts";
import type { IncomeCategory } from "../../../shared/books.ts";
import type { LedgerKind } from "../../../shared/portal.ts";
import { allocate, chargeClassOf, standing, type ChargeClass, type LedgerFact } from "./allocation.ts";

// The cash basis of a lease's ledger (PORTAL.md 6), as pure functions: what the tenant's money
// paid, and when it came in. Which charge each payment paid is the one allocation of
// allocation.ts (rent first, then deposits, then fees); this file counts each part on the day the
// money came, under the charge it paid: rent, late fees and other fees are income, a deposit charge
// is a deposit held (a liability, not income). Money that no charge has used yet is rent received
// in advance, income when received (IRS Publication 527, "Advance rent"). A kept deposit
// (`deposit_applied`) is income on the day it is applied and leaves the deposits held (Publication
// 527, "Security deposits"); it covers what the tenant owes without being counted a second time.
// Credits and an opening credit cover charges without any money. A refund to the tenant is money
// out: negative income (or deposit) on its day, of what it took back.

/** What a receipt counts as: income by category, or `deposit` (held for the tenant; negative when kept or paid back). */
export type ReceiptCategory = IncomeCategory | "deposit";

export interface Receipt {
  date: IsoDate;
  category: ReceiptCategory;
  amountCents: number;
  /** The ledger entry the money came with (a payment, a kept deposit, a refund). */
  entryId: string;
}

const categoryOf = (kind: LedgerKind, charge: ChargeClass | "credit"): ReceiptCategory =>
  charge === "deposit" ? "deposit" : charge === "fee" ? (kind === "late_fee" ? "late_fee" : "fee") : "rent";

/**
 * The receipts of a lease's ledger, in date order. Money received in a month counts under what it
 * had paid at that month's end (the one allocation, as of then), so a month's figures never change
 * once it is over, unless an entry dated in or before it does. Money paid before the lease's first
 * charge (the deposit and first month paid ahead of the move-in) counts under what it paid on that
 * first day: a deposit is never income (IRS Publication 527).
 */
export function cashReceipts(entries: readonly LedgerFact[]): Receipt[] {
  const months = new Set(entries.filter((e) => e.kind === "payment" || e.kind === "deposit_applied" || e.kind === "refund").map((e) => periodOf(e.date)));
  const firstCharge = standing(entries)
    .filter((e) => chargeClassOf(e) !== null)
    .reduce<IsoDate | null>((first, e) => (first === null || e.date < first ? e.date : first), null);
  const receipts: Receipt[] = [];
  for (const month of [...months].sort()) receipts.push(...receiptsOfMonth(entries, month, firstCharge));
  return receipts.filter((r) => r.amountCents !== 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function receiptsOfMonth(entries: readonly LedgerFact[], month: Period, firstCharge: IsoDate | null): Receipt[] {
  const from = firstDayOf(month);
  const monthEnd = lastDayOf(month);
  const allocation = allocate(entries, firstCharge !== null && firstCharge > monthEnd ? firstCharge : monthEnd);
  const to = monthEnd;
  const inMonth = (date: IsoDate) => date >= from && date <= to;
  const receipts: Receipt[] = [];
  const cashById = new Map(allocation.money.filter((m) => m.kind === "payment").map((m) => [m.id, m]));
  for (const use of allocation.money) {
    if (!inMonth(use.date)) continue;
    if (use.kind === "deposit_applied") {
      receipts.push({ date: use.date, category: "deposit_kept", amountCents: use.receivedCents, entryId: use.id });
      receipts.push({ date: use.date, category: "deposit", amountCents: -use.receivedCents, entryId: use.id });
      continue;
    }
    if (use.kind !== "payment") continue;
    for (const part of use.paid) receipts.push({ date: use.date, category: categoryOf(part.kind, part.charge), amountCents: part.cents, entryId: use.id });
    if (use.unusedCents > 0) receipts.push({ date: use.date, category: "rent", amountCents: use.unusedCents, entryId: use.id });
  }
  for (const refund of allocation.refunds) {
    if (!inMonth(refund.date)) continue;
    for (const back of refund.takenBack) {
      const category: ReceiptCategory = back.charge === "deposit" ? "deposit" : "rent";
      // Money of this month came in as what it had paid; it goes out on the refund's day.
      const money = cashById.get(back.moneyId);
      if (money && inMonth(money.date)) receipts.push({ date: money.date, category, amountCents: back.cents, entryId: money.id });
      receipts.push({ date: refund.date, category, amountCents: -back.cents, entryId: refund.id });
    }
    if (refund.owedCents > 0) receipts.push({ date: refund.date, category: "rent", amountCents: -refund.owedCents, entryId: refund.id });
  }
  return receipts;
}

/** The security deposit held on a day: paid in, plus held when the books began, less kept and returned. */
export function depositHeldOn(entries: readonly LedgerFact[], through: IsoDate): number {
  return allocate(entries, through).depositHeldCents;
}

/** What the tenant owed in rent at the end of a day (the rent the one allocation finds unpaid). */
export function rentOwedOn(entries: readonly LedgerFact[], through: IsoDate): number {
  return allocate(entries, through).rentUnpaidCents;
}

/** Everything the tenant owed at the end of a day: rent, deposits, fees and late fees unpaid (nothing while in credit). */
export function balanceDueOn(entries: readonly LedgerFact[], through: IsoDate): number {
  const allocation = allocate(entries, through);
  return allocation.rentUnpaidCents + allocation.depositUnpaidCents + allocation.feesUnpaidCents;
}

/** What the tenant owed in fees and late fees at the end of a day. */
export function feesOwedOn(entries: readonly LedgerFact[], through: IsoDate): number {
  return allocate(entries, through).feesUnpaidCents;
}
