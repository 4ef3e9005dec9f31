import type { IsoDate } from "../../../shared/calendar.ts";
import type { IncomeCategory } from "../../../shared/books.ts";
import type { LedgerKind } from "../../../shared/portal.ts";
import { standing, type LedgerFact } from "./ledger-rules.ts";

// The cash basis of a lease's ledger (PORTAL.md 6), as pure functions: what the tenant's money
// paid, and when it came in. The ledger says what is owed; owner statements and Schedule E count
// money received. Each payment is applied to the tenant's charges oldest first, including charges
// posted after it (a prepayment pays the next charges); each part counts on the payment's date
// under the charge it paid: rent, late fees and other fees are income, a deposit charge is a
// deposit held (a liability, not income). Money that no charge has used yet is rent received in
// advance, income when received (IRS Publication 527). A kept deposit (`deposit_applied`) is
// income on the day it is applied and leaves the deposits held; it covers what the tenant owes
// without being counted a second time. Credits cover charges without any money. A refund to the
// tenant is money out: negative rent received on its day, and owed back until paid again.

/** What a receipt counts as: income by category, or `deposit` (held for the tenant; negative when kept). */
export type ReceiptCategory = IncomeCategory | "deposit";

export interface Receipt {
  date: IsoDate;
  category: ReceiptCategory;
  amountCents: number;
  /** The ledger entry the money came with (a payment, a kept deposit, a refund). */
  entryId: string;
}

type ChargeCategory = "rent" | "late_fee" | "fee" | "deposit";
const CHARGE_CATEGORY: Partial<Record<LedgerKind, ChargeCategory>> = { rent: "rent", late_fee: "late_fee", fee: "fee", deposit: "deposit", refund: "rent" };

interface Open {
  category: ChargeCategory;
  remaining: number;
}
interface Advance {
  /** Money received (a payment), or a credit that brought none. */
  cash: boolean;
  remaining: number;
  date: IsoDate;
  entryId: string;
}

/**
 * The receipts of a lease's ledger, in date order. `entries` are in ledger order (by date, then as
 * recorded); voided entries and their voids are left out, as on the ledger.
 */
export function cashReceipts(entries: readonly LedgerFact[]): Receipt[] {
  const live = [...standing(entries)].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const open: Open[] = [];
  const advances: Advance[] = [];
  const receipts: Receipt[] = [];

  /** Applies an amount to the open charges, oldest first; answers what is left. */
  const cover = (amount: number, paid: (category: ChargeCategory, cents: number) => void) => {
    let left = amount;
    while (left > 0 && open.length > 0) {
      const charge = open[0]!;
      const used = Math.min(left, charge.remaining);
      charge.remaining -= used;
      left -= used;
      if (used > 0) paid(charge.category, used);
      if (charge.remaining === 0) open.shift();
    }
    return left;
  };

  for (const entry of live) {
    if (entry.kind === "payment" || entry.kind === "credit" || entry.kind === "deposit_applied") {
      const amount = -entry.amountCents;
      if (amount <= 0) continue;
      const cash = entry.kind === "payment";
      if (entry.kind === "deposit_applied") {
        receipts.push({ date: entry.date, category: "deposit_kept", amountCents: amount, entryId: entry.id });
        receipts.push({ date: entry.date, category: "deposit", amountCents: -amount, entryId: entry.id });
      }
      const left = cover(amount, (category, cents) => {
        if (cash) receipts.push({ date: entry.date, category, amountCents: cents, entryId: entry.id });
      });
      if (left > 0) advances.push({ cash, remaining: left, date: entry.date, entryId: entry.id });
      continue;
    }
    const category = CHARGE_CATEGORY[entry.kind];
    if (!category || entry.amountCents <= 0) continue;
    let owed = entry.amountCents;
    if (entry.kind === "refund") {
      // Money back to the tenant: what they had paid ahead goes back first; either way it is money out.
      receipts.push({ date: entry.date, category: "rent", amountCents: -owed, entryId: entry.id });
      while (owed > 0 && advances.length > 0) {
        const advance = advances[0]!;
        const used = Math.min(owed, advance.remaining);
        advance.remaining -= used;
        owed -= used;
        // Advance money counts as rent on the day it came; going back, it is money out on this day.
        if (advance.cash) receipts.push({ date: advance.date, category: "rent", amountCents: used, entryId: advance.entryId });
        if (advance.remaining === 0) advances.shift();
      }
      if (owed > 0) open.push({ category, remaining: owed });
      continue;
    }
    // A charge posted after money came in is paid from that money, counted on the day it came.
    while (owed > 0 && advances.length > 0) {
      const advance = advances[0]!;
      const used = Math.min(owed, advance.remaining);
      advance.remaining -= used;
      owed -= used;
      if (advance.cash) receipts.push({ date: advance.date, category, amountCents: used, entryId: advance.entryId });
      if (advance.remaining === 0) advances.shift();
    }
    if (owed > 0) open.push({ category, remaining: owed });
  }
  // Money no charge has used: rent paid in advance, income when received.
  for (const advance of advances) {
    if (advance.cash && advance.remaining > 0) receipts.push({ date: advance.date, category: "rent", amountCents: advance.remaining, entryId: advance.entryId });
  }
  return receipts.filter((r) => r.amountCents !== 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The security deposit held for the tenant on a day: deposits paid, less deposits kept. */
export function depositHeld(receipts: readonly Receipt[], through: IsoDate): number {
  return receipts.filter((r) => r.category === "deposit" && r.date <= through).reduce((s, r) => s + r.amountCents, 0);
}

/** What the tenant owed at the end of a day (a credit counts as nothing owed). */
export function owedOn(entries: readonly LedgerFact[], through: IsoDate): number {
  const balance = standing(entries)
    .filter((e) => e.date <= through)
    .reduce((s, e) => s + e.amountCents, 0);
  return Math.max(0, balance);
}
