import { daysBetween, firstDayOf, lastDayOf, maxDate, plusDays, type IsoDate, type Period } from "../../../shared/calendar.ts";
import { chicagoRltoLimit, cookCountyLimit, type LateFeeKind, type LedgerKind, type RollStatus } from "../../../shared/portal.ts";

// The rules of a lease's ledger (PORTAL.md 3) as pure functions of its entries: balances, late
// fees and the month's standing. The database only writes what these decide.

export interface LedgerFact {
  id: string;
  date: IsoDate;
  kind: LedgerKind;
  /** Charges positive; payments and credits negative. */
  amountCents: number;
  period: Period | null;
  /** For a void: the entry it cancels. */
  voids: string | null;
}

/** The entries that stand: neither a void nor voided. A void and what it cancels net to zero. */
export function standing<T extends LedgerFact>(entries: readonly T[]): T[] {
  const voided = new Set(entries.filter((e) => e.kind === "void" && e.voids).map((e) => e.voids));
  return entries.filter((e) => e.kind !== "void" && !voided.has(e.id));
}

/** What the tenant owes (positive) or has in credit (negative): the sum of every entry. */
export function balanceOf(entries: readonly Pick<LedgerFact, "amountCents">[]): number {
  return entries.reduce((sum, e) => sum + e.amountCents, 0);
}

/** Money the tenant paid or was credited (a kept deposit too), net of refunds: what covers rent. */
export const COVERING: readonly LedgerKind[] = ["payment", "credit", "refund", "deposit_applied"];

export interface Coverage {
  /** When the charge was paid in full, or null while some of it is unpaid. */
  coveredOn: IsoDate | null;
  /** What is still unpaid of it. */
  unpaidCents: number;
}

/**
 * Which rent charges the tenant's money has paid, and when, as of `asOf`. Money pays what is due on
 * its date, rent first (oldest first), then security deposits; what is left over is credit that pays
 * the rent and deposits that come due later. So a deposit paid with the first month's rent is not
 * counted as next month's rent, and an unpaid deposit never makes rent late. Fees and late fees are
 * not paid from this money: an unpaid fee never makes rent late either. A refund takes money back:
 * from the credit first, then from what it paid last (deposits before rent, the newest first).
 */
export function rentCoverage(entries: readonly LedgerFact[], asOf: IsoDate): Map<string, Coverage> {
  type Obligation = { id: string; date: IsoDate; rank: 0 | 1; amount: number; unpaid: number; coveredOn: IsoDate | null };
  const obligations: Obligation[] = [];
  const money: LedgerFact[] = [];
  for (const e of standing(entries)) {
    if (e.date > asOf) continue;
    if (e.kind === "rent" || (e.kind === "deposit" && e.amountCents > 0)) {
      obligations.push({ id: e.id, date: e.date, rank: e.kind === "rent" ? 0 : 1, amount: e.amountCents, unpaid: e.amountCents, coveredOn: null });
    } else if (COVERING.includes(e.kind) || e.kind === "deposit") money.push(e);
  }
  const byDate = <T extends { date: IsoDate }>(a: T, b: T) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  obligations.sort(byDate);
  money.sort(byDate);
  // Rent before deposits, each oldest first: the order in which money pays what is due.
  const payOrder = (a: Obligation, b: Obligation) => a.rank - b.rank || byDate(a, b);
  let credit = 0;
  let next = 0;
  const due: Obligation[] = [];
  const pay = (on: IsoDate) => {
    due.sort(payOrder);
    for (const o of due) {
      if (credit <= 0) break;
      const part = Math.min(credit, o.unpaid);
      o.unpaid -= part;
      credit -= part;
      if (o.unpaid === 0 && o.coveredOn === null) o.coveredOn = maxDate(on, o.date);
    }
  };
  // Charges come due on their date, before the money of that day.
  const comeDue = (through: IsoDate) => {
    while (next < obligations.length && obligations[next]!.date <= through) {
      const o = obligations[next++]!;
      if (o.unpaid === 0) o.coveredOn = o.date;
      due.push(o);
      pay(o.date);
    }
  };
  for (const m of money) {
    comeDue(m.date);
    credit -= m.amountCents;
    if (credit < 0) {
      // A refund beyond the credit takes back what money paid last.
      const paidLast = [...due].sort((a, b) => payOrder(b, a));
      for (const o of paidLast) {
        if (credit >= 0) break;
        const back = Math.min(-credit, o.amount - o.unpaid);
        o.unpaid += back;
        credit += back;
        if (back > 0) o.coveredOn = null;
      }
    }
    pay(m.date);
  }
  comeDue(asOf);
  return new Map(obligations.filter((o) => o.rank === 0).map((o) => [o.id, { coveredOn: o.coveredOn, unpaidCents: o.unpaid }]));
}

export interface LateFeePolicy {
  graceDays: number;
  kind: LateFeeKind;
  amountCents: number | null;
  /** Percent of the period's rent, e.g. 5 or 7.5. */
  percent: number | null;
  dailyCents: number | null;
  maxCents: number | null;
}

/** Half up to the cent of `cents x numerator / denominator`, in integers. */
const portion = (cents: number, numerator: number, denominator: number) => Math.floor((2 * cents * numerator + denominator) / (2 * denominator));

export { chicagoRltoLimit };

/** The fee before any daily part: the fixed amount, the percent of the period's rent, or the RLTO limit. */
export function baseLateFee(policy: LateFeePolicy, periodRentCents: number, monthlyRentCents: number): number {
  switch (policy.kind) {
    case "fixed":
      return policy.amountCents ?? 0;
    case "percent":
      return portion(periodRentCents, Math.round((policy.percent ?? 0) * 100), 10_000);
    case "chicago_rlto":
      return chicagoRltoLimit(monthlyRentCents);
    case "cook_county":
      return cookCountyLimit(monthlyRentCents);
  }
}

export interface LateFeeAssessment {
  period: Period;
  amountCents: number;
  /** A fee with a daily part keeps growing until the rent is covered or the cap is reached; it is posted once final. */
  final: boolean;
  firstLateDay: IsoDate;
  /** The day payments dated up to then covered the rent through this period, if they have. */
  coveredOn: IsoDate | null;
  daysLate: number;
}

/**
 * The late fee of a period as of `asOf`, or null when there is none: the period's rent (and all rent
 * before it) was covered by payments dated by the end of its grace days (the due date itself does
 * not count). Payments cover rent first: an unpaid fee or deposit never makes rent late.
 */
export function assessLateFee(
  policy: LateFeePolicy,
  monthlyRentCents: number,
  period: Period,
  entries: readonly LedgerFact[],
  asOf: IsoDate,
): LateFeeAssessment | null {
  const live = standing(entries);
  const charge = live.find((e) => e.kind === "rent" && e.period === period);
  if (!charge) return null;
  const graceEnd = plusDays(charge.date, policy.graceDays);
  const firstLateDay = plusDays(graceEnd, 1);
  if (asOf < firstLateDay) return null;

  // Covered once every rent through this period is paid: on the day the last of it was.
  const coverage = rentCoverage(entries, asOf);
  let coveredOn: IsoDate | null = charge.date;
  for (const rent of live) {
    if (rent.kind !== "rent" || rent.period === null || rent.period > period) continue;
    const paid = coverage.get(rent.id)?.coveredOn ?? null;
    coveredOn = paid === null || coveredOn === null ? null : maxDate(coveredOn, paid);
  }
  if (coveredOn !== null && coveredOn <= graceEnd) return null;

  const lastLateDay = coveredOn ?? asOf;
  const daysLate = daysBetween(firstLateDay, lastLateDay) + 1;
  const base = baseLateFee(policy, charge.amountCents, monthlyRentCents);
  const daily = (policy.dailyCents ?? 0) * daysLate;
  const uncapped = base + daily;
  const amountCents = policy.maxCents ? Math.min(uncapped, policy.maxCents) : uncapped;
  const final = !policy.dailyCents || coveredOn !== null || (policy.maxCents !== null && uncapped >= policy.maxCents);
  return { period, amountCents, final, firstLateDay, coveredOn, daysLate };
}

/** Why an automatic void cancels a late fee, in words the tenant and owner read on the ledger. */
export function lateFeeVoidReason(periodLabel: string): string {
  return `Voided automatically: payments dated within the grace period covered the ${periodLabel} rent.`;
}

export interface MonthStanding {
  /** Charges dated in the month. */
  dueCents: number;
  /** Payments dated in the month (positive). */
  paidCents: number;
  /** The balance at the end of the month. */
  balanceCents: number;
  status: RollStatus;
}

/**
 * A lease's month on the rent roll: what was charged and paid in it, the balance at its end, and
 * `credit` (the tenant is ahead), `paid` (nothing owed), `partial` (paid some, owes some) or
 * `unpaid` (owes and paid nothing this month).
 */
export function monthStanding(entries: readonly LedgerFact[], period: Period): MonthStanding {
  const live = standing(entries);
  const from = firstDayOf(period);
  const to = lastDayOf(period);
  const inMonth = live.filter((e) => e.date >= from && e.date <= to);
  const dueCents = inMonth.filter((e) => e.amountCents > 0 && !COVERING.includes(e.kind)).reduce((s, e) => s + e.amountCents, 0);
  const paidCents = inMonth.filter((e) => e.kind === "payment").reduce((s, e) => s - e.amountCents, 0);
  const balanceCents = balanceOf(live.filter((e) => e.date <= to));
  const status: RollStatus = balanceCents < 0 ? "credit" : balanceCents === 0 ? "paid" : paidCents > 0 ? "partial" : "unpaid";
  return { dueCents, paidCents, balanceCents, status };
}

export interface Lateness {
  /** The oldest rent period not covered. */
  period: Period;
  /** Its due date. */
  dueDate: IsoDate;
  daysLate: number;
  /** Rent due so far that payments have not covered. */
  unpaidRentCents: number;
}

/**
 * Whether a lease is behind on rent as of `asOf`, and since when: rent charged so far against
 * payments and credits so far, oldest rent first. Within the grace days after a due date a period
 * is not late yet.
 */
export function lateness(entries: readonly LedgerFact[], graceDays: number, asOf: IsoDate): Lateness | null {
  const coverage = rentCoverage(entries, asOf);
  const behind = standing(entries)
    .filter((e) => e.kind === "rent" && e.date <= asOf && plusDays(e.date, graceDays) < asOf && (coverage.get(e.id)?.unpaidCents ?? 0) > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const oldest = behind[0];
  if (!oldest) return null;
  const unpaid = behind.reduce((sum, e) => sum + coverage.get(e.id)!.unpaidCents, 0);
  return { period: oldest.period!, dueDate: oldest.date, daysLate: daysBetween(oldest.date, asOf), unpaidRentCents: unpaid };
}
