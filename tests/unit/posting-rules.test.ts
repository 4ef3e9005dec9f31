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
    expect(postedOn.get("2026-03-12")!.find((e) => e.kind === "void")!.description).toBe(
      "Voided automatically: the March 2026 rent is unpaid again, so its daily late fee is growing; it is posted once final.",
    );
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

// What a posting writes, entry by entry: rent charges with their words, a fee's first day and
// revision, and each automatic void with the reason the tenant and the owner read (PORTAL.md 3).
// $1,000 due on the 1st, 5 days' grace: the first late day is the 7th.

const leaseWith = (overrides: Partial<LeaseRow> & { lateFee?: unknown }) => ({ ...lease, ...overrides }) as LeaseRow;
const fixedFee = { grace_days: 5, kind: "fixed" as const, amount_cents: 5_000 };
const entry = (id: string, date: IsoDate, kind: LedgerFact["kind"], amountCents: number, extra: Partial<LedgerFact> = {}): LedgerFact => ({
  id,
  date,
  kind,
  amountCents,
  period: kind === "rent" || kind === "late_fee" ? (date.slice(0, 7) as LedgerFact["period"]) : null,
  voids: null,
  source: "system",
  ...extra,
});
const kinds = (entries: readonly NewEntry[]) => entries.map((e) => [e.kind, e.date, e.period, e.amountCents, e.description]);

describe("what posting writes", () => {
  test("rent for each month due, for the lease's owner and lease, written by the system, with the month in words", () => {
    const posted = duePostings(leaseWith({ lateFee: null }), [], "2026-04-15");
    expect(kinds(posted)).toEqual([
      ["rent", "2026-03-01", "2026-03", 100_000, "Rent for March 2026"],
      ["rent", "2026-04-01", "2026-04", 100_000, "Rent for April 2026"],
    ]);
    for (const e of posted) expect(e).toMatchObject({ ownerId: "owner", leaseId: "lease", source: "system" });
    expect(new Set(posted.map((e) => e.id)).size).toBe(2);
  });

  test("a first month in possession for part of it says how many days it charges: March 20-31 is 12 of 31 days", () => {
    // $1,000 x 12 / 31 = $387.096... -> $387.10.
    const posted = duePostings(leaseWith({ startDate: "2026-03-20", lateFee: null }), [], "2026-03-25");
    expect(kinds(posted)).toEqual([["rent", "2026-03-20", "2026-03", 38_710, "Rent for March 2026 (12 of 31 days)"]]);
  });

  test("rent already on the books is not posted again; a late fee on the books is not posted again either", () => {
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    const fee = entry("f3", "2026-03-07", "late_fee", 5_000);
    expect(duePostings(leaseWith({ lateFee: fixedFee }), [rent, fee], "2026-03-20")).toEqual([]);
    // A payment of the same period's key is no rent: March's rent is still posted beside it.
    const posted = duePostings(leaseWith({ lateFee: null }), [entry("p", "2026-03-01", "payment", -100_000, { period: "2026-03" })], "2026-03-20");
    expect(kinds(posted)).toEqual([["rent", "2026-03-01", "2026-03", 100_000, "Rent for March 2026"]]);
  });

  test("books that begin later post no rent dated before their first day, and do post rent dated on it", () => {
    // Books from April 1: March's rent is in the opening balance; April's is due on the books' first day.
    const opened = [entry("o", "2026-04-01", "opening_balance", 100_000, { period: "2026-04" })];
    const posted = duePostings(leaseWith({ booksFrom: "2026-04-01", lateFee: null } as Partial<LeaseRow>), opened, "2026-04-10");
    expect(kinds(posted)).toEqual([["rent", "2026-04-01", "2026-04", 100_000, "Rent for April 2026"]]);
    // Books from April 2: April's rent (due the 1st) is in the opening balance too.
    expect(duePostings(leaseWith({ booksFrom: "2026-04-02", lateFee: null } as Partial<LeaseRow>), opened, "2026-04-10")).toEqual([]);
  });

  test("a posting in full needs the lease's entries", () => {
    expect(() => duePostings(lease, null, "2026-03-20")).toThrow("posting in full needs the lease's entries");
  });

  test("a fixed fee is posted on the first late day, revision 0, in plain words; a daily fee's says how many days", () => {
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    const fixed = duePostings(leaseWith({ lateFee: fixedFee }), [rent], "2026-03-07");
    expect(kinds(fixed)).toEqual([["late_fee", "2026-03-07", "2026-03", 5_000, "Late fee for March 2026 rent"]]);
    expect(fixed[0]).toMatchObject({ revision: 0, ownerId: "owner", leaseId: "lease", source: "system" });
    // The day before, nothing: March 6 is the last day of grace.
    expect(duePostings(leaseWith({ lateFee: fixedFee }), [rent], "2026-03-06")).toEqual([]);
    // $25 plus $5 a day: paid on the 9th, three days late, $40, "(3 days late)".
    const paid = entry("p", "2026-03-09", "payment", -100_000);
    const daily = duePostings(lease, [rent, paid], "2026-03-20");
    expect(kinds(daily)).toEqual([["late_fee", "2026-03-07", "2026-03", 4_000, "Late fee for March 2026 rent (3 days late)"]]);
    // Paid on the 7th, one day late: $30, and one day is not "1 days late".
    const early = duePostings(lease, [rent, entry("p", "2026-03-07", "payment", -100_000)], "2026-03-20");
    expect(kinds(early)).toEqual([["late_fee", "2026-03-07", "2026-03", 3_000, "Late fee for March 2026 rent"]]);
  });

  test("a payment recorded later but dated within the grace voids the posted fee, dated like it, with the reason", () => {
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    const fee = entry("f3", "2026-03-07", "late_fee", 5_000);
    // The tenant paid on the 5th; the owner records it on the 10th.
    const posted = duePostings(leaseWith({ lateFee: fixedFee }), [rent, fee, entry("p", "2026-03-05", "payment", -100_000)], "2026-03-10");
    expect(kinds(posted)).toEqual([["void", "2026-03-07", "2026-03", -5_000, "Voided automatically: payments dated within the grace period covered the March 2026 rent."]]);
    expect(posted[0]).toMatchObject({ voids: "f3", source: "system" });
  });

  test("a payment recorded later that shortens a daily fee's lateness voids it and posts the right fee as the next revision", () => {
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    // Posted at its cap of $75 (March 16), revision 2 after two earlier decisions.
    const fee = entry("f3", "2026-03-07", "late_fee", 7_500, { revision: 2 });
    // A payment dated the 9th, recorded on the 20th: three days late, $40.
    const posted = duePostings(lease, [rent, fee, entry("p", "2026-03-09", "payment", -100_000)], "2026-03-20");
    expect(kinds(posted)).toEqual([
      ["void", "2026-03-07", "2026-03", -7_500, "Voided automatically: with the payments as now known the March 2026 late fee is $40.00, not $75.00."],
      ["late_fee", "2026-03-07", "2026-03", 4_000, "Late fee for March 2026 rent (3 days late)"],
    ]);
    expect(posted[1]!.revision).toBe(3);
  });

  test("a voided rent charge voids its fee, dated like the fee, and the daily job leaves that to the posting in full", () => {
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    const fee = entry("f3", "2026-03-07", "late_fee", 5_000);
    const voidRent = entry("v", "2026-03-01", "void", -100_000, { voids: "r3", source: "owner", period: "2026-03" });
    const posted = duePostings(leaseWith({ lateFee: fixedFee, startDate: "2026-03-01", endDate: "2026-03-31" } as Partial<LeaseRow>), [rent, fee, voidRent], "2026-03-20");
    expect(kinds(posted)).toEqual([["void", "2026-03-07", "2026-03", -5_000, "Voided automatically: the March 2026 rent charge was voided."]]);
    expect(posted[0]!.voids).toBe("f3");
    // The daily job (posted through the 19th, nothing recorded since) does not decide it again.
    expect(duePostings(leaseWith({ lateFee: fixedFee, startDate: "2026-03-01", endDate: "2026-03-31", postedThrough: "2026-03-19" } as Partial<LeaseRow>), [rent, fee, voidRent], "2026-03-20", "2026-03-19")).toEqual([]);
  });

  test("the daily job leaves to a posting in full what was decided before the day it last posted through", () => {
    // A fixed fee's March rent became late on the 7th; the lease was posted through the 7th and
    // the fee found owed or not then. With no fee on the books, the daily job on the 8th posts none
    // (only something recorded changes that, and recording posts in full).
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    const on7th = leaseWith({ lateFee: fixedFee, postedThrough: "2026-03-07" } as Partial<LeaseRow>);
    expect(duePostings(on7th, [rent], "2026-03-08", "2026-03-07")).toEqual([]);
    // Posted through the 6th, the 7th is new: the daily job posts the fee that became final.
    const on6th = leaseWith({ lateFee: fixedFee, postedThrough: "2026-03-06" } as Partial<LeaseRow>);
    expect(kinds(duePostings(on6th, [rent], "2026-03-07", "2026-03-06"))).toEqual([["late_fee", "2026-03-07", "2026-03", 5_000, "Late fee for March 2026 rent"]]);
    // A standing fee is never re-decided by the daily job, even if the facts given disagree with it.
    const fee = entry("f3", "2026-03-07", "late_fee", 9_999);
    expect(duePostings(on7th, [rent, fee], "2026-03-08", "2026-03-07")).toEqual([]);
  });

  test("a fee the owner voided by hand is waived: never posted again, by the daily job or a posting in full", () => {
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    const fee = entry("f3", "2026-03-07", "late_fee", 5_000);
    const waived = entry("w", "2026-03-07", "void", -5_000, { voids: "f3", source: "owner", period: "2026-03" });
    expect(duePostings(leaseWith({ lateFee: fixedFee }), [rent, fee, waived], "2026-03-20")).toEqual([]);
    // Staff keeping the books under the owner's grant waive it the same way.
    const byStaff = { ...waived, source: "staff" };
    expect(duePostings(leaseWith({ lateFee: fixedFee }), [rent, fee, byStaff], "2026-03-20")).toEqual([]);
    // A fee posting itself voided is not waived: a posting in full posts it again when owed.
    const bySystem = { ...waived, source: "system" };
    expect(kinds(duePostings(leaseWith({ lateFee: fixedFee }), [rent, fee, bySystem], "2026-03-20"))).toEqual([["late_fee", "2026-03-07", "2026-03", 5_000, "Late fee for March 2026 rent"]]);
    expect(duePostings(leaseWith({ lateFee: fixedFee }), [rent, fee, bySystem], "2026-03-20")[0]!.revision).toBe(1);
  });

  test("the latest revision decides whether a period is waived: an owner's void of an older revision does not waive the newer", () => {
    const rent = entry("r3", "2026-03-01", "rent", 100_000);
    const old = entry("f0", "2026-03-07", "late_fee", 5_000, { revision: 0 });
    const oldVoid = entry("v0", "2026-03-07", "void", -5_000, { voids: "f0", source: "system", period: "2026-03" });
    const newer = entry("f1", "2026-03-07", "late_fee", 5_000, { revision: 1 });
    const newerWaived = entry("v1", "2026-03-07", "void", -5_000, { voids: "f1", source: "owner", period: "2026-03" });
    // Revision 1 waived by the owner: nothing posted.
    expect(duePostings(leaseWith({ lateFee: fixedFee }), [rent, old, oldVoid, newer, newerWaived], "2026-03-20")).toEqual([]);
    // The same entries listed newest first: still waived (the revision decides, not the order).
    expect(duePostings(leaseWith({ lateFee: fixedFee }), [rent, newer, newerWaived, old, oldVoid], "2026-03-20")).toEqual([]);
  });

  test("a posted fee that the payments as now known bring to nothing is voided and not replaced by a fee of $0", () => {
    // 1% of a rent of $0.25 rounds to $0.00; a fee of $0.05 stands on the books (entered under
    // other terms, say). Deciding again voids it and posts no fee of nothing.
    const tiny = leaseWith({ rentCents: 25, lateFee: { grace_days: 5, kind: "percent" as const, percent: 1 } });
    const rent = entry("r3", "2026-03-01", "rent", 25);
    const fee = entry("f3", "2026-03-07", "late_fee", 5);
    const posted = duePostings(tiny, [rent, fee], "2026-03-20");
    expect(posted.map((e) => [e.kind, e.amountCents, e.voids])).toEqual([["void", -5, "f3"]]);
    expect(posted[0]!.description).toBe("Voided automatically: with the payments as now known the March 2026 late fee is $0.00, not $0.05.");
  });

  test("a lease without a late-fee policy posts rent only", () => {
    expect(duePostings(leaseWith({ lateFee: null }), [entry("r3", "2026-03-01", "rent", 100_000)], "2026-03-20")).toEqual([]);
  });

  test("a fee that comes to nothing is not posted: 1% of a rent of $0.25 rounds to $0.00", () => {
    // 1% of a rent of $0.25 is a quarter of a cent: rounded to the cent, $0.00, no fee entry.
    const tiny = leaseWith({ rentCents: 25, lateFee: { grace_days: 5, kind: "percent" as const, percent: 1 } });
    const posted = duePostings(tiny, [], "2026-03-20");
    expect(posted.filter((e) => e.kind === "late_fee")).toEqual([]);
    expect(posted.filter((e) => e.kind === "rent").map((e) => e.amountCents)).toEqual([25]);
  });
});
