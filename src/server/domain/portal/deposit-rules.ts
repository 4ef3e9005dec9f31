import { daysBetween, maxDate, minDate, plusDays, plusMonthsOf, type IsoDate } from "../../../shared/calendar.ts";
import type { RuleSet } from "../../../shared/portal.ts";

// Security deposits under Illinois law (PORTAL.md 3b), as pure functions: which rules a lease's
// deposit follows, the interest owed for each 12-month rental period, and the deadlines of a
// move-out. Every date is a calendar date; the app labels what it computes "verify with counsel"
// and says where the law is unsettled (docs/features/deposits.md, docs/decisions).

export const DEPOSIT_SOURCES = {
  rltoHeld: "Chicago Municipal Code 5-12-080(a)",
  rltoReceipt: "Chicago Municipal Code 5-12-080(b)",
  rltoInterest: "Chicago Municipal Code 5-12-080(c) and 5-12-081",
  rltoReturn: "Chicago Municipal Code 5-12-080(d)",
  rltoCasualty: "Chicago Municipal Code 5-12-080(d) and 5-12-110(g)",
  rltoPenalty: "Chicago Municipal Code 5-12-080(f)",
  cook: "Cook County Code Sec. 42-804 (Residential Tenant Landlord Ordinance)",
  sdra: "765 ILCS 710/1 (Security Deposit Return Act, as amended by P.A. 103-0224, in force January 1, 2024)",
  sdia: "765 ILCS 715 (Security Deposit Interest Act: 25 or more units)",
} as const;

/** What a missed step can cost, in the rule's own terms (shown beside an overdue line). */
export const DEPOSIT_STAKES = {
  chicago_rlto: {
    receipt: "RLTO 5-12-080(b): without a signed receipt the tenant may have the whole deposit back at once.",
    interest: "RLTO 5-12-080(f): twice the deposit plus interest, and the tenant's attorney's fees.",
    return: "RLTO 5-12-080(f): twice the deposit plus interest, and the tenant's attorney's fees.",
  },
  cook_county: {
    receipt: "Cook County RTLO Sec. 42-804: the ordinance's remedies for a deposit handled out of its rules (verify with counsel).",
    interest: "Cook County RTLO Sec. 42-804: the ordinance's remedies, up to twice the deposit (verify with counsel).",
    return: "Cook County RTLO Sec. 42-804: the ordinance's remedies, up to twice the deposit (verify with counsel).",
  },
  illinois: {
    receipt: "",
    interest: "765 ILCS 715/2: the deposit's interest, and damages for a willful failure.",
    return: "765 ILCS 710/1: twice the deposit due, court costs and attorney's fees, when a court finds the statement refused or made in bad faith.",
  },
} as const satisfies Record<RuleSet, Record<"receipt" | "interest" | "return", string>>;

/** Which interest rule a deposit follows, if any. */
export type InterestRule = "rlto" | "cook" | "sdia";

/**
 * Chicago (RLTO 5-12-080(c)) and suburban Cook County (Sec. 42-804) require interest on every
 * deposit held more than six months; elsewhere in Illinois only a building or complex of 25 or more
 * units does (765 ILCS 715/1).
 */
export function interestRuleOf(rules: RuleSet, unitCount: number): InterestRule | null {
  if (rules === "chicago_rlto") return "rlto";
  if (rules === "cook_county") return "cook";
  return unitCount >= 25 ? "sdia" : null;
}

/** Whether the rules want a signed receipt given when the deposit is received (RLTO 5-12-080(b); the county's ordinance too). */
export const receiptRequired = (rules: RuleSet) => rules === "chicago_rlto" || rules === "cook_county";

/** Half up to the cent of `numerator / denominator`, in integers (no floating point). */
const halfUp = (numerator: bigint, denominator: bigint): number => Number((2n * numerator + denominator) / (2n * denominator));

export interface DepositMove {
  date: IsoDate;
  cents: number;
}

/** Cent-days of deposit held from `from` to `to`, both included: the sum over each day of the deposit held at its end. */
export function centDays(moves: readonly DepositMove[], from: IsoDate, to: IsoDate): bigint {
  if (to < from) return 0n;
  let held = 0;
  let total = 0n;
  let cursor = from;
  const sorted = [...moves].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let i = 0;
  for (; i < sorted.length && sorted[i]!.date <= from; i++) held += sorted[i]!.cents;
  for (; i < sorted.length && sorted[i]!.date <= to; i++) {
    const move = sorted[i]!;
    total += BigInt(held) * BigInt(daysBetween(cursor, move.date));
    cursor = move.date;
    held += move.cents;
  }
  return total + BigInt(held) * BigInt(daysBetween(cursor, to) + 1);
}

export interface InterestPeriod {
  /** The 12-month rental period, counted from the lease term's first day (5-12-080(c)). */
  periodStart: IsoDate;
  periodEnd: IsoDate;
  /** Cut short by the tenant's move-out: the interest so far is due with the deposit. */
  partial: boolean;
  /** The year whose rate applies: the year the lease term began (docs/decisions). */
  rateYear: number;
  /** The annual rate in millionths, or null when nobody has entered that year's rate yet. */
  ratePpm: number | null;
  /** Interest owed for the period, half up to the cent; null while the rate is unknown. */
  amountCents: number | null;
  /** The last day to pay or credit it: 30 days after the period ends (5-12-080(c)), or the deposit's return day after a move-out. */
  dueOn: IsoDate;
  /** Whether the period has ended (or the tenant moved out) by the day asked about. */
  ended: boolean;
}

export interface InterestInput {
  /** The lease term's first day. */
  termStart: IsoDate;
  /** The day the books begin (an opening balance): periods ended before it are outside these books. */
  booksFrom: IsoDate | null;
  /** The tenant vacated (the interest stops; the last period is paid with the deposit). */
  vacatedOn: IsoDate | null;
  /** Due day of a move-out's return (the last, partial period's interest is due with it). */
  returnDueOn: IsoDate | null;
  moves: readonly DepositMove[];
  /** Rates by year, in millionths. */
  rates: ReadonlyMap<number, number>;
  asOf: IsoDate;
}

/**
 * The interest of each 12-month rental period of a deposit (RLTO 5-12-080(c) and 5-12-081; the
 * same arithmetic under the county's ordinance and 765 ILCS 715). Interest accrues day by day on
 * the deposit held, at the annual rate of the year the lease term began, over the days of a full
 * 12-month period (365, or 366 across February 29): a full period of a steady $1,500 at 0.01% is
 * 1,500 x 0.0001 = $0.15. No interest is owed on a deposit held six months or less.
 */
export function interestPeriods(input: InterestInput): InterestPeriod[] {
  const periods: InterestPeriod[] = [];
  const firstHeld = input.moves.find((m) => m.cents > 0)?.date ?? null;
  if (!firstHeld) return periods;
  const stop = input.vacatedOn ? minDate(input.vacatedOn, input.asOf) : input.asOf;
  const heldMoreThanSixMonths = (until: IsoDate) => until > plusMonthsOf(firstHeld, 6);
  const rateYear = Number(input.termStart.slice(0, 4));
  const ratePpm = input.rates.get(rateYear) ?? null;
  for (let k = 0; ; k++) {
    const periodStart = plusMonthsOf(input.termStart, 12 * k);
    if (periodStart > stop) break;
    const fullEnd = plusDays(plusMonthsOf(input.termStart, 12 * (k + 1)), -1);
    const vacated = input.vacatedOn !== null && input.vacatedOn <= fullEnd;
    const periodEnd = vacated ? input.vacatedOn! : fullEnd;
    if (input.booksFrom && periodEnd < input.booksFrom) continue;
    const ended = vacated ? input.vacatedOn! <= input.asOf : fullEnd <= input.asOf;
    const dueOn = vacated ? (input.returnDueOn ?? plusDays(periodEnd, 45)) : plusDays(fullEnd, 30);
    const owes = heldMoreThanSixMonths(vacated ? periodEnd : fullEnd);
    const daysInYear = BigInt(daysBetween(periodStart, fullEnd) + 1);
    const amountCents =
      ratePpm === null ? null : owes ? halfUp(centDays(input.moves, maxDate(periodStart, firstHeld), periodEnd) * BigInt(ratePpm), 1_000_000n * daysInYear) : 0;
    periods.push({ periodStart, periodEnd, partial: vacated, rateYear, ratePpm, amountCents, dueOn, ended });
    if (vacated) break;
  }
  return periods;
}

export interface MoveOutDeadlines {
  /** The last day to deliver the itemized statement of deductions (with paid receipts or estimates). */
  statementDueOn: IsoDate;
  /** The last day to return the deposit (less what the statement keeps) with the interest owed. */
  returnDueOn: IsoDate;
  /** From when the days run: the day the tenant vacated, or (Illinois statute) the later end of the right of possession. */
  countedFrom: IsoDate;
  statementSource: string;
  returnSource: string;
}

/**
 * A move-out's deadlines:
 * - Chicago: the itemized statement within 30 days after the tenant vacates, the deposit within 45
 *   (5-12-080(d)), or within 7 days after a tenant's notice ending the lease after a fire or casualty
 *   (5-12-110(g)), counted here from the day they vacated;
 * - suburban Cook County: the county's ordinance keeps the same 30 and 45 days (Sec. 42-804);
 * - elsewhere: the Security Deposit Return Act's 30 and 45 days, counted since 2024 from the later of
 *   the day the tenant vacated and the day their right of possession ends (765 ILCS 710/1, as amended
 *   by P.A. 103-0224).
 * Statements and returns are due by the day itself: "within 30 days" gives 30 calendar days after
 * the day counted from, with no extension past a weekend (neither text provides one).
 */
export function moveOutDeadlines(rules: RuleSet, input: { vacatedOn: IsoDate; possessionEndsOn: IsoDate | null; casualty: boolean }): MoveOutDeadlines {
  if (rules === "illinois") {
    const from = input.possessionEndsOn ? maxDate(input.vacatedOn, input.possessionEndsOn) : input.vacatedOn;
    return { statementDueOn: plusDays(from, 30), returnDueOn: plusDays(from, 45), countedFrom: from, statementSource: DEPOSIT_SOURCES.sdra, returnSource: DEPOSIT_SOURCES.sdra };
  }
  const source = rules === "chicago_rlto" ? DEPOSIT_SOURCES.rltoReturn : DEPOSIT_SOURCES.cook;
  const casualty = input.casualty && rules === "chicago_rlto";
  return {
    statementDueOn: plusDays(input.vacatedOn, 30),
    returnDueOn: plusDays(input.vacatedOn, casualty ? 7 : 45),
    countedFrom: input.vacatedOn,
    statementSource: source,
    returnSource: casualty ? DEPOSIT_SOURCES.rltoCasualty : source,
  };
}

/** "0.01%": a rate in millionths as the Comptroller writes it. */
export const ratePercentLabel = (ppm: number) => `${(ppm / 10_000).toFixed(4).replace(/0+$/, "").replace(/\.$/, "")}%`;

/** A rate written as a percent ("0.073") in millionths (730), exactly. */
export function ppmOfPercent(percent: string): number {
  const match = percent.trim().match(/^(\d+)(?:\.(\d{1,4}))?$/);
  if (!match) throw new Error(`not a rate: ${percent}`);
  return Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
}
