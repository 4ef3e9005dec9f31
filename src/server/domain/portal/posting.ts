import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { periodLabel, periodOf, plusDays, type IsoDate, type Period } from "../../../shared/calendar.ts";
import { formatCents, type TLateFeePolicy } from "../../../shared/portal.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leases, ledgerEntries } from "../../db/schema.ts";
import { assessLateFees, lateFeeVoidReason, standing, type LateFeeAssessment, type LateFeePolicy, type LedgerFact } from "./ledger-rules.ts";
import { factOf } from "./ledger-facts.ts";
import { rentSchedule, type LeaseTerms } from "./rent.ts";
import { carryRenewals } from "./renewal-carry.ts";

// Posting what is due (PORTAL.md 3): the rent of every month a lease covers, the late fees that
// became final, and the automatic voids of late fees that payments recorded later made undue.
// The rules are the pure functions of rent.ts and ledger-rules.ts; this file only writes what they
// decide, keyed by what makes each entry unique (lease, period, kind), so posting twice, from two
// processes, or on a read racing the daily job writes each entry once.

export type LeaseRow = typeof leases.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type NewEntry = typeof ledgerEntries.$inferInsert;

export const termsOf = (lease: LeaseRow): LeaseTerms => ({
  startDate: lease.startDate,
  endDate: lease.endDate,
  rentCents: lease.rentCents,
  dueDay: lease.dueDay,
});

export function policyOf(policy: TLateFeePolicy | null | undefined): LateFeePolicy | null {
  if (!policy) return null;
  return {
    graceDays: policy.grace_days,
    kind: policy.kind,
    amountCents: policy.amount_cents ?? null,
    percent: policy.percent ?? null,
    dailyCents: policy.daily_cents ?? null,
    maxCents: policy.max_cents ?? null,
  };
}

export { factOf };

/**
 * What posting would add to one lease's ledger as of `today`, decided from its terms and the
 * entries it has: missing rent charges, final late fees, and voids of late fees no longer owed.
 *
 * `decidedThrough` (the day the lease was last posted through, when nothing was recorded on it
 * since) lets the daily job skip what an earlier posting already decided: late fees of periods
 * that were late before that day were posted or found covered then, and only a payment, charge or
 * void recorded later can change that (those post the lease in full at once). A fee with a daily
 * part that is still growing is looked at every day.
 */
export function duePostings(
  lease: LeaseRow,
  existing: readonly LedgerFact[] | null,
  today: IsoDate,
  decidedThrough: IsoDate | null = null,
): NewEntry[] {
  if (!existing && !decidedThrough) throw new Error("posting in full needs the lease's entries");
  const base = { ownerId: lease.ownerId, leaseId: lease.id, source: "system" as const };
  const postedKeys = new Set((existing ?? []).filter((e) => e.kind === "rent" || e.kind === "late_fee").map((e) => `${e.kind}:${e.period}`));
  const additions: NewEntry[] = [];
  const facts: LedgerFact[] = [...(existing ?? [])];

  // Rent dated on or before the day last posted through is on the ledger already; rent dated before
  // the books began is in their opening balance (PORTAL.md 3a).
  const from = decidedThrough ? periodOf(decidedThrough) : lease.booksFrom ? periodOf(lease.booksFrom) : undefined;
  for (const charge of rentSchedule(termsOf(lease), today, from)) {
    if (postedKeys.has(`rent:${charge.period}`) || (decidedThrough && charge.date <= decidedThrough)) continue;
    if (lease.booksFrom && charge.date < lease.booksFrom) continue;
    const prorated = charge.daysInPossession < charge.daysInMonth;
    const entry = {
      ...base,
      id: crypto.randomUUID(),
      date: charge.date,
      kind: "rent" as const,
      period: charge.period,
      amountCents: charge.amountCents,
      description: prorated
        ? `Rent for ${periodLabel(charge.period)} (${charge.daysInPossession} of ${charge.daysInMonth} days)`
        : `Rent for ${periodLabel(charge.period)}`,
    };
    additions.push(entry);
    facts.push({ id: entry.id, date: entry.date, kind: "rent", amountCents: entry.amountCents, period: entry.period, voids: null });
  }

  // Without its entries (the daily job found no late fee to decide) there is nothing more to do.
  if (!existing) return additions;
  const policy = policyOf(lease.lateFee);
  if (!policy) return additions;
  const live = standing(facts);
  // Late fees depend on rent and money only, never on other late fees: one assessment serves every period.
  const assessed = assessLateFees(policy, lease.rentCents, facts, today);
  const fees = feeStates(facts);
  const newFee = (period: Period, fee: LateFeeAssessment, revision: number): NewEntry => ({
    ...base,
    id: crypto.randomUUID(),
    date: fee.firstLateDay,
    kind: "late_fee",
    period,
    amountCents: fee.amountCents,
    revision,
    description:
      fee.daysLate > 1 && policy.dailyCents ? `Late fee for ${periodLabel(period)} rent (${fee.daysLate} days late)` : `Late fee for ${periodLabel(period)} rent`,
  });
  const voidOf = (fee: LedgerFact, description: string): NewEntry => ({
    ...base,
    id: crypto.randomUUID(),
    date: fee.date,
    kind: "void",
    period: fee.period,
    amountCents: -fee.amountCents,
    voids: fee.id,
    description,
  });
  const rentPeriods = new Set(live.filter((e) => e.kind === "rent").map((e) => e.period!));

  // The fee standing on the books is always the one the policy gives for the payments as now known
  // (PORTAL.md 3): a payment recorded later that covers the rent in the grace days voids it, one
  // that shortens a daily fee's lateness voids it for the right amount, a voided payment (a bounced
  // check) brings back the fee it had made undue. Each decision is a new entry: a void, and a fee
  // of the next revision. A fee an owner voided by hand is waived and never posted again.
  // Rent dated on or before this day was late before `decidedThrough`: decided then.
  const decidedBefore = decidedThrough && !policy.dailyCents ? plusDays(decidedThrough, -(policy.graceDays + 1)) : null;
  for (const rent of live.filter((e) => e.kind === "rent")) {
    const period = rent.period!;
    const state = fees.get(period);
    const fee = assessed.get(period);
    if (!state?.standing) {
      // The daily job posts fees newly final; what was decided before is left to a full posting.
      // A period whose fee posting itself voided (its daily fee grew again after a bounced check)
      // is not decided: it is posted once final, as the next revision.
      if (decidedThrough && (state ? !state.undecided : decidedBefore && rent.date <= decidedBefore)) continue;
      if (state?.waived) continue;
      if (fee?.final && fee.amountCents > 0) additions.push(newFee(period, fee, (state?.lastRevision ?? -1) + 1));
      continue;
    }
    // Only something recorded on the lease changes what was decided, and recording posts it in full.
    if (decidedThrough) continue;
    const posted = state.standing;
    if (!fee) {
      additions.push(voidOf(posted, lateFeeVoidReason(periodLabel(period))));
    } else if (!fee.final) {
      additions.push(voidOf(posted, `Voided automatically: the ${periodLabel(period)} rent is unpaid again, so its daily late fee is growing; it is posted once final.`));
    } else if (fee.amountCents !== posted.amountCents) {
      additions.push(
        voidOf(posted, `Voided automatically: with the payments as now known the ${periodLabel(period)} late fee is ${formatCents(fee.amountCents)}, not ${formatCents(posted.amountCents)}.`),
      );
      if (fee.amountCents > 0) additions.push(newFee(period, fee, state.lastRevision + 1));
    }
  }
  // A fee whose rent charge was voided is owed no more.
  if (!decidedThrough) {
    for (const [period, state] of fees) {
      if (state.standing && !rentPeriods.has(period)) additions.push(voidOf(state.standing, `Voided automatically: the ${periodLabel(period)} rent charge was voided.`));
    }
  }
  return additions;
}

interface FeeState {
  /** The late fee of the period that stands, if any. */
  standing: LedgerFact | null;
  /** The highest revision posted for the period. */
  lastRevision: number;
  /** The last fee was voided by the owner (waived): posting leaves the period alone. */
  waived: boolean;
  /**
   * The last fee was voided by posting itself and none stands: the fee the policy gives now is
   * still to be decided (typically a daily fee growing again after a bounced check).
   */
  undecided: boolean;
}

/** Each period's late fees as posted so far: the one standing, the last revision, and whether the owner waived it. */
export function feeStates(facts: readonly LedgerFact[]): Map<Period, FeeState> {
  const voidOf = new Map(facts.filter((e) => e.kind === "void" && e.voids).map((e) => [e.voids!, e]));
  const states = new Map<Period, FeeState>();
  for (const e of facts) {
    if (e.kind !== "late_fee" || !e.period) continue;
    const state = states.get(e.period) ?? { standing: null, lastRevision: -1, waived: false, undecided: false };
    const revision = e.revision ?? 0;
    const voided = voidOf.get(e.id);
    if (revision >= state.lastRevision) {
      state.lastRevision = revision;
      state.waived = voided !== undefined && voided.source !== undefined && voided.source !== "system";
      state.undecided = voided !== undefined && voided.source === "system";
    }
    if (!voided) state.standing = e;
    states.set(e.period, state);
  }
  return states;
}

/**
 * Whether the daily job must read a lease's entries to post it: only to decide a late fee, which is
 * due when the lease has a policy and a rent became late since it was last posted (or a daily fee
 * may be growing). Most days most leases need none, and their rent is posted from the terms alone.
 */
export function needsEntries(lease: LeaseRow, today: IsoDate): boolean {
  const policy = policyOf(lease.lateFee);
  if (!lease.postedThrough) return true;
  if (!policy) return false;
  if (policy.dailyCents) return true;
  // Rent dated in (lastLateFrom, lateThrough] became late in (postedThrough, today].
  const lastLateFrom = plusDays(lease.postedThrough, -(policy.graceDays + 1));
  const lateThrough = plusDays(today, -(policy.graceDays + 1));
  return rentSchedule(termsOf(lease), lateThrough, periodOf(lastLateFrom)).some((c) => c.date > lastLateFrom);
}

/** The entries of these leases as facts, grouped by lease. */
async function factsOf(db: DbOrTx, leaseIds: string[]): Promise<Map<string, LedgerFact[]>> {
  const byLease = new Map<string, LedgerFact[]>(leaseIds.map((id) => [id, []]));
  if (leaseIds.length === 0) return byLease;
  const rows = await db
    .select({
      id: ledgerEntries.id,
      leaseId: ledgerEntries.leaseId,
      date: ledgerEntries.date,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      period: ledgerEntries.period,
      voids: ledgerEntries.voids,
      depositCents: ledgerEntries.depositCents,
      revision: ledgerEntries.revision,
      source: ledgerEntries.source,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.leaseId, leaseIds))
    .orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq));
  for (const row of rows) byLease.get(row.leaseId)?.push(factOf(row));
  return byLease;
}

/**
 * Posts what is due on these leases through `today` and records that they are posted through it.
 * Safe to run any number of times, concurrently too: each entry is written once.
 */
export async function postDue(db: DbOrTx, leaseRows: readonly LeaseRow[], today: IsoDate, mode: "incremental" | "full" = "incremental"): Promise<number> {
  if (leaseRows.length === 0) return 0;
  const reading = mode === "full" ? leaseRows : leaseRows.filter((lease) => needsEntries(lease, today));
  const facts = await factsOf(db, reading.map((l) => l.id));
  const additions = leaseRows.flatMap((lease) =>
    mode === "full" ? duePostings(lease, facts.get(lease.id) ?? [], today) : duePostings(lease, facts.get(lease.id) ?? null, today, lease.postedThrough),
  );
  for (let i = 0; i < additions.length; i += 1000) {
    await db.insert(ledgerEntries).values(additions.slice(i, i + 1000)).onConflictDoNothing();
  }
  await db
    .update(leases)
    .set({ postedThrough: today })
    .where(
      and(
        inArray(leases.id, leaseRows.map((l) => l.id)),
        or(isNull(leases.postedThrough), lt(leases.postedThrough, today)),
      ),
    );
  // A renewal that has started holds what its earlier term still has (renewal-carry.ts).
  await carryRenewals(db, leaseRows, today);
  return additions.length;
}

/** Posts what is due on an owner's leases not yet posted through today (every read of the books calls it). */
export async function postOwnerDue(db: DbOrTx, ownerId: string, today: IsoDate): Promise<void> {
  const stale = await db
    .select()
    .from(leases)
    .where(and(eq(leases.ownerId, ownerId), or(isNull(leases.postedThrough), lt(leases.postedThrough, today))));
  if (stale.length) await postDue(db, stale, today);
}

/** Posts one lease now in full, whatever it was posted through (after a payment, charge, void or end). */
export async function postLeaseNow(db: DbOrTx, lease: LeaseRow, today: IsoDate): Promise<void> {
  await postDue(db, [lease], today, "full");
}

export const POSTING_BATCH = 500;

/**
 * The daily job: posts every lease not yet posted through `today`, a batch at a time. Batches are
 * claimed with SKIP LOCKED, so two server processes share the work instead of doing it twice; in
 * one process two batches are in flight, so the database works on one while the other is worked
 * out here.
 */
export async function postAllDue(db: { transaction: DbOrTx["transaction"] }, today: IsoDate): Promise<{ leases: number; entries: number }> {
  const results = await Promise.all([postBatches(db, today), postBatches(db, today)]);
  return { leases: results[0].leases + results[1].leases, entries: results[0].entries + results[1].entries };
}

async function postBatches(db: { transaction: DbOrTx["transaction"] }, today: IsoDate): Promise<{ leases: number; entries: number }> {
  let totalLeases = 0;
  let totalEntries = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(leases)
        .where(or(isNull(leases.postedThrough), lt(leases.postedThrough, today)))
        .orderBy(asc(leases.id))
        .limit(POSTING_BATCH)
        .for("update", { skipLocked: true });
      if (batch.length === 0) return null;
      const entries = await postDue(tx, batch, today);
      return { leases: batch.length, entries };
    });
    if (!done) break;
    totalLeases += done.leases;
    totalEntries += done.entries;
  }
  return { leases: totalLeases, entries: totalEntries };
}
