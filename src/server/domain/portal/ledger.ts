import { and, asc, eq } from "drizzle-orm";
import { chicagoToday, dateLabel, periodOf, type IsoDate } from "../../../shared/calendar.ts";
import { CHARGE_KINDS, formatCents, receiptByDefault, type ChargeKind, type PaymentMethod, type TChargeRequest, type TPaymentRequest } from "../../../shared/portal.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leaseTenants, ledgerEntries } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { paymentReceiptEmail } from "../../mail/portal-emails.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { depositHeldOn } from "./cash-rules.ts";
import { assessLateFees, balanceOf } from "./ledger-rules.ts";
import { describeLeases, findOwnedLease, placesOf } from "./leases.ts";
import { factOf, feeStates, policyOf, postLeaseNow, postOwnerDue, type LeaseRow, type LedgerRow } from "./posting.ts";
import { isUuid } from "../ids.ts";
import { recordAdminAction } from "../audit.ts";

// A lease's ledger (PORTAL.md 3): entries with a running balance, payments and charges the owner
// records, and voids. Entries are only ever added.

export const ENTRY_NOT_FOUND = "Ledger entry not found.";

/**
 * Credits lower the balance; fees, deposits and refunds to the tenant raise it. A deposit returned is
 * money back from the deposit held: it moves the deposit held, never the balance (PORTAL.md 3a).
 */
const CHARGE_SIGN: Record<ChargeKind, 1 | -1 | 0> = { fee: 1, deposit: 1, credit: -1, refund: 1, deposit_applied: -1, deposit_returned: 0 };

export function describeEntry(entry: LedgerRow, balanceCents: number, voidedBy: string | null) {
  return {
    id: entry.id,
    date: entry.date,
    kind: entry.kind,
    description: entry.description,
    amount_cents: entry.amountCents,
    period: entry.period,
    method: entry.method,
    reference: entry.reference,
    voids: entry.voids,
    voided_by: voidedBy,
    source: entry.source,
    created_at: entry.createdAt.toISOString(),
    balance_cents: balanceCents,
  };
}
export type LedgerEntryView = ReturnType<typeof describeEntry>;

/** The entries in ledger order (by date, then as recorded), each with the balance after it. */
export function withRunningBalance(rows: LedgerRow[]): LedgerEntryView[] {
  const voidedBy = new Map(rows.filter((r) => r.voids).map((r) => [r.voids!, r.id]));
  let balance = 0;
  return [...rows]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq))
    .map((row) => {
      balance += row.amountCents;
      return describeEntry(row, balance, voidedBy.get(row.id) ?? null);
    });
}

async function entriesOf(db: DbOrTx, owner: Owner, leaseId: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerId, owner.id), eq(ledgerEntries.leaseId, leaseId)))
    .orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq));
}

/** GET /api/portal/leases/{id}/ledger: the lease, its entries with a running balance, and a late fee still growing. */
export async function leaseLedger(services: Services, owner: Owner, leaseId: string) {
  const today = chicagoToday(services.now());
  const lease = await findOwnedLease(services.db, owner, leaseId);
  await postOwnerDue(services.db, owner.id, today);
  const rows = await entriesOf(services.db, owner, lease.id);
  const entries = withRunningBalance(rows);
  const [view] = await describeLeases(services.db, owner, [lease], today);
  return {
    lease: view!,
    balance_cents: balanceOf(rows),
    entries,
    accruing_late_fees: accruingLateFees(lease, rows, today),
  };
}

/** Late fees with a daily part that are still growing: shown, not yet posted (they post once final). */
function accruingLateFees(lease: Pick<LeaseRow, "lateFee" | "rentCents">, rows: LedgerRow[], today: IsoDate) {
  const policy = policyOf(lease.lateFee);
  if (!policy?.dailyCents) return [];
  const facts = rows.map(factOf);
  // A period with a fee standing, or one the owner waived, is decided; one whose fee posting voided
  // because it grows again (a bounced check) is growing like one never posted.
  const fees = feeStates(facts);
  const decided = (period: string) => {
    const state = fees.get(period);
    return state !== undefined && (state.standing !== null || state.waived);
  };
  return [...assessLateFees(policy, lease.rentCents, facts, today).values()]
    .filter((fee) => !decided(fee.period) && !fee.final)
    .map((fee) => ({ period: fee.period, amount_cents: fee.amountCents, days_late: fee.daysLate, first_late_day: fee.firstLateDay }));
}

/** Emails every tenant of the lease who has an email a receipt for a payment; answers how many. */
export async function emailReceipts(
  tx: DbOrTx,
  services: Services,
  lease: LeaseRow,
  ownerMember: { firstName: string; lastName: string },
  payment: { amountCents: number; paidOn: IsoDate; method: PaymentMethod; reference: string | null; balanceCents: number; online?: boolean },
): Promise<number> {
  const tenants = (await tx.select().from(leaseTenants).where(eq(leaseTenants.leaseId, lease.id))).filter((t) => t.email);
  const place = (await placesOf(tx, lease.ownerId, [lease.unitId])).get(lease.unitId)!;
  for (const tenant of tenants) {
    await enqueueEmail(tx, {
      to: tenant.email!,
      ...paymentReceiptEmail(services.config, {
        tenantFirstName: tenant.firstName,
        ownerName: `${ownerMember.firstName} ${ownerMember.lastName}`,
        place: `${place.property.display_name}, unit ${place.unit.label}`,
        ...payment,
      }),
    });
  }
  return tenants.length;
}

/** Who recorded an entry: the owner, or the association's staff in the owner's books under their grant. */
const sourceOf = (owner: Owner) => (owner.staff ? ("staff" as const) : ("owner" as const));

/**
 * Staff in the owner's books (PORTAL.md 7.1): each entry they record is in the audit log, which
 * the owner reads as "who did what", in the entry's transaction.
 */
async function auditStaffEntry(tx: DbOrTx, owner: Owner, action: `staff_${string}`, details: Record<string, unknown>) {
  if (!owner.staff) return;
  await recordAdminAction(tx, owner.staff.actor, { action, targetType: "member", targetId: owner.id, details }, owner.staff.at);
}

function assertNotFuture(date: IsoDate, today: IsoDate, field: string, what: string) {
  if (date > today) throw new AppError("UNPROCESSABLE", [{ loc: ["body", field], msg: `${what} cannot be in the future` }]);
}

/**
 * Records a payment (cash, check, money order...): the ledger entry, the postings it changes (a
 * late fee it makes undue is voided, one it makes final is posted) and a receipt to each tenant
 * with an email, in one transaction.
 */
export async function recordPayment(services: Services, owner: Owner, leaseId: string, input: TPaymentRequest) {
  const today = chicagoToday(services.now());
  assertNotFuture(input.paid_on, today, "paid_on", "A payment date");
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    if (input.paid_on < lease.startDate) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "paid_on"], msg: "The payment is dated before the lease starts" }]);
    }
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        ownerId: owner.id,
        leaseId: lease.id,
        date: input.paid_on,
        kind: "payment",
        description: `Payment received${input.reference ? ` (${input.reference})` : ""}`,
        amountCents: -input.amount_cents,
        period: periodOf(input.paid_on),
        method: input.method,
        reference: input.reference ?? null,
        source: sourceOf(owner),
      })
      .returning();
    await auditStaffEntry(tx, owner, "staff_payment_recorded", { lease_id: lease.id, entry_id: entry!.id, amount_cents: input.amount_cents, paid_on: input.paid_on, method: input.method });
    await postLeaseNow(tx, lease, today);
    const rows = await entriesOf(tx, owner, lease.id);
    const balanceCents = balanceOf(rows);

    // Catching up on old payments emails nobody, unless the owner asks (PORTAL.md 3a).
    const sendReceipt = input.send_receipt ?? receiptByDefault(input.paid_on, today);
    const receiptsSent = sendReceipt
      ? await emailReceipts(tx, services, lease, owner.member, {
          amountCents: input.amount_cents,
          paidOn: input.paid_on,
          method: input.method,
          reference: input.reference ?? null,
          balanceCents,
        })
      : 0;
    const running = withRunningBalance(rows);
    return { entry: running.find((e) => e.id === entry!.id)!, balance_cents: balanceCents, receipts_sent: receiptsSent };
  });
}

/** Records a fee, deposit, credit or refund; the amount is given positive and signed by its kind. */
export async function recordCharge(services: Services, owner: Owner, leaseId: string, input: TChargeRequest) {
  const today = chicagoToday(services.now());
  assertNotFuture(input.date, today, "date", "The date");
  if (!CHARGE_KINDS.includes(input.kind)) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "kind"], msg: "Choose fee, deposit, credit, refund, deposit kept or deposit returned" }]);
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    if (input.kind === "deposit_applied" || input.kind === "deposit_returned") {
      // Only deposit money the tenant paid can be kept.
      const held = depositHeldOn((await entriesOf(tx, owner, lease.id)).map(factOf), today);
      if (input.amount_cents > held) {
        const verb = input.kind === "deposit_applied" ? "keep" : "return";
        throw new AppError("UNPROCESSABLE", [{ loc: ["body", "amount_cents"], msg: `This lease holds ${formatCents(held)} of security deposit: ${verb} at most that` }]);
      }
    }
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        ownerId: owner.id,
        leaseId: lease.id,
        date: input.date,
        kind: input.kind,
        description: input.description,
        amountCents: CHARGE_SIGN[input.kind] * input.amount_cents,
        depositCents: input.kind === "deposit_returned" ? -input.amount_cents : 0,
        period: periodOf(input.date),
        source: sourceOf(owner),
      })
      .returning();
    await auditStaffEntry(tx, owner, "staff_charge_recorded", { lease_id: lease.id, entry_id: entry!.id, kind: input.kind, amount_cents: input.amount_cents, date: input.date });
    await postLeaseNow(tx, lease, today);
    const rows = await entriesOf(tx, owner, lease.id);
    return { entry: withRunningBalance(rows).find((e) => e.id === entry!.id)!, balance_cents: balanceOf(rows) };
  });
}

/**
 * Voids an entry with a reason: a new entry of the opposite amount, dated like the one it cancels
 * so that its month nets to zero. A void cannot be voided, and an entry is voided once (409).
 */
export async function voidEntry(services: Services, owner: Owner, entryId: string, input: { reason: string; returned_unpaid?: boolean }) {
  const { reason } = input;
  if (!isUuid(entryId)) throw notFound(ENTRY_NOT_FOUND);
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.ownerId, owner.id)))
      .limit(1);
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    // Serialise writes to one lease's ledger.
    const lease = await findOwnedLease(tx, owner, entry.leaseId, true);
    if (entry.kind === "void") throw new AppError("CONFLICT", "A void cannot be voided. Record a new entry instead.");
    if (entry.kind === "balance_carried") {
      throw new AppError("CONFLICT", "A balance carried between a lease and its renewal follows the earlier term's ledger: correct that ledger, and the difference is carried again.");
    }
    const [already] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.voids, entry.id)).limit(1);
    if (already) throw new AppError("CONFLICT", "This entry is already voided.");
    const [created] = await tx
      .insert(ledgerEntries)
      .values({
        ownerId: owner.id,
        leaseId: entry.leaseId,
        date: entry.date,
        kind: "void",
        description: `Void: ${reason}`,
        amountCents: -entry.amountCents,
        period: entry.period,
        voids: entry.id,
        source: sourceOf(owner),
      })
      .returning();
    await auditStaffEntry(tx, owner, "staff_entry_voided", { lease_id: lease.id, entry_id: entry.id, reason });
    // A payment returned unpaid costs the tenant the lease's returned-payment fee, if the owner set one.
    if (input.returned_unpaid) {
      if (entry.kind !== "payment") throw new AppError("UNPROCESSABLE", [{ loc: ["body", "returned_unpaid"], msg: "Only a payment can be returned unpaid" }]);
      if (lease.returnedPaymentFeeCents) {
        await tx.insert(ledgerEntries).values({
          ownerId: owner.id,
          leaseId: lease.id,
          date: today,
          kind: "fee",
          description: `Returned payment fee: the payment of ${formatCents(-entry.amountCents)} dated ${dateLabel(entry.date)} was returned unpaid`,
          amountCents: lease.returnedPaymentFeeCents,
          period: periodOf(today),
          source: sourceOf(owner),
        });
      }
    }
    await postLeaseNow(tx, lease, today);
    const rows = await entriesOf(tx, owner, entry.leaseId);
    return { entry: withRunningBalance(rows).find((e) => e.id === created!.id)!, balance_cents: balanceOf(rows) };
  });
}
