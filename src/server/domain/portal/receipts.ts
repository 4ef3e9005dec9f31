import { and, asc, eq, inArray } from "drizzle-orm";
import { chicagoToday } from "../../../shared/calendar.ts";
import { PAYMENT_METHOD_LABELS } from "../../../shared/portal.ts";
import type { DbOrTx } from "../../db/client.ts";
import { autopayCharges, autopayEnrollments, leases, leaseTenants, ledgerEntries, members, rentPayments } from "../../db/schema.ts";
import { paymentReceiptPdf, receiptFileName, receiptNumber, type PaymentReceiptFacts } from "../../documents/receipt-pdf.ts";
import { AppError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { receiptCopyEmail } from "../../mail/portal-emails.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.ts";
import type { TenantAccountRow } from "../sessions.ts";
import type { Owner } from "./access.ts";
import { ENTRY_NOT_FOUND, withRunningBalance } from "./ledger.ts";
import { placesOf } from "./leases.ts";
import type { LedgerRow } from "./posting.ts";
import { readableLeaseIds } from "./tenant-access.ts";

// Payment receipts (issue 30, item 4; docs/decisions/0077): every payment on a ledger has a PDF
// receipt that the owner downloads and emails again to the lease's tenants, and the tenant
// downloads. Only payments have one; another owner's entry, or a lease the tenant does not see,
// answers like an entry that does not exist.

export const NOT_A_PAYMENT = "Only payments have receipts: this ledger entry is not a payment.";
export const RECEIPT_SENDS_PER_ENTRY: RateLimitRule = {
  name: "receipt-send:entry",
  limit: 5,
  windowMs: 60 * 60 * 1000,
  message: "This receipt was emailed several times in the last hour. Please wait before sending it again.",
};

/** Tenants made together with their lease share its time: by name, so a receipt always reads the same. */
const TENANT_ORDER = [asc(leaseTenants.createdAt), asc(leaseTenants.lastName), asc(leaseTenants.firstName), asc(leaseTenants.id)];

export interface ReceiptFile {
  body: Uint8Array;
  filename: string;
  contentType: "application/pdf";
  facts: PaymentReceiptFacts;
}

/** The names of whoever paid online (the tenant account behind a checkout or an autopay charge), or null. */
async function onlinePayer(db: DbOrTx, entry: LedgerRow): Promise<string | null> {
  const [checkout] = await db
    .select({ firstName: leaseTenants.firstName, lastName: leaseTenants.lastName })
    .from(rentPayments)
    .innerJoin(leaseTenants, and(eq(leaseTenants.leaseId, rentPayments.leaseId), eq(leaseTenants.tenantAccountId, rentPayments.tenantAccountId)))
    .where(eq(rentPayments.ledgerEntryId, entry.id))
    .limit(1);
  const [autopay] = checkout
    ? []
    : await db
        .select({ firstName: leaseTenants.firstName, lastName: leaseTenants.lastName })
        .from(autopayCharges)
        .innerJoin(autopayEnrollments, eq(autopayEnrollments.id, autopayCharges.enrollmentId))
        .innerJoin(leaseTenants, eq(leaseTenants.id, autopayEnrollments.leaseTenantId))
        .where(eq(autopayCharges.ledgerEntryId, entry.id))
        .limit(1);
  const payer = checkout ?? autopay;
  return payer ? `${payer.firstName} ${payer.lastName}` : null;
}

/** The receipt of a payment entry already found in its owner's or tenant's scope; 404 for any other kind of entry. */
async function receiptOf(db: DbOrTx, entry: LedgerRow): Promise<ReceiptFile> {
  if (entry.kind !== "payment") throw notFound(NOT_A_PAYMENT);
  const [lease] = await db.select().from(leases).where(eq(leases.id, entry.leaseId));
  const [rows, tenants, [owner], place, payer, autopay] = await Promise.all([
    db.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, entry.leaseId)).orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq)),
    db.select().from(leaseTenants).where(eq(leaseTenants.leaseId, entry.leaseId)).orderBy(...TENANT_ORDER),
    db.select().from(members).where(eq(members.id, entry.ownerId)),
    placesOf(db, entry.ownerId, [lease!.unitId]).then((places) => places.get(lease!.unitId)!),
    onlinePayer(db, entry),
    db.select({ id: autopayCharges.id }).from(autopayCharges).where(eq(autopayCharges.ledgerEntryId, entry.id)).limit(1),
  ]);
  const after = withRunningBalance(rows).find((e) => e.id === entry.id)!;
  const voidRow = rows.find((r) => r.voids === entry.id);
  const method = `${entry.method ? PAYMENT_METHOD_LABELS[entry.method] : "Other"}${entry.source === "tenant" ? `, paid online${autopay.length ? " by autopay" : ""}` : ""}`;
  const facts: PaymentReceiptFacts = {
    number: receiptNumber(entry.id),
    paidOn: entry.date,
    amountCents: -entry.amountCents,
    method,
    reference: entry.reference,
    description: entry.description,
    payer: payer ?? (tenants.map((t) => `${t.firstName} ${t.lastName}`).join(" and ") || "The tenant"),
    payee: `${owner!.firstName} ${owner!.lastName}`,
    place: `${place.property.line1}, unit ${place.unit.label}, ${place.property.city}, ${place.property.state} ${place.property.zip}`,
    balanceAfterCents: after.balance_cents,
    // A void is dated like what it cancels; the day it was voided is the day it was recorded.
    voided: voidRow ? { on: chicagoToday(voidRow.createdAt), reason: voidRow.description.replace(/^Void: /, "") } : null,
    recordedAt: entry.createdAt,
  };
  return { body: await paymentReceiptPdf(facts), filename: receiptFileName(facts), contentType: "application/pdf", facts };
}

async function ownedEntry(db: DbOrTx, owner: Owner, entryId: string): Promise<LedgerRow> {
  if (!isUuid(entryId)) throw notFound(ENTRY_NOT_FOUND);
  const [entry] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.ownerId, owner.id))).limit(1);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  return entry;
}

/** GET /api/portal/ledger/{entry_id}/receipt */
export async function ownerReceipt(services: Services, owner: Owner, entryId: string): Promise<ReceiptFile> {
  return receiptOf(services.db, await ownedEntry(services.db, owner, entryId));
}

/** GET /api/tenant/payments/{entry_id}/receipt: a payment on a lease the tenant sees. */
export async function tenantReceipt(services: Services, tenant: TenantAccountRow, entryId: string): Promise<ReceiptFile> {
  if (!isUuid(entryId)) throw notFound(ENTRY_NOT_FOUND);
  const today = chicagoToday(services.now());
  const [entry] = await services.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, entryId), inArray(ledgerEntries.leaseId, readableLeaseIds(services.db, tenant.id, today))))
    .limit(1);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  return receiptOf(services.db, entry);
}

/**
 * POST /api/portal/ledger/{entry_id}/receipt/send: the receipt emailed again, with its PDF, to every
 * tenant of the lease who has an email, in one transaction with the outbox.
 */
export async function sendReceipt(services: Services, owner: Owner, entryId: string) {
  const entry = await ownedEntry(services.db, owner, entryId);
  const receipt = await receiptOf(services.db, entry);
  const tenants = (await services.db.select().from(leaseTenants).where(eq(leaseTenants.leaseId, entry.leaseId)).orderBy(...TENANT_ORDER)).filter((t) => t.email);
  if (tenants.length === 0) throw new AppError("UNPROCESSABLE", "No tenant of this lease has an email address: add one to the lease to send the receipt.");
  const attachment = { filename: receipt.filename, contentType: receipt.contentType, content: Buffer.from(receipt.body).toString("base64") };
  await services.db.transaction(async (tx) => {
    await hitRateLimit(tx, RECEIPT_SENDS_PER_ENTRY, entry.id, services.now());
    for (const tenant of tenants) {
      await enqueueEmail(tx, { to: tenant.email!, attachments: [attachment], ...receiptCopyEmail(services.config, { firstName: tenant.firstName, receipt: receipt.facts }) });
    }
  });
  return { success: true, entry_id: entry.id, receipt_number: receipt.facts.number, voided: receipt.facts.voided !== null, sent_to: tenants.map((t) => t.email!) };
}
