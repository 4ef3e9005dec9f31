import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { autopayAuthorization, AUTOPAY_RETRY_DAYS, paymentMethodLabel } from "../../../shared/autopay.ts";
import type { TAutopayRequest } from "../../../shared/autopay-schema.ts";
import { chicagoToday, maxDate, periodOf, plusDays, type IsoDate } from "../../../shared/calendar.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { autopayCharges, autopayEnrollments, leases, leaseTenants, ledgerEntries, members, payoutAccounts, tenantAccounts, tenantPaymentCustomers } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { autopayFailedEmail, autopayOffEmail, autopayOnEmail, ownerAutopayEmail } from "../../mail/autopay-emails.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { rentProvider, testRentProvider } from "../../payments/index.ts";
import { AUTOPAY_KIND, AUTOPAY_SETUP_KIND, type AutopaySetupSnapshot, type SavedMethodPaymentSnapshot } from "../../payments/rent-provider.ts";
import type { TestSavedMethod } from "../../payments/test-connect.ts";
import type { Services } from "../../services.ts";
import type { RequestMeta } from "../caller.ts";
import { isUuid } from "../ids.ts";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.ts";
import type { TenantAccountRow } from "../sessions.ts";
import { balanceDueOn } from "./cash-rules.ts";
import { placesOf } from "./leases.ts";
import { applyOnlinePayment, applyRentProviderEvents } from "./online-rent.ts";
import { factOf, postLeaseNow, termsOf, type LeaseRow } from "./posting.ts";
import { rentSchedule } from "./rent.ts";
import { assertLeaseRunning, tenancyOf } from "./tenant-access.ts";
import { findTenantLease } from "./tenants.ts";

// Autopay (issue 30, item 3; docs/features/autopay-and-receipts.md, docs/decisions/0075, 0076).
// A tenant saves a card or bank account by a setup checkout (Stripe Checkout in setup mode, or the
// test provider's TEST MODE page) after reading the authorization; the enrollment turns active when
// the provider confirms the saved method. On each due day the daily job charges the balance then
// due, never more than the tenant's limit, off session as a destination charge to the owner's
// account. Each charge is claimed first by its key (lease, due date, attempt) in the database, so
// however many processes run the job, one charges. The payment reaches the ledger only from the
// provider's verified events, by the same code as a checkout's; a failed charge is tried once more
// three days later, and the tenant and the owner are emailed each time one fails.

type Enrollment = typeof autopayEnrollments.$inferSelect;
type Charge = typeof autopayCharges.$inferSelect;

const HOUR = 60 * 60 * 1000;
export const AUTOPAY_SETUPS_PER_TENANT: RateLimitRule = {
  name: "autopay-setup:tenant",
  limit: 10,
  windowMs: HOUR,
  message: "Too many autopay setups in the last hour. Please wait a little and try again.",
};
/** A due day missed while no server ran is still charged this many days later; never older ones. */
export const AUTOPAY_CATCH_UP_DAYS = 2;
/** A claim left this long without the provider's answer (its process was cut off) is taken again, with the same idempotency key. */
export const AUTOPAY_CLAIM_STALE_MS = 15 * 60 * 1000;
/** A claim the provider never answered is given up (failed, both told) before its idempotency key expires. */
export const AUTOPAY_CLAIM_GIVE_UP_MS = 23 * 60 * 60 * 1000;
const AUTOPAY_NOT_ON = "Autopay is not set up for this lease.";

/** What an owner sees of a tenant's autopay on a lease (PORTAL.md 8a): null when it was never turned on. */
export function describeAutopay(row: Pick<Enrollment, "status" | "brand" | "last4" | "limitCents"> | null) {
  if (!row) return null;
  return {
    enabled: row.status === "active",
    method: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
    limit_cents: row.limitCents,
  };
}
export type AutopayView = ReturnType<typeof describeAutopay>;

/** Each lease tenant's autopay: the active one, else the last one that was ever on (now stopped). */
export async function autopayByLeaseTenant(db: DbOrTx, leaseIds: string[]): Promise<Map<string, AutopayView>> {
  const views = new Map<string, AutopayView>();
  if (leaseIds.length === 0) return views;
  const rows = await db
    .select()
    .from(autopayEnrollments)
    .where(and(inArray(autopayEnrollments.leaseId, leaseIds), isNotNull(autopayEnrollments.activatedAt)))
    .orderBy(desc(autopayEnrollments.activatedAt));
  for (const row of rows) {
    if (!views.has(row.leaseTenantId) || row.status === "active") views.set(row.leaseTenantId, describeAutopay(row));
  }
  return views;
}

/** The tenant's side: their autopay on each of these leases, whether another tenant pays one, and the latest charge. */
export async function tenantAutopays(db: DbOrTx, tenant: TenantAccountRow, leaseIds: string[]) {
  const views = new Map<string, ReturnType<typeof tenantAutopayView>>();
  if (leaseIds.length === 0) return views;
  const [enrollments, charges] = await Promise.all([
    db.select().from(autopayEnrollments).where(inArray(autopayEnrollments.leaseId, leaseIds)).orderBy(desc(autopayEnrollments.createdAt)),
    db.select().from(autopayCharges).where(inArray(autopayCharges.leaseId, leaseIds)).orderBy(desc(autopayCharges.dueDate), desc(autopayCharges.attempt)),
  ]);
  for (const leaseId of leaseIds) {
    const mine = enrollments.filter((e) => e.leaseId === leaseId && e.tenantAccountId === tenant.id);
    const other = enrollments.some((e) => e.leaseId === leaseId && e.status === "active" && e.tenantAccountId !== tenant.id);
    const current = mine.find((e) => e.status === "active") ?? mine.find((e) => e.activatedAt) ?? null;
    const last = current ? (charges.find((c) => c.leaseId === leaseId && c.enrollmentId === current.id && c.status !== "skipped") ?? null) : null;
    views.set(leaseId, tenantAutopayView(current, other, last));
  }
  return views;
}

function tenantAutopayView(row: Enrollment | null, otherTenantPays: boolean, last: Charge | null) {
  return {
    ...(describeAutopay(row) ?? { enabled: false, method: null, limit_cents: null }),
    method_type: row?.methodType ?? null,
    activated_at: row?.activatedAt?.toISOString() ?? null,
    stopped_at: row?.stoppedAt?.toISOString() ?? null,
    /** The authorization the tenant agreed to, as stored. */
    authorization: row?.authorizationText ?? null,
    /** Another tenant of the lease pays it by autopay: one autopay pays a lease's balance. */
    other_tenant_pays: otherTenantPays,
    last_charge: last
      ? {
          due_date: last.dueDate,
          attempt: last.attempt,
          amount_cents: last.amountCents,
          status: last.status,
          failure_message: last.failureMessage,
          retry_on: last.status === "failed" && last.attempt === 1 && last.failedOn ? plusDays(last.failedOn, AUTOPAY_RETRY_DAYS) : null,
        }
      : null,
  };
}

/** The lease's tenant row for this account (the one they accepted), or 404. */
async function tenancyOfLease(db: DbOrTx, tenant: TenantAccountRow, leaseId: string) {
  const [row] = await db.select().from(leaseTenants).where(and(eq(leaseTenants.leaseId, leaseId), tenancyOf(tenant.id))).limit(1);
  if (!row) throw notFound("Lease not found.");
  return row;
}

/** "1834 S Loomis St, unit 1, Chicago": the home as the authorization and the emails name it. */
export const autopayPlace = (property: { line1: string; city: string }, unit: { label: string }) => `${property.line1}, unit ${unit.label}, ${property.city}`;

/** The home and the landlord, for the authorization and the emails. */
async function leaseFacts(db: DbOrTx, lease: LeaseRow) {
  const place = (await placesOf(db, lease.ownerId, [lease.unitId])).get(lease.unitId)!;
  const [owner] = await db.select().from(members).where(eq(members.id, lease.ownerId));
  return { place: autopayPlace(place.property, place.unit), owner: owner! };
}

/** The tenant's customer at the provider: made once, kept (a race makes one too many at worst, never two in use). */
async function payerCustomer(services: Services, tenant: TenantAccountRow): Promise<string> {
  const provider = rentProvider(services);
  const known = and(eq(tenantPaymentCustomers.tenantAccountId, tenant.id), eq(tenantPaymentCustomers.provider, provider.name));
  const [existing] = await services.db.select().from(tenantPaymentCustomers).where(known);
  if (existing) return existing.customerId;
  const customerId = await provider.createPayerCustomer({ tenantAccountId: tenant.id, email: tenant.email, name: `${tenant.firstName} ${tenant.lastName}` });
  await services.db.insert(tenantPaymentCustomers).values({ tenantAccountId: tenant.id, provider: provider.name, customerId }).onConflictDoNothing();
  const [kept] = await services.db.select().from(tenantPaymentCustomers).where(known);
  return kept!.customerId;
}

/**
 * POST /api/tenant/leases/{id}/autopay: the authorization the tenant read (stored word for word,
 * with the time and where it came from) and a setup checkout that saves their card or bank
 * account. Autopay is on once the provider confirms the saved method.
 */
export async function startAutopay(services: Services, tenant: TenantAccountRow, leaseId: string, input: TAutopayRequest, meta: RequestMeta) {
  const { db } = services;
  const now = services.now();
  const today = chicagoToday(now);
  const lease = await findTenantLease(db, tenant, leaseId, today);
  assertLeaseRunning(lease, today, "autopay");
  const tenancy = await tenancyOfLease(db, tenant, lease.id);
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, lease.ownerId));
  if (!account?.chargesEnabled) throw new AppError("CONFLICT", "Your landlord does not take rent online yet, so autopay cannot be set up. Pay as your lease says.");
  const [active] = await db.select().from(autopayEnrollments).where(and(eq(autopayEnrollments.leaseId, lease.id), eq(autopayEnrollments.status, "active")));
  if (active && active.tenantAccountId !== tenant.id) {
    throw new AppError("CONFLICT", "Another tenant of this lease already pays it by autopay: one autopay pays a lease's balance. Ask them, or your landlord, if that should change.");
  }
  await hitRateLimit(db, AUTOPAY_SETUPS_PER_TENANT, tenant.id, now);
  const { place, owner } = await leaseFacts(db, lease);
  const authorization = autopayAuthorization({
    tenantName: `${tenancy.firstName} ${tenancy.lastName}`,
    landlord: `${owner.firstName} ${owner.lastName}`,
    place,
    dueDay: lease.dueDay,
    limitCents: input.limit_cents,
  });
  const customerId = await payerCustomer(services, tenant);
  const id = crypto.randomUUID();
  const provider = rentProvider(services);
  const base = services.config.PUBLIC_URL;
  const setup = await provider.createAutopaySetup({
    accountId: account.accountId,
    customerId,
    description: `Autopay of the rent for ${place}`,
    clientReferenceId: id,
    metadata: { kind: AUTOPAY_SETUP_KIND, autopay_id: id, lease_id: lease.id, owner_id: lease.ownerId },
    successUrl: `${base}/tenant/autopay/${id}`,
    cancelUrl: `${base}/tenant`,
    idempotencyKey: `autopay-setup-${id}`,
  });
  await db.insert(autopayEnrollments).values({
    id,
    ownerId: lease.ownerId,
    leaseId: lease.id,
    leaseTenantId: tenancy.id,
    tenantAccountId: tenant.id,
    provider: provider.name,
    limitCents: input.limit_cents,
    setupSessionId: setup.sessionId,
    customerId,
    authorizationText: authorization,
    authorizedAt: now,
    authorizedIp: meta.ip,
    authorizedUserAgent: meta.userAgent,
  });
  return { autopay_id: id, setup_url: setup.url, authorization };
}

/** GET /api/tenant/autopay/{id}: a setup the tenant started, asking the provider while it is pending (the return page). */
export async function autopaySetupStatus(services: Services, tenant: TenantAccountRow, id: string) {
  if (!isUuid(id)) throw notFound("Autopay setup not found.");
  const mine = and(eq(autopayEnrollments.id, id), eq(autopayEnrollments.tenantAccountId, tenant.id));
  let [row] = await services.db.select().from(autopayEnrollments).where(mine);
  if (!row) throw notFound("Autopay setup not found.");
  if (row.status === "pending") {
    // The provider's event may not have arrived yet: ask it (the same reconciling as the event).
    const snapshot = await rentProvider(services).getAutopaySetup(row.setupSessionId);
    if (snapshot?.state === "complete") {
      await services.db.transaction((tx) => reconcileAutopaySetup(tx, services, snapshot));
      [row] = await services.db.select().from(autopayEnrollments).where(mine);
    }
  }
  return { id: row!.id, lease_id: row!.leaseId, status: row!.status, method_type: row!.methodType, ...describeAutopay(row!)! };
}

/**
 * Turns a setup the provider confirmed into the lease's autopay: the saved method, active; the
 * tenant's earlier autopay on the lease (another method) ends. Emails the tenant a copy of the
 * authorization and tells the owner. Under the enrollment's lock: a second delivery changes nothing.
 */
export async function reconcileAutopaySetup(tx: Tx, services: Services, snapshot: AutopaySetupSnapshot): Promise<"applied" | "unknown"> {
  const [found] = await tx.select({ leaseId: autopayEnrollments.leaseId }).from(autopayEnrollments).where(eq(autopayEnrollments.setupSessionId, snapshot.sessionId));
  if (!found) return "unknown";
  const lease = await lockLease(tx, found.leaseId);
  const row = (await tx.select().from(autopayEnrollments).where(eq(autopayEnrollments.setupSessionId, snapshot.sessionId)).for("update"))[0]!;
  if (row.status !== "pending" || snapshot.state !== "complete" || !snapshot.paymentMethod) return "applied";
  const now = services.now();
  const [active] = await tx.select().from(autopayEnrollments).where(and(eq(autopayEnrollments.leaseId, row.leaseId), eq(autopayEnrollments.status, "active")));
  if (active && active.tenantAccountId !== row.tenantAccountId) {
    // Another tenant turned it on meanwhile: this setup does not take over their autopay.
    await tx.update(autopayEnrollments).set({ status: "stopped", stoppedAt: now, stoppedBy: "system", updatedAt: now }).where(eq(autopayEnrollments.id, row.id));
    return "applied";
  }
  if (active) await tx.update(autopayEnrollments).set({ status: "stopped", stoppedAt: now, stoppedBy: "system", updatedAt: now }).where(eq(autopayEnrollments.id, active.id));
  const method = snapshot.paymentMethod;
  const [on] = await tx
    .update(autopayEnrollments)
    .set({ status: "active", paymentMethodId: method.id, methodType: method.type, brand: method.brand, last4: method.last4, activatedAt: now, updatedAt: now })
    .where(eq(autopayEnrollments.id, row.id))
    .returning();
  const { place, owner } = await leaseFacts(tx, lease);
  const [account] = await tx.select().from(tenantAccounts).where(eq(tenantAccounts.id, row.tenantAccountId));
  const [tenancy] = await tx.select().from(leaseTenants).where(eq(leaseTenants.id, row.leaseTenantId));
  await enqueueEmail(tx, {
    to: account!.email,
    ...autopayOnEmail(services.config, { firstName: tenancy!.firstName, place, method: paymentMethodLabel(on!.methodType, describeAutopay(on!)!.method), limitCents: row.limitCents, authorization: row.authorizationText }),
  });
  if (!active) {
    await enqueueEmail(tx, {
      to: owner.email,
      memberId: owner.id,
      ...ownerAutopayEmail(services.config, { ownerFirstName: owner.firstName, tenantName: `${tenancy!.firstName} ${tenancy!.lastName}`, place, on: true, limitCents: row.limitCents, leaseId: row.leaseId }),
    });
  }
  return "applied";
}

/**
 * Ends autopay of these enrollments (and any setup still pending, so it cannot turn on later),
 * with the emails, in the caller's transaction. Answers the saved methods to detach.
 */
async function endAutopay(tx: Tx, services: Services, rows: Enrollment[], by: "tenant" | "owner"): Promise<string[]> {
  const now = services.now();
  for (const row of rows) {
    await tx.update(autopayEnrollments).set({ status: "stopped", stoppedAt: now, stoppedBy: by, updatedAt: now }).where(eq(autopayEnrollments.id, row.id));
  }
  const wasOn = rows.filter((r) => r.status === "active");
  for (const row of wasOn) {
    const [lease] = await tx.select().from(leases).where(eq(leases.id, row.leaseId));
    const { place, owner } = await leaseFacts(tx, lease!);
    const [account] = await tx.select().from(tenantAccounts).where(eq(tenantAccounts.id, row.tenantAccountId));
    const [tenancy] = await tx.select().from(leaseTenants).where(eq(leaseTenants.id, row.leaseTenantId));
    await enqueueEmail(tx, { to: account!.email, ...autopayOffEmail(services.config, { firstName: tenancy!.firstName, place, by }) });
    if (by === "tenant") {
      await enqueueEmail(tx, {
        to: owner.email,
        memberId: owner.id,
        ...ownerAutopayEmail(services.config, { ownerFirstName: owner.firstName, tenantName: `${tenancy!.firstName} ${tenancy!.lastName}`, place, on: false, limitCents: row.limitCents, leaseId: row.leaseId }),
      });
    }
  }
  return wasOn.map((r) => r.paymentMethodId).filter((id): id is string => Boolean(id));
}

/** After the stop is committed: the saved methods can no longer be charged at the provider (best effort; nothing charges a stopped autopay). */
async function detachMethods(services: Services, methodIds: string[]) {
  for (const id of methodIds) {
    await rentProvider(services)
      .detachPaymentMethod(id)
      .catch((error) => console.error("[autopay] detaching a stopped method failed:", error instanceof Error ? error.message : error));
  }
}

/** DELETE /api/tenant/leases/{id}/autopay: the tenant stops autopay at any time (a charge already started completes). */
export async function stopAutopay(services: Services, tenant: TenantAccountRow, leaseId: string) {
  const lease = await findTenantLease(services.db, tenant, leaseId, chicagoToday(services.now()));
  const detach = await services.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(autopayEnrollments)
      .where(and(eq(autopayEnrollments.leaseId, lease.id), eq(autopayEnrollments.tenantAccountId, tenant.id), inArray(autopayEnrollments.status, ["active", "pending"])))
      .for("update");
    return endAutopay(tx, services, rows, "tenant");
  });
  await detachMethods(services, detach);
  return (await tenantAutopays(services.db, tenant, [lease.id])).get(lease.id)!;
}

/** The owner removed a tenant's access to a lease: that tenant's autopay on it stops too (in the caller's transaction). */
export async function endAutopayOfTenancy(tx: Tx, services: Services, leaseTenantId: string): Promise<string[]> {
  const rows = await tx
    .select()
    .from(autopayEnrollments)
    .where(and(eq(autopayEnrollments.leaseTenantId, leaseTenantId), inArray(autopayEnrollments.status, ["active", "pending"])))
    .for("update");
  return endAutopay(tx, services, rows, "owner");
}
export { detachMethods as detachStoppedMethods };

/**
 * The lease's row lock: every transaction that writes an autopay row of a lease takes it first (as
 * recording a payment does), so two of them never wait on each other in opposite orders.
 */
async function lockLease(tx: Tx, leaseId: string): Promise<LeaseRow> {
  const [lease] = await tx.select().from(leases).where(eq(leases.id, leaseId)).for("update");
  return lease!;
}

/** An autopay charge under its lease's lock, then its own. */
async function lockCharge(tx: Tx, chargeId: string): Promise<Charge | null> {
  const [found] = await tx.select({ leaseId: autopayCharges.leaseId }).from(autopayCharges).where(eq(autopayCharges.id, chargeId));
  if (!found) return null;
  await lockLease(tx, found.leaseId);
  const [row] = await tx.select().from(autopayCharges).where(eq(autopayCharges.id, chargeId)).for("update");
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The daily charges
// ---------------------------------------------------------------------------------------------

interface DueCharge {
  enrollment: Enrollment;
  lease: LeaseRow;
  dueDate: IsoDate;
  attempt: 1 | 2;
}

/**
 * What autopay charges today: each active autopay's due dates from the day it was turned on, today
 * or missed in the last AUTOPAY_CATCH_UP_DAYS days (attempt 1), and the retries of charges that
 * failed AUTOPAY_RETRY_DAYS days ago or more (attempt 2, with the method saved now). Claims already
 * made are left out; the claim itself decides.
 */
export async function dueAutopayCharges(db: DbOrTx, today: IsoDate): Promise<DueCharge[]> {
  const rows = await db
    .select({ enrollment: autopayEnrollments, lease: leases })
    .from(autopayEnrollments)
    .innerJoin(leases, eq(leases.id, autopayEnrollments.leaseId))
    .where(eq(autopayEnrollments.status, "active"))
    .orderBy(asc(autopayEnrollments.leaseId));
  if (rows.length === 0) return [];
  const since = plusDays(today, -AUTOPAY_CATCH_UP_DAYS);
  // A charge that failed AUTOPAY_RETRY_DAYS ago is tried again today, or in the catch-up days after; never later.
  const retryBy = plusDays(today, -AUTOPAY_RETRY_DAYS);
  const retrySince = plusDays(retryBy, -AUTOPAY_CATCH_UP_DAYS);
  const claims = await db
    .select({ leaseId: autopayCharges.leaseId, dueDate: autopayCharges.dueDate, attempt: autopayCharges.attempt, status: autopayCharges.status, failedOn: autopayCharges.failedOn })
    .from(autopayCharges)
    .where(and(inArray(autopayCharges.leaseId, rows.map((r) => r.lease.id)), gte(autopayCharges.dueDate, plusDays(today, -62))));
  const claimed = new Set(claims.map((c) => `${c.leaseId}|${c.dueDate}|${c.attempt}`));
  const due: DueCharge[] = [];
  for (const { enrollment, lease } of rows) {
    const from = maxDate(since, chicagoToday(enrollment.activatedAt!));
    for (const charge of rentSchedule(termsOf(lease), today, periodOf(from))) {
      if (charge.date < from || (lease.booksFrom && charge.date < lease.booksFrom)) continue;
      if (!claimed.has(`${lease.id}|${charge.date}|1`)) due.push({ enrollment, lease, dueDate: charge.date, attempt: 1 });
    }
    for (const failed of claims.filter((c) => c.leaseId === lease.id && c.attempt === 1 && c.status === "failed" && c.failedOn && c.failedOn <= retryBy && c.failedOn >= retrySince)) {
      if (!claimed.has(`${lease.id}|${failed.dueDate}|2`)) due.push({ enrollment, lease, dueDate: failed.dueDate, attempt: 2 });
    }
  }
  return due;
}

/**
 * The daily job's autopay: claims and charges what is due today, then takes again the claims whose
 * process was cut off before the provider answered. Idempotent, and safe with any number of
 * processes: a charge is claimed by inserting its key, and only the process whose insert wins
 * charges (with an idempotency key of the claim's id, so a claim taken again never charges twice).
 */
export async function runAutopay(services: Services, today: IsoDate): Promise<{ charged: number; skipped: number }> {
  let charged = 0;
  let skipped = 0;
  // One lease's trouble (a database error) is logged and waits for the next run; the others go on.
  const each = async (lease: string, work: () => Promise<void>) =>
    work().catch((error) => console.error(`[autopay] lease ${lease}:`, error instanceof Error ? error.message : error));
  for (const item of await dueAutopayCharges(services.db, today)) {
    await each(item.lease.id, async () => {
      const claim = await claimCharge(services, item, today);
      if (claim?.status === "skipped") skipped += 1;
      else if (claim && (await chargeClaim(services, claim, item.enrollment, today))) charged += 1;
    });
  }
  for (const { claim, enrollment } of await takeStaleClaims(services, today)) {
    await each(claim.leaseId, async () => {
      if (await chargeClaim(services, claim, enrollment, today)) charged += 1;
    });
  }
  return { charged, skipped };
}

/**
 * Claims one charge: the balance then due, less autopay's charges still on their way to the ledger,
 * never more than the limit; "skipped" when nothing is due. Null: another process has it.
 */
async function claimCharge(services: Services, item: DueCharge, today: IsoDate): Promise<Charge | null> {
  return services.db.transaction(async (tx) => {
    // The lease's lock orders this with a payment or charge being recorded on it now.
    const lease = await lockLease(tx, item.lease.id);
    const [enrollment] = await tx.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, item.enrollment.id));
    if (enrollment?.status !== "active") return null;
    await postLeaseNow(tx, lease, today);
    const entries = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, lease.id)).orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq));
    // Autopay's own charges taken and not on the ledger yet (their event is still to come) pay that much of the balance already.
    const inFlight = await tx
      .select({ amountCents: autopayCharges.amountCents })
      .from(autopayCharges)
      .where(and(eq(autopayCharges.leaseId, lease.id), isNull(autopayCharges.ledgerEntryId), inArray(autopayCharges.status, ["claimed", "processing", "paid"])));
    const due = balanceDueOn(entries.map(factOf), today) - inFlight.reduce((sum, c) => sum + c.amountCents, 0);
    const amount = Math.min(due, enrollment.limitCents);
    const [claim] = await tx
      .insert(autopayCharges)
      .values({
        ownerId: lease.ownerId,
        leaseId: lease.id,
        enrollmentId: enrollment.id,
        dueDate: item.dueDate,
        attempt: item.attempt,
        amountCents: Math.max(amount, 0),
        status: amount > 0 ? "claimed" : "skipped",
        claimedAt: services.now(),
        createdAt: services.now(),
      })
      .onConflictDoNothing()
      .returning();
    return claim ?? null;
  });
}

/** Claims whose process stopped between the claim and the provider's answer, taken again by one process (the update decides). */
async function takeStaleClaims(services: Services, today: IsoDate): Promise<{ claim: Charge; enrollment: Enrollment }[]> {
  const now = services.now();
  const stale = (id?: string) =>
    and(
      ...(id ? [eq(autopayCharges.id, id)] : []),
      eq(autopayCharges.status, "claimed"),
      isNull(autopayCharges.paymentRef),
      lt(autopayCharges.claimedAt, new Date(now.getTime() - AUTOPAY_CLAIM_STALE_MS)),
    );
  const rows = await services.db
    .select({ claim: autopayCharges, enrollment: autopayEnrollments })
    .from(autopayCharges)
    .innerJoin(autopayEnrollments, eq(autopayEnrollments.id, autopayCharges.enrollmentId))
    .where(stale());
  const taken: { claim: Charge; enrollment: Enrollment }[] = [];
  for (const { claim, enrollment } of rows) {
    if (claim.createdAt.getTime() < now.getTime() - AUTOPAY_CLAIM_GIVE_UP_MS) {
      // Stripe keeps an idempotency key a day: past that, trying again could charge twice. It failed.
      await services.db.transaction(async (tx) => {
        if ((await lockCharge(tx, claim.id))?.status === "claimed") await failCharge(tx, services, claim.id, "The payment service did not answer for a day.", today);
      });
      continue;
    }
    // Still stale when updated: of two processes, the first takes it and the second finds it fresh.
    const [again] = await services.db
      .update(autopayCharges)
      .set(enrollment.status === "active" ? { claimedAt: now } : { status: "skipped", updatedAt: now })
      .where(stale(claim.id))
      .returning();
    if (again?.status === "claimed") taken.push({ claim: again, enrollment });
  }
  return taken;
}

/**
 * Charges a claim at the provider as a destination charge to the owner's account. A decline is
 * recorded at once (no ledger change); a payment reaches the ledger from the provider's events.
 * Answers whether the provider took the charge (whatever its outcome).
 */
async function chargeClaim(services: Services, claim: Charge, enrollment: Enrollment, today: IsoDate): Promise<boolean> {
  const provider = rentProvider(services);
  const [account] = await services.db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, claim.ownerId));
  if (!account?.chargesEnabled || !enrollment.paymentMethodId) {
    await services.db.transaction(async (tx) => {
      if (await lockCharge(tx, claim.id)) await failCharge(tx, services, claim.id, "Your landlord's account cannot take payments right now.", today);
    });
    return false;
  }
  const [lease] = await services.db.select().from(leases).where(eq(leases.id, claim.leaseId));
  const { place } = await leaseFacts(services.db, lease!);
  let snapshot: SavedMethodPaymentSnapshot;
  try {
    snapshot = await provider.chargeSavedMethod({
      accountId: account.accountId,
      customerId: enrollment.customerId,
      paymentMethodId: enrollment.paymentMethodId,
      amountCents: claim.amountCents,
      description: `Autopay: rent for ${place}`,
      metadata: { kind: AUTOPAY_KIND, autopay_charge_id: claim.id, lease_id: claim.leaseId, owner_id: claim.ownerId },
      idempotencyKey: `autopay-charge-${claim.id}`,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "UNPROCESSABLE") {
      // Refused for good by the provider: a failed charge, with its emails and its retry.
      await services.db.transaction(async (tx) => {
        if (await lockCharge(tx, claim.id)) await failCharge(tx, services, claim.id, error.message, today);
      });
      return false;
    }
    // No answer: the claim stays, and is taken again once stale, with the same idempotency key.
    console.error("[autopay] charge not answered:", error instanceof Error ? error.message : error);
    return false;
  }
  await services.db.transaction(async (tx) => {
    const row = await lockCharge(tx, claim.id);
    if (!row!.paymentRef) await tx.update(autopayCharges).set({ paymentRef: snapshot.paymentRef, method: snapshot.method, updatedAt: services.now() }).where(eq(autopayCharges.id, claim.id));
    // A decline is known now; a payment waits for its event.
    if (snapshot.state === "failed") await failCharge(tx, services, claim.id, snapshot.failureMessage ?? "The payment was declined.", today);
  });
  // The test provider's events, as its webhooks would deliver them; a test bank debit then settles.
  await applyRentProviderEvents(services);
  if (provider.name === "test" && snapshot.state === "processing") {
    await testRentProvider(services).settleBankDebit(snapshot.paymentRef);
    await applyRentProviderEvents(services);
  }
  return true;
}

/** A charge failed (under its lock): once per charge, its status, the day, and an email to the tenant and the owner (with the retry's day, for a first attempt). */
async function failCharge(tx: Tx, services: Services, chargeId: string, reason: string, today: IsoDate) {
  const [failed] = await tx
    .update(autopayCharges)
    .set({ status: "failed", failedOn: today, failureMessage: reason, updatedAt: services.now() })
    .where(and(eq(autopayCharges.id, chargeId), or(eq(autopayCharges.status, "claimed"), eq(autopayCharges.status, "processing"), eq(autopayCharges.status, "paid"))))
    .returning();
  if (!failed) return;
  const [enrollment] = await tx.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, failed.enrollmentId));
  const [lease] = await tx.select().from(leases).where(eq(leases.id, failed.leaseId));
  const { place, owner } = await leaseFacts(tx, lease!);
  const [account] = await tx.select().from(tenantAccounts).where(eq(tenantAccounts.id, enrollment!.tenantAccountId));
  const [tenancy] = await tx.select().from(leaseTenants).where(eq(leaseTenants.id, enrollment!.leaseTenantId));
  const failure = {
    place,
    tenantName: `${tenancy!.firstName} ${tenancy!.lastName}`,
    amountCents: failed.amountCents,
    dueDate: failed.dueDate,
    reason,
    retryOn: failed.attempt === 1 ? plusDays(today, AUTOPAY_RETRY_DAYS) : null,
    leaseId: failed.leaseId,
  };
  await enqueueEmail(tx, { to: account!.email, ...autopayFailedEmail(services.config, { kind: "tenant", firstName: tenancy!.firstName }, failure) });
  await enqueueEmail(tx, { to: owner.email, memberId: owner.id, ...autopayFailedEmail(services.config, { kind: "owner", firstName: owner.firstName }, failure) });
}

/**
 * Brings an autopay charge and the ledger to its PaymentIntent's state as the provider reports it
 * (the same ledger writing as a checkout's payment), found by the charge id in its metadata, under
 * its lease's lock and its own: duplicate and out-of-order deliveries end in the provider's current state.
 */
export async function reconcileAutopayCharge(tx: Tx, services: Services, snapshot: SavedMethodPaymentSnapshot): Promise<"applied" | "unknown"> {
  const chargeId = snapshot.metadata.autopay_charge_id;
  const row = chargeId && isUuid(chargeId) ? await lockCharge(tx, chargeId) : null;
  if (!row || (row.paymentRef && row.paymentRef !== snapshot.paymentRef)) return "unknown";
  const books = await applyOnlinePayment(tx, services, row, snapshot, "Autopay payment");
  const status = books.refundedCents > 0 && books.refundedCents >= row.amountCents ? "refunded" : snapshot.state;
  await tx
    .update(autopayCharges)
    .set({
      paymentRef: snapshot.paymentRef,
      method: snapshot.method,
      ledgerEntryId: books.ledgerEntryId,
      reversalEntryId: books.reversalEntryId,
      refundedCents: books.refundedCents,
      ...(status === "failed" ? {} : { status }),
      updatedAt: services.now(),
    })
    .where(eq(autopayCharges.id, row.id));
  if (snapshot.state === "failed") await failCharge(tx, services, row.id, snapshot.failureMessage ?? "The payment was declined.", chicagoToday(services.now()));
  return "applied";
}

/** The autopay charge a refund names, by its provider payment. */
export async function autopayChargeByRef(db: DbOrTx, paymentRef: string) {
  const [row] = await db.select({ id: autopayCharges.id }).from(autopayCharges).where(eq(autopayCharges.paymentRef, paymentRef));
  return row ?? null;
}

/** The setup an event names, as the provider reports it now. */
export async function autopaySetupOf(services: Services, autopayId: string): Promise<AutopaySetupSnapshot | null> {
  if (!isUuid(autopayId)) return null;
  const [row] = await services.db.select({ sessionId: autopayEnrollments.setupSessionId }).from(autopayEnrollments).where(eq(autopayEnrollments.id, autopayId));
  return row ? rentProvider(services).getAutopaySetup(row.sessionId) : null;
}

// ---------------------------------------------------------------------------------------------
// The test provider's TEST MODE setup page
// ---------------------------------------------------------------------------------------------

export async function testAutopaySetupPage(services: Services, sessionId: string) {
  return testRentProvider(services).setupPage(sessionId);
}

/** The TEST MODE setup page's "Save": the method is saved, and the setup's event applied as Stripe's webhook would be. */
export async function completeTestAutopaySetup(services: Services, sessionId: string, saved: TestSavedMethod) {
  const result = await testRentProvider(services).completeSetup(sessionId, saved);
  await applyRentProviderEvents(services);
  return result;
}
