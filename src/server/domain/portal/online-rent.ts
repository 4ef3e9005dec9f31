import { and, eq, sql } from "drizzle-orm";
import { chicagoToday, periodOf } from "../../../shared/calendar.ts";
import { formatCents } from "../../../shared/portal.ts";
import type { Tx } from "../../db/client.ts";
import { leases, leaseTenants, ledgerEntries, members, ownerSettings, payoutAccounts, processedWebhookEvents, properties, rentPayments, units } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { ownerPaymentReceivedEmail } from "../../mail/portal-emails.ts";
import { AppError, notFound } from "../../errors.ts";
import { rentProvider, testRentProvider } from "../../payments/index.ts";
import type { RentCheckoutSnapshot, RentEvent } from "../../payments/rent-provider.ts";
import type { TestBankOutcome } from "../../payments/test-connect.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.ts";
import type { TenantAccountRow } from "../sessions.ts";
import type { Owner } from "./access.ts";
import { balanceOf } from "./ledger-rules.ts";
import { emailReceipts } from "./ledger.ts";
import { placesOf } from "./leases.ts";
import { postLeaseNow } from "./posting.ts";
import { autopayChargeByRef, autopaySetupOf, reconcileAutopayCharge, reconcileAutopaySetup } from "./autopay.ts";
import { reconcilePurchase } from "./purchases.ts";
import { assertLeaseRunning } from "./tenant-access.ts";
import { findTenantLease } from "./tenants.ts";

// Online rent (PORTAL.md 4): the owner connects payouts; the tenant pays the balance or a part of
// it by checkout, as a destination charge to the owner's account. The payment reaches the ledger
// only from the provider's verified events (each applied once), never from the browser's return;
// a bank payment that fails later is voided and a refund is posted as one: entries are never
// deleted. Each event re-reads the checkout from the provider, so duplicate and out-of-order
// deliveries end in the provider's current state.

export const RENT_CHECKOUTS_PER_TENANT: RateLimitRule = {
  name: "rent-checkout:tenant",
  limit: 10,
  windowMs: 60 * 60 * 1000,
  message: "Too many payment attempts in the last hour. Please wait a little and try again.",
};

async function settingsOf(db: Services["db"] | Tx, ownerId: string) {
  const [row] = await db.select().from(ownerSettings).where(eq(ownerSettings.ownerId, ownerId));
  return row ?? null;
}

/** GET /api/portal/payouts: whether tenants can pay the owner online, and the offline instructions. */
export async function payoutStatus(services: Services, owner: Owner) {
  const [account] = await services.db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, owner.id));
  const settings = await settingsOf(services.db, owner.id);
  return {
    provider: rentProvider(services).name,
    test_mode: rentProvider(services).name === "test",
    connected: account !== undefined,
    charges_enabled: account?.chargesEnabled ?? false,
    payouts_enabled: account?.payoutsEnabled ?? false,
    details_submitted: account?.detailsSubmitted ?? false,
    payment_instructions: settings?.paymentInstructions ?? "",
  };
}

/**
 * POST /api/portal/payouts: the owner's payout account (made once) and a link to the provider's
 * onboarding, which returns to the portal. The account's state arrives by `account.updated`.
 */
export async function startPayoutOnboarding(services: Services, owner: Owner) {
  const provider = rentProvider(services);
  let [account] = await services.db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, owner.id));
  if (!account) {
    const accountId = await provider.createAccount({ id: owner.id, email: owner.member.email });
    await services.db.insert(payoutAccounts).values({ ownerId: owner.id, provider: provider.name, accountId }).onConflictDoNothing();
    [account] = await services.db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, owner.id));
  }
  const base = services.config.PUBLIC_URL;
  const url = await provider.onboardingLink(account!.accountId, { refreshUrl: `${base}/portal/payouts`, returnUrl: `${base}/portal/payouts?returned=1` });
  return { onboarding_url: url, account_id: account!.accountId };
}

/** PUT /api/portal/settings: how tenants pay offline (shown while online payment is not set up, and beside it). */
export async function savePaymentInstructions(services: Services, owner: Owner, paymentInstructions: string) {
  await services.db
    .insert(ownerSettings)
    .values({ ownerId: owner.id, paymentInstructions })
    .onConflictDoUpdate({ target: ownerSettings.ownerId, set: { paymentInstructions, updatedAt: services.now() } });
  return payoutStatus(services, owner);
}

/**
 * POST /api/tenant/leases/{id}/pay: a checkout for the balance (or a part of it) to the owner's
 * payout account. The ledger changes only when the provider confirms.
 */
export async function startRentPayment(services: Services, tenant: TenantAccountRow, leaseId: string, requested: number | undefined) {
  const { db } = services;
  const today = chicagoToday(services.now());
  const lease = await findTenantLease(db, tenant, leaseId, today);
  assertLeaseRunning(lease, today, "payments");
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, lease.ownerId));
  if (!account?.chargesEnabled) {
    const instructions = (await settingsOf(db, lease.ownerId))?.paymentInstructions;
    throw new AppError("CONFLICT", `Your landlord does not take rent online yet.${instructions ? ` How to pay: ${instructions}` : " Pay as your lease says."}`);
  }
  const [{ balance }] = (await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.leaseId, lease.id))) as [{ balance: number }];
  const amount = requested ?? balance;
  const most = Math.max(balance, lease.rentCents);
  if (amount <= 0) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "amount_cents"], msg: "Nothing is due: your balance is paid." }]);
  if (amount > most) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "amount_cents"], msg: `You can pay at most ${formatCents(most)} at a time.` }]);
  await hitRateLimit(db, RENT_CHECKOUTS_PER_TENANT, tenant.id, services.now());
  const [place] = await db
    .select({ line1: properties.line1, label: units.label })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(units.id, lease.unitId));
  const id = crypto.randomUUID();
  const provider = rentProvider(services);
  const base = services.config.PUBLIC_URL;
  const checkout = await provider.createRentCheckout({
    accountId: account.accountId,
    amountCents: amount,
    description: `Rent for ${place?.line1}, unit ${place?.label}`,
    payerEmail: tenant.email,
    clientReferenceId: id,
    metadata: { kind: "rent", rent_payment_id: id, lease_id: lease.id, owner_id: lease.ownerId },
    successUrl: `${base}/tenant/payments/${id}`,
    cancelUrl: `${base}/tenant`,
    idempotencyKey: `rent-checkout-${id}`,
  });
  await db.insert(rentPayments).values({
    id,
    ownerId: lease.ownerId,
    leaseId: lease.id,
    tenantAccountId: tenant.id,
    provider: provider.name,
    sessionId: checkout.sessionId,
    amountCents: amount,
  });
  return { rent_payment_id: id, checkout_url: checkout.url, amount_cents: amount };
}

function describeRentPayment(row: typeof rentPayments.$inferSelect) {
  return {
    id: row.id,
    lease_id: row.leaseId,
    amount_cents: row.amountCents,
    status: row.status,
    method: row.method,
    refunded_cents: row.refundedCents,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/tenant/payments/{id}: where a tenant's online payment stands (asking the provider while it is open). */
export async function rentPaymentStatus(services: Services, tenant: TenantAccountRow, id: string) {
  if (!isUuid(id)) throw notFound("Payment not found.");
  const [row] = await services.db.select().from(rentPayments).where(and(eq(rentPayments.id, id), eq(rentPayments.tenantAccountId, tenant.id)));
  if (!row) throw notFound("Payment not found.");
  if (row.status === "initiated") {
    // The provider's event may not have arrived yet: ask it (the same reconciling as an event).
    const snapshot = await rentProvider(services).getRentCheckout(row.sessionId);
    if (snapshot && snapshot.state !== "open") {
      await services.db.transaction((tx) => reconcileRentPayment(tx, services, snapshot));
      const [fresh] = await services.db.select().from(rentPayments).where(eq(rentPayments.id, row.id));
      return describeRentPayment(fresh!);
    }
  }
  return describeRentPayment(row);
}

const LEDGER_METHOD = { card: "card", us_bank_account: "bank_transfer" } as const;

/** What the ledger holds of one payment made through the provider: a checkout's, or an autopay charge's. */
export interface OnlinePaymentBooks {
  ownerId: string;
  leaseId: string;
  ledgerEntryId: string | null;
  reversalEntryId: string | null;
  refundedCents: number;
}

/** The payment as the provider reports it now. */
export interface ReportedPayment {
  state: RentCheckoutSnapshot["state"];
  amountCents: number;
  method: "card" | "us_bank_account" | null;
  paymentRef: string | null;
  refundedCents: number;
}

/**
 * Brings the ledger to a provider payment's state: processing or paid writes the payment once (with
 * the tenants' receipts and the owner's news); failed after it was written voids it; a refund not
 * yet on the ledger is posted. `label` names it on the ledger ("Online payment", "Autopay payment").
 * Answers what the books hold now; the caller keeps that on its row, under that row's lock.
 */
export async function applyOnlinePayment(tx: Tx, services: Services, books: OnlinePaymentBooks, reported: ReportedPayment, label: string): Promise<OnlinePaymentBooks> {
  const [lease] = await tx.select().from(leases).where(eq(leases.id, books.leaseId));
  const today = chicagoToday(services.now());
  const method = reported.method ? LEDGER_METHOD[reported.method] : "other";
  let { ledgerEntryId, reversalEntryId, refundedCents } = books;

  if ((reported.state === "processing" || reported.state === "paid") && !ledgerEntryId) {
    const bank = reported.method === "us_bank_account";
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        ownerId: books.ownerId,
        leaseId: books.leaseId,
        date: today,
        kind: "payment",
        description: bank ? `${label} from a bank account` : `${label} by card`,
        amountCents: -reported.amountCents,
        period: periodOf(today),
        method,
        reference: reported.paymentRef,
        source: "tenant",
      })
      .returning();
    ledgerEntryId = entry!.id;
    const [owner] = await tx.select().from(members).where(eq(members.id, books.ownerId));
    const balanceCents = balanceOf(await tx.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, books.leaseId)));
    await emailReceipts(tx, services, lease!, owner!, { amountCents: reported.amountCents, paidOn: today, method, reference: "online", balanceCents, online: true });
    // The owner hears of it at once (PORTAL.md 4), and sees it on the dashboard's recent payments;
    // the demo's sample owner, who has no mailbox, is never written to (decision 0046).
    if (!owner!.isSample) {
      const tenants = await tx.select({ firstName: leaseTenants.firstName, lastName: leaseTenants.lastName }).from(leaseTenants).where(eq(leaseTenants.leaseId, books.leaseId));
      const place = (await placesOf(tx, books.ownerId, [lease!.unitId])).get(lease!.unitId)!;
      await enqueueEmail(tx, {
        to: owner!.email,
        memberId: owner!.id,
        ...ownerPaymentReceivedEmail(services.config, {
          ownerFirstName: owner!.firstName,
          tenantNames: tenants.map((t) => `${t.firstName} ${t.lastName}`).join(" and "),
          place: `${place.property.display_name}, unit ${place.unit.label}`,
          amountCents: reported.amountCents,
          paidOn: today,
          method,
          balanceCents,
          leaseId: books.leaseId,
        }),
      });
    }
  }
  if (reported.state === "failed" && ledgerEntryId && !reversalEntryId) {
    const [payment] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, ledgerEntryId));
    const [voided] = await tx
      .insert(ledgerEntries)
      .values({
        ownerId: books.ownerId,
        leaseId: books.leaseId,
        date: payment!.date,
        kind: "void",
        description: `Void: the bank returned this ${label.toLowerCase()}`,
        amountCents: -payment!.amountCents,
        period: payment!.period,
        voids: payment!.id,
        source: "system",
      })
      .returning();
    reversalEntryId = voided!.id;
  }
  if (reported.refundedCents > refundedCents) {
    await tx.insert(ledgerEntries).values({
      ownerId: books.ownerId,
      leaseId: books.leaseId,
      date: today,
      kind: "refund",
      description: `Refund of an ${label.toLowerCase()}`,
      amountCents: reported.refundedCents - refundedCents,
      period: periodOf(today),
      reference: reported.paymentRef,
      source: "system",
    });
    refundedCents = reported.refundedCents;
  }
  // A payment (or its reversal) changes which late fees stand.
  await postLeaseNow(tx, lease!, today);
  return { ...books, ledgerEntryId, reversalEntryId, refundedCents };
}

/**
 * Brings a rent payment and the ledger to the checkout's state as the provider reports it (see
 * applyOnlinePayment). Run under the payment row's lock, so concurrent deliveries take turns.
 */
export async function reconcileRentPayment(tx: Tx, services: Services, snapshot: RentCheckoutSnapshot): Promise<"applied" | "unknown"> {
  const [row] = await tx.select().from(rentPayments).where(eq(rentPayments.sessionId, snapshot.sessionId)).for("update");
  if (!row) return "unknown";
  const books = await applyOnlinePayment(tx, services, row, snapshot, "Online payment");
  const status =
    books.refundedCents > 0 && books.refundedCents >= row.amountCents
      ? "refunded"
      : snapshot.state === "paid"
        ? "paid"
        : snapshot.state === "processing"
          ? "processing"
          : snapshot.state === "failed"
            ? "failed"
            : snapshot.state === "expired"
              ? "expired"
              : "initiated";
  await tx
    .update(rentPayments)
    .set({
      status,
      method: snapshot.method,
      paymentRef: snapshot.paymentRef,
      ledgerEntryId: books.ledgerEntryId,
      reversalEntryId: books.reversalEntryId,
      refundedCents: books.refundedCents,
      updatedAt: services.now(),
    })
    .where(eq(rentPayments.id, row.id));
  return "applied";
}

/** Applies one verified event about online rent (or a purchase's checkout), once per event id. */
export async function applyRentEvent(services: Services, event: RentEvent): Promise<"applied" | "duplicate" | "unknown"> {
  const provider = rentProvider(services);
  // Provider reads happen before the transaction: no network call holds database locks.
  if (event.type === "account.updated") {
    const account = await provider.getAccount(event.accountId);
    return services.db.transaction(async (tx) => {
      if (!(await firstDelivery(tx, event))) return "duplicate";
      if (!account) return "unknown";
      const updated = await tx
        .update(payoutAccounts)
        .set({ chargesEnabled: account.chargesEnabled, payoutsEnabled: account.payoutsEnabled, detailsSubmitted: account.detailsSubmitted, updatedAt: services.now() })
        .where(eq(payoutAccounts.accountId, account.accountId))
        .returning();
      return updated.length ? "applied" : "unknown";
    });
  }
  if (event.type === "autopay_setup.completed") {
    const setup = await autopaySetupOf(services, event.autopayId);
    return services.db.transaction(async (tx) => {
      if (!(await firstDelivery(tx, event))) return "duplicate";
      return setup ? reconcileAutopaySetup(tx, services, setup) : "unknown";
    });
  }
  let sessionId: string | null = null;
  if ("paymentRef" in event) {
    // A refund names a checkout's payment, or an autopay charge's; the other events are autopay charges'.
    if (event.type === "charge.refunded") {
      const [row] = await services.db.select({ sessionId: rentPayments.sessionId }).from(rentPayments).where(eq(rentPayments.paymentRef, event.paymentRef));
      sessionId = row?.sessionId ?? null;
    }
    if (!sessionId) {
      const ours = event.type !== "charge.refunded" || (await autopayChargeByRef(services.db, event.paymentRef)) !== null;
      const payment = ours ? await provider.getSavedMethodPayment(event.paymentRef) : null;
      return services.db.transaction(async (tx) => {
        if (!(await firstDelivery(tx, event))) return "duplicate";
        return payment ? reconcileAutopayCharge(tx, services, payment) : "unknown";
      });
    }
  } else sessionId = event.sessionId;
  const snapshot = sessionId ? await provider.getRentCheckout(sessionId) : null;
  return services.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event))) return "duplicate";
    if (!snapshot) return "unknown";
    // The same checkout takes owners' a-la-carte purchases.
    if (snapshot.metadata.kind === "purchase") return reconcilePurchase(tx, services, snapshot);
    return reconcileRentPayment(tx, services, snapshot);
  });
}

async function firstDelivery(tx: Tx, event: RentEvent): Promise<boolean> {
  const [fresh] = await tx.insert(processedWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
  return fresh !== undefined;
}

/** Applies what the test provider's last calls produced, as its webhooks would. */
export async function applyRentProviderEvents(services: Services): Promise<void> {
  const provider = rentProvider(services);
  for (;;) {
    const events = provider.takeRentEvents?.() ?? [];
    if (events.length === 0) return;
    for (const event of events) await applyRentEvent(services, event);
  }
}

/** The TEST MODE onboarding page's button: the account can take payments. */
export async function completeTestOnboarding(services: Services, accountId: string) {
  await testRentProvider(services).completeOnboarding(accountId);
  await applyRentProviderEvents(services);
  return { success: true, return_url: "/portal/payouts?returned=1" };
}

/** The TEST MODE rent checkout: a test card pays; a test bank account is processing, then clears or fails. */
export async function payTestRentCheckout(
  services: Services,
  input: { session_id: string } & ({ method: "card"; card_number: string } | { method: "us_bank_account"; outcome: TestBankOutcome }),
) {
  const provider = testRentProvider(services);
  const result = await provider.pay(
    input.session_id,
    input.method === "card" ? { method: "card", cardNumber: input.card_number } : { method: "us_bank_account", outcome: input.outcome },
  );
  await applyRentProviderEvents(services);
  if (input.method === "us_bank_account") {
    // Days later at a real bank; here the next moment, after the processing payment was recorded.
    await provider.settleBankPayment(input.session_id);
    await applyRentProviderEvents(services);
  }
  return result;
}

export async function testRentCheckoutPage(services: Services, sessionId: string) {
  return testRentProvider(services).checkoutPage(sessionId);
}

/** Test mode: refund (part of) a tenant's online payment, as an owner would from Stripe's dashboard. */
export async function refundTestRentPayment(services: Services, rentPaymentId: string, amountCents: number) {
  if (!isUuid(rentPaymentId)) throw notFound("Payment not found.");
  const [row] = await services.db.select().from(rentPayments).where(eq(rentPayments.id, rentPaymentId));
  if (!row) throw notFound("Payment not found.");
  await testRentProvider(services).refund(row.sessionId, amountCents);
  await applyRentProviderEvents(services);
  const [fresh] = await services.db.select().from(rentPayments).where(eq(rentPayments.id, row.id));
  return describeRentPayment(fresh!);
}
