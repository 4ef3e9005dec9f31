import { describe, expect, test } from "bun:test";
import { plusDays, type IsoDate } from "../../src/shared/calendar.ts";
import type { LedgerFact } from "../../src/server/domain/portal/allocation.ts";
import { duePostings, needsEntries, type LeaseRow, type NewEntry } from "../../src/server/domain/portal/posting.ts";

// Posting decides a late fee again whenever the payments as known change (PORTAL.md 3): a bounced
// check (the payment voided) makes the rent unpaid again, and a daily fee grows again from where
// it was. The fee is posted once it is final: when the rent is paid, or when the fee reaches its
// cap. The figures below are counted by hand from the lease's policy.

// $1,000 due on the 1st, 5 days' grace (the 2nd to the 6th), so March 7 is the first late day.
// The fee: $25, plus $5 for each day late, at most $75 (10 days late: March 16).
const lease = {
  id: "lease",
  ownerId: "owner",
  unitId: "unit",
  startDate: "2026-03-01",
  endDate: null,
  rentCents: 100_000,
  dueDay: 1,
  depositCents: 0,
  lateFee: { grace_days: 5, kind: "fixed" as const, amount_cents: 2_500, daily_cents: 500, max_cents: 7_500 },
  postedThrough: null,
  booksFrom: null,
  createdAt: new Date(),
  updatedAt: new Date(),
} as unknown as LeaseRow;

let seq = 0;
const asFact = (e: NewEntry): LedgerFact => ({
  id: e.id!,
  date: e.date!,
  kind: e.kind!,
  amountCents: e.amountCents!,
  period: e.period ?? null,
  voids: e.voids ?? null,
  revision: e.revision ?? 0,
  source: e.source ?? "system",
});

/**
 * The books kept day by day as the server keeps them: a day on which the owner records something
 * posts the lease in full (postLeaseNow); any other day the daily job posts what is new, reading
 * the entries only when it says a late fee needs deciding (postDue).
 */
function keepBooks(from: IsoDate, through: IsoDate, recorded: (day: IsoDate, ledger: LedgerFact[]) => LedgerFact[]) {
  let ledger: LedgerFact[] = [];
  let postedThrough: IsoDate | null = null;
  const postedOn = new Map<IsoDate, NewEntry[]>();
  for (let day = from; day <= through; day = plusDays(day, 1)) {
    const today = recorded(day, ledger);
    ledger = [...ledger, ...today];
    const posted = { ...lease, postedThrough };
    const additions =
      today.length || !postedThrough ? duePostings(lease, ledger, day) : duePostings(posted, needsEntries(posted, day) ? ledger : null, day, postedThrough);
    postedOn.set(day, additions);
    ledger = [...ledger, ...additions.map(asFact)];
    postedThrough = day;
  }
  return { ledger, postedOn };
}

const check: LedgerFact = { id: "check", date: "2026-03-09", kind: "payment", amountCents: -100_000, period: null, voids: null, source: "owner" };
// The bank returns the check on March 12 and the owner voids the payment that day; a void is dated
// like the entry it cancels (the money never came).
const bounced: LedgerFact = { id: "bounce", date: "2026-03-09", kind: "void", amountCents: 100_000, period: null, voids: "check", source: "owner" };
const fees = (entries: readonly NewEntry[] | undefined) => (entries ?? []).filter((e) => e.kind === "late_fee").map((e) => [e.amountCents, e.revision]);
const voids = (entries: readonly NewEntry[] | undefined) => (entries ?? []).filter((e) => e.kind === "void").map((e) => e.amountCents);

describe("a bounced check's daily late fee", () => {
  const story = (day: IsoDate) => (day === "2026-03-09" ? [check] : day === "2026-03-12" ? [bounced] : []);

  test("the check paid on March 9 makes the fee final at $40: three days late (7th, 8th, 9th), $25 + 3 x $5", () => {
    const { postedOn } = keepBooks("2026-03-01", "2026-03-11", story);
    expect(fees(postedOn.get("2026-03-09"))).toEqual([[4_000, 0]]);
    for (const day of ["2026-03-07", "2026-03-08", "2026-03-10", "2026-03-11"] as IsoDate[]) expect(fees(postedOn.get(day))).toEqual([]);
  });

  test("the bounce on March 12 voids the $40 (the fee grows again), and nothing is posted while it grows", () => {
    const { postedOn } = keepBooks("2026-03-01", "2026-03-15", story);
    expect(voids(postedOn.get("2026-03-12"))).toEqual([-4_000]);
    expect(fees(postedOn.get("2026-03-12"))).toEqual([]);
    // March 15: 9 days late, $25 + $45 = $70, under the cap: still growing, not posted.
    for (const day of ["2026-03-13", "2026-03-14", "2026-03-15"] as IsoDate[]) expect(postedOn.get(day)).toEqual([]);
  });

  test("the daily job posts the $75 on March 16, when the fee reaches its cap, as the next revision, and only once", () => {
    const { postedOn, ledger } = keepBooks("2026-03-01", "2026-03-20", story);
    // March 16: 10 days late, $25 + $50 = $75, the cap: final.
    expect(fees(postedOn.get("2026-03-16"))).toEqual([[7_500, 1]]);
    for (const day of ["2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"] as IsoDate[]) expect(postedOn.get(day)).toEqual([]);
    const standingFees = ledger.filter((e) => e.kind === "late_fee" && !ledger.some((v) => v.voids === e.id));
    expect(standingFees.map((e) => e.amountCents)).toEqual([7_500]);
  });

  test("a daily job and a full posting of the same day agree", () => {
    // What the daily job has on the books on March 16 is what posting everything at once gives.
    const { ledger } = keepBooks("2026-03-01", "2026-03-16", story);
    expect(duePostings(lease, ledger, "2026-03-16")).toEqual([]);
  });

  test("a fee the owner waived after it was posted stays waived", () => {
    const { postedOn } = keepBooks("2026-03-01", "2026-03-25", (day, ledger) => {
      if (day === "2026-03-17") {
        const fee = ledger.find((e) => e.kind === "late_fee" && e.amountCents === 7_500)!;
        return [{ id: `waive${++seq}`, date: fee.date, kind: "void", amountCents: -fee.amountCents, period: fee.period, voids: fee.id, source: "owner" }];
      }
      return story(day);
    });
    for (let day: IsoDate = "2026-03-17"; day <= "2026-03-25"; day = plusDays(day, 1)) expect(fees(postedOn.get(day))).toEqual([]);
  });
});
