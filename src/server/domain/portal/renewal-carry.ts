import { and, asc, eq, inArray, isNotNull, lte, max, or } from "drizzle-orm";
import { dateLabel, maxDate, periodOf, type IsoDate } from "../../../shared/calendar.ts";
import { formatCents } from "../../../shared/portal.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leases, ledgerEntries } from "../../db/schema.ts";
import { allocate, type LedgerFact } from "./allocation.ts";
import { factOf } from "./ledger-facts.ts";

// The balance carried between the terms of a renewed tenancy (PORTAL.md 8a; renewals.ts makes the
// renewal). When the renewal starts, the earlier term's balance and the deposit held move into it:
// one `balance_carried` entry closes the earlier term, one opens the renewal (a security deposit
// still unpaid stays a deposit charge). Whatever is written on the earlier term later (a payment
// recorded late, a void) is carried the same way, so the earlier term always ends at zero and the
// renewal's ledger holds the whole tenancy's balance.

type LeaseRow = typeof leases.$inferSelect;


/**
 * What moves from an earlier term's ledger into its renewal (pure): the balance (what the tenant
 * owed, or their credit), the part of it that is a security deposit still unpaid (it stays a
 * deposit charge in the renewal), and the deposit held. After it, the earlier term's balance and
 * deposit held are zero.
 */
export function carryOf(earlier: readonly LedgerFact[]): { balanceCents: number; depositUnpaidCents: number; depositHeldCents: number; closingDepositCents: number } {
  const all = allocate(earlier, "9999-12-31");
  const balanceCents = all.balanceCents;
  // The closing entry's money covers what is unpaid, a deposit charge too: the deposit the earlier
  // term then holds is what it moves out.
  const closing: LedgerFact = { id: "carry", date: "9999-12-31", kind: "balance_carried", amountCents: -balanceCents, period: null, voids: null };
  const after = allocate([...earlier, closing], "9999-12-31");
  return { balanceCents, depositUnpaidCents: all.depositUnpaidCents, depositHeldCents: all.depositHeldCents, closingDepositCents: after.depositHeldCents };
}

/**
 * Carries into each renewal that has started what its earlier term's ledger holds and has not
 * carried yet (posting calls it for the leases it posts). Each pair is written once: the renewal's
 * row is locked and remembers the last entry of the earlier term it carried.
 */
export async function carryRenewals(db: DbOrTx, leaseRows: readonly LeaseRow[], today: IsoDate): Promise<void> {
  if (leaseRows.length === 0) return;
  const ids = leaseRows.map((l) => l.id);
  const renewals = await db
    .select()
    .from(leases)
    .where(and(isNotNull(leases.renewsLeaseId), lte(leases.startDate, today), or(inArray(leases.id, ids), inArray(leases.renewsLeaseId, ids))));
  if (renewals.length === 0) return;
  const lastSeqs = await db
    .select({ leaseId: ledgerEntries.leaseId, seq: max(ledgerEntries.seq) })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.leaseId, renewals.map((r) => r.renewsLeaseId!)))
    .groupBy(ledgerEntries.leaseId);
  const stale = renewals.filter((r) => {
    const last = lastSeqs.find((s) => s.leaseId === r.renewsLeaseId)?.seq ?? null;
    return last !== null && (r.carriedSeq === null || Number(last) > r.carriedSeq);
  });
  for (const renewal of stale) await db.transaction((tx) => carryInto(tx, renewal.id, today));
}

async function carryInto(tx: DbOrTx, renewalId: string, today: IsoDate): Promise<void> {
  const [renewal] = await tx.select().from(leases).where(eq(leases.id, renewalId)).for("update");
  const earlierId = renewal!.renewsLeaseId!;
  const rows = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, earlierId)).orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq));
  const lastSeq = rows.reduce((m, r) => Math.max(m, r.seq), 0);
  if (renewal!.carriedSeq !== null && lastSeq <= renewal!.carriedSeq) return;
  const carry = carryOf(rows.map(factOf));
  const date = renewal!.carriedSeq === null ? renewal!.startDate : maxDate(today, renewal!.startDate);
  let carriedSeq = lastSeq;
  if (carry.balanceCents !== 0 || carry.closingDepositCents !== 0) {
    const base = { ownerId: renewal!.ownerId, date, period: periodOf(date), source: "system" as const };
    const owed = carry.balanceCents - carry.depositUnpaidCents;
    const [closing] = await tx
      .insert(ledgerEntries)
      .values({
        ...base,
        leaseId: earlierId,
        kind: "balance_carried",
        amountCents: -carry.balanceCents,
        depositCents: -carry.closingDepositCents,
        description: `Carried to the renewal from ${dateLabel(renewal!.startDate)}: ${carryWords(carry.balanceCents, carry.depositHeldCents)}`,
      })
      .returning({ seq: ledgerEntries.seq });
    carriedSeq = closing!.seq;
    const opening: (typeof ledgerEntries.$inferInsert)[] = [];
    if (owed !== 0 || carry.depositHeldCents !== 0) {
      opening.push({
        ...base,
        leaseId: renewal!.id,
        kind: "balance_carried",
        amountCents: owed,
        depositCents: carry.depositHeldCents,
        description: `Carried from the previous term: ${carryWords(owed, carry.depositHeldCents)}`,
      });
    }
    if (carry.depositUnpaidCents > 0) {
      opening.push({ ...base, leaseId: renewal!.id, kind: "deposit", amountCents: carry.depositUnpaidCents, description: "Security deposit still unpaid, carried from the previous term" });
    }
    if (opening.length) await tx.insert(ledgerEntries).values(opening);
  }
  await tx.update(leases).set({ carriedSeq }).where(eq(leases.id, renewal!.id));
}

function carryWords(balanceCents: number, depositHeldCents: number): string {
  const balance = balanceCents > 0 ? `${formatCents(balanceCents)} owed` : balanceCents < 0 ? `a credit of ${formatCents(-balanceCents)}` : "nothing owed";
  return depositHeldCents > 0 ? `${balance}, and the security deposit of ${formatCents(depositHeldCents)} held` : balance;
}
