import { daysBetween, firstDayOf, lastDayOf, maxDate, plusDays, type IsoDate, type Period } from "../../../shared/calendar.ts";
import { chicagoRltoLimit, cookCountyLimit, type LateFeeKind, type RollStatus } from "../../../shared/portal.ts";
import { allocate, balanceOf, chargeClassOf, standing, type LedgerFact } from "./allocation.ts";

// The rules of a lease's ledger (PORTAL.md 3) as pure functions of its entries: balances, late
// fees and the month's standing. The database only writes what these decide.

export type { LedgerFact };
export { balanceOf, standing };

export interface Coverage {
  /** When the charge was paid in full, or null while some of it is unpaid. */
  coveredOn: IsoDate | null;
  /** What is still unpaid of it. */
  unpaidCents: number;
}

/**
 * Which rent charges the tenant's money has paid, and when, as of `asOf`: the rent of the one
 * allocation (allocation.ts) that every reader of "what is unpaid" calls.
 */
export function rentCoverage(entries: readonly LedgerFact[], asOf: IsoDate): Map<string, Coverage> {
  const coverage = new Map<string, Coverage>();
  for (const charge of allocate(entries, asOf).charges.values()) {
    if (charge.kind === "rent") coverage.set(charge.id, { coveredOn: charge.coveredOn, unpaidCents: charge.unpaidCents });
  }
  return coverage;
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
 * The late fee of every period as of `asOf` (a period without one is absent): a period's rent (and
 * all rent before it) was covered by payments dated by the end of its grace days (the due date
 * itself does not count), or it owes the fee. Payments cover rent first: an unpaid fee or deposit
 * never makes rent late. One coverage pass serves every period, so this is linear in the entries.
 */
export function assessLateFees(
  policy: LateFeePolicy,
  monthlyRentCents: number,
  entries: readonly LedgerFact[],
  asOf: IsoDate,
): Map<Period, LateFeeAssessment> {
  const rents = standing(entries)
    .filter((e) => e.kind === "rent" && e.period !== null)
    .sort((a, b) => (a.period! < b.period! ? -1 : a.period! > b.period! ? 1 : 0));
  const fees = new Map<Period, LateFeeAssessment>();
  if (rents.length === 0) return fees;
  const coverage = rentCoverage(entries, asOf);
  // Covered once every rent through the period is paid: on the day the last of it was.
  let coveredThrough: IsoDate | null = "0000-01-01";
  for (let i = 0; i < rents.length; i++) {
    const charge = rents[i]!;
    const paid = coverage.get(charge.id)?.coveredOn ?? null;
    coveredThrough = paid === null || coveredThrough === null ? null : maxDate(coveredThrough, paid);
    // Two standing rent charges of one period: the period's fee is decided once all of it is in.
    if (rents[i + 1]?.period === charge.period) continue;
    const graceEnd = plusDays(charge.date, policy.graceDays);
    const firstLateDay = plusDays(graceEnd, 1);
    if (asOf < firstLateDay) continue;
    const coveredOn = coveredThrough === null ? null : maxDate(coveredThrough, charge.date);
    if (coveredOn !== null && coveredOn <= graceEnd) continue;
    const lastLateDay = coveredOn ?? asOf;
    const daysLate = daysBetween(firstLateDay, lastLateDay) + 1;
    const base = baseLateFee(policy, charge.amountCents, monthlyRentCents);
    const daily = (policy.dailyCents ?? 0) * daysLate;
    const uncapped = base + daily;
    const amountCents = policy.maxCents ? Math.min(uncapped, policy.maxCents) : uncapped;
    const final = !policy.dailyCents || coveredOn !== null || (policy.maxCents !== null && uncapped >= policy.maxCents);
    fees.set(charge.period!, { period: charge.period!, amountCents, final, firstLateDay, coveredOn, daysLate });
  }
  return fees;
}

/** The late fee of one period as of `asOf`, or null when there is none (see `assessLateFees`). */
export function assessLateFee(
  policy: LateFeePolicy,
  monthlyRentCents: number,
  period: Period,
  entries: readonly LedgerFact[],
  asOf: IsoDate,
): LateFeeAssessment | null {
  return assessLateFees(policy, monthlyRentCents, entries, asOf).get(period) ?? null;
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
  // Charges of the month (an opening balance is owed from before the books, not due in its month).
  const dueCents = inMonth.filter((e) => chargeClassOf(e) !== null && e.kind !== "opening_balance" && e.kind !== "balance_carried").reduce((s, e) => s + e.amountCents, 0);
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
