import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { CARD_DECLINED_MESSAGE } from "../../shared/billing.ts";
import { testProviderAccounts, testProviderPaymentIntents, testProviderPaymentMethods, testProviderRentCheckouts, testProviderSetups } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import type { Services } from "../services.ts";
import type {
  AutopaySetupRequest,
  AutopaySetupSnapshot,
  PayoutAccountSnapshot,
  RentCheckoutRequest,
  RentCheckoutSnapshot,
  RentEvent,
  RentPaymentProvider,
  SavedMethodChargeRequest,
  SavedMethodPaymentSnapshot,
} from "./rent-provider.ts";
import { TEST_CARDS } from "./test-provider.ts";

// The built-in test provider's side of online rent (DECISIONS.md 10): connected accounts with a
// TEST MODE onboarding page, and rent checkouts with a TEST MODE payment page that takes a test
// card or a test bank account (one that clears, one that fails after processing). Every change is
// reported as the events a Stripe webhook would send, applied by the same handler. Autopay's
// TEST MODE setup page saves a test card (4242... pays; 4000 0000 0000 0341 is saved but its
// charges are declined, as at Stripe) or a test bank account (one that clears, one the bank returns).

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

/** How a test bank payment ends: it clears, or the bank returns it after it was processing. */
export type TestBankOutcome = "clears" | "fails";

/** What a payment method saved on the TEST MODE setup page is. */
export type TestSavedMethod = { method: "card"; cardNumber: string } | { method: "us_bank_account"; outcome: TestBankOutcome };

/** Stripe's test bank accounts: the account number's last four, and what the bank does with a debit. */
const TEST_BANK = { clears: { last4: "6789" }, fails: { last4: "1116" } } as const;
const BANK_RETURNED_MESSAGE = "The bank returned the debit (insufficient funds).";

type TestIntentRow = typeof testProviderPaymentIntents.$inferSelect;

function savedPaymentOf(row: TestIntentRow): SavedMethodPaymentSnapshot {
  return {
    paymentRef: row.id,
    state: row.status === "succeeded" ? "paid" : row.status === "processing" ? "processing" : "failed",
    amountCents: row.amountCents,
    method: row.method === "card" || row.method === "us_bank_account" ? row.method : null,
    refundedCents: row.refundedCents,
    failureMessage: row.failureMessage,
    metadata: row.metadata,
  };
}

export class TestRentProvider implements RentPaymentProvider {
  readonly name = "test" as const;
  private events: RentEvent[] = [];

  constructor(private readonly services: Services) {}

  takeRentEvents(): RentEvent[] {
    const taken = this.events;
    this.events = [];
    return taken;
  }

  private emit(event: RentEvent extends infer E ? (E extends unknown ? Omit<E, "id"> : never) : never) {
    this.events.push({ ...event, id: randomId("evt_test") } as RentEvent);
  }

  async createAccount(owner: { id: string; email: string }): Promise<string> {
    const id = randomId("acct_test");
    await this.services.db.insert(testProviderAccounts).values({ id, ownerId: owner.id });
    return id;
  }

  async onboardingLink(accountId: string): Promise<string> {
    return `${this.services.config.PUBLIC_URL}/test-connect?account=${encodeURIComponent(accountId)}`;
  }

  async getAccount(accountId: string): Promise<PayoutAccountSnapshot | null> {
    const [row] = await this.services.db.select().from(testProviderAccounts).where(eq(testProviderAccounts.id, accountId));
    if (!row) return null;
    return { accountId: row.id, chargesEnabled: row.chargesEnabled, payoutsEnabled: row.chargesEnabled, detailsSubmitted: row.chargesEnabled };
  }

  /** The TEST MODE onboarding page's "Complete onboarding": the account can take payments. */
  async completeOnboarding(accountId: string): Promise<void> {
    const [row] = await this.services.db.update(testProviderAccounts).set({ chargesEnabled: true }).where(eq(testProviderAccounts.id, accountId)).returning();
    if (!row) throw notFound("No such test account.");
    this.emit({ type: "account.updated", accountId });
  }

  async createRentCheckout(request: RentCheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const id = randomId("cs_test_rent");
    await this.services.db.insert(testProviderRentCheckouts).values({
      id,
      accountId: request.accountId,
      amountCents: request.amountCents,
      status: "open",
      description: request.description,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      metadata: request.metadata,
    });
    return { sessionId: id, url: `${this.services.config.PUBLIC_URL}/test-rent-checkout?session_id=${encodeURIComponent(id)}` };
  }

  async getRentCheckout(sessionId: string): Promise<RentCheckoutSnapshot | null> {
    const [row] = await this.services.db.select().from(testProviderRentCheckouts).where(eq(testProviderRentCheckouts.id, sessionId));
    if (!row) return null;
    const state: RentCheckoutSnapshot["state"] =
      row.status === "expired"
        ? "expired"
        : row.status !== "complete"
          ? "open"
          : row.paymentState === "succeeded"
            ? "paid"
            : row.paymentState === "processing"
              ? "processing"
              : "failed";
    return {
      sessionId: row.id,
      state,
      amountCents: row.amountCents,
      method: row.method === "card" || row.method === "us_bank_account" ? row.method : null,
      paymentRef: row.status === "complete" ? `pi_test_${row.id}` : null,
      refundedCents: row.refundedCents,
      metadata: row.metadata,
    };
  }

  /** What the TEST MODE checkout page shows. */
  async checkoutPage(sessionId: string) {
    const [row] = await this.services.db.select().from(testProviderRentCheckouts).where(eq(testProviderRentCheckouts.id, sessionId));
    if (!row) throw notFound("This test checkout does not exist.");
    return { session_id: row.id, amount_cents: row.amountCents, description: row.description, status: row.status, cancel_url: row.cancelUrl, success_url: row.successUrl };
  }

  /**
   * Pays a test rent checkout: a test card pays at once (4000 0000 0000 0002 is declined); a test
   * bank account completes as processing, then clears or fails, each step reported as its event.
   */
  async pay(sessionId: string, payment: { method: "card"; cardNumber: string } | { method: "us_bank_account"; outcome: TestBankOutcome }) {
    const [row] = await this.services.db.select().from(testProviderRentCheckouts).where(eq(testProviderRentCheckouts.id, sessionId));
    if (!row) throw notFound("This test checkout does not exist.");
    if (row.status !== "open") throw new AppError("CONFLICT", "This checkout is already paid or expired.");
    if (payment.method === "card") {
      const number = payment.cardNumber.replace(/\D/g, "");
      if (number === TEST_CARDS.declined) throw new AppError("PAYMENT_FAILED", CARD_DECLINED_MESSAGE);
      if (number !== TEST_CARDS.success) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "card_number"], msg: "Use the test card 4242 4242 4242 4242." }]);
      await this.services.db
        .update(testProviderRentCheckouts)
        .set({ status: "complete", paymentStatus: "paid", paymentState: "succeeded", method: "card" })
        .where(eq(testProviderRentCheckouts.id, sessionId));
      this.emit({ type: "checkout.session.completed", sessionId });
      return { success_url: row.successUrl };
    }
    await this.services.db
      .update(testProviderRentCheckouts)
      .set({ status: "complete", paymentStatus: "unpaid", paymentState: "processing", method: "us_bank_account", bankOutcome: payment.outcome })
      .where(eq(testProviderRentCheckouts.id, sessionId));
    this.emit({ type: "checkout.session.completed", sessionId });
    return { success_url: row.successUrl };
  }

  async createPayerCustomer(payer: { tenantAccountId: string }): Promise<string> {
    // One customer per tenant account, as an idempotent create at Stripe gives.
    return `cus_test_tenant_${payer.tenantAccountId.replace(/-/g, "")}`;
  }

  async createAutopaySetup(request: AutopaySetupRequest): Promise<{ sessionId: string; url: string }> {
    await this.services.db
      .insert(testProviderSetups)
      .values({
        id: randomId("cs_test_setup"),
        customerId: request.customerId,
        accountId: request.accountId,
        status: "open",
        description: request.description,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        metadata: request.metadata,
        idempotencyKey: request.idempotencyKey,
      })
      .onConflictDoNothing();
    const [row] = await this.services.db.select().from(testProviderSetups).where(eq(testProviderSetups.idempotencyKey, request.idempotencyKey));
    return { sessionId: row!.id, url: `${this.services.config.PUBLIC_URL}/test-autopay-setup?session_id=${encodeURIComponent(row!.id)}` };
  }

  async getAutopaySetup(sessionId: string): Promise<AutopaySetupSnapshot | null> {
    const [row] = await this.services.db.select().from(testProviderSetups).where(eq(testProviderSetups.id, sessionId));
    if (!row) return null;
    const [method] = row.paymentMethodId ? await this.services.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, row.paymentMethodId)) : [];
    return {
      sessionId: row.id,
      state: row.status === "complete" ? "complete" : row.status === "expired" ? "expired" : "open",
      customerId: row.customerId,
      paymentMethod: method ? { id: method.id, type: method.type, brand: method.brand, last4: method.last4 } : null,
      metadata: row.metadata,
    };
  }

  /** What the TEST MODE setup page shows. */
  async setupPage(sessionId: string) {
    const [row] = await this.services.db.select().from(testProviderSetups).where(eq(testProviderSetups.id, sessionId));
    if (!row) throw notFound("This test setup does not exist.");
    return { session_id: row.id, description: row.description, status: row.status, cancel_url: row.cancelUrl, success_url: row.successUrl };
  }

  /** The TEST MODE setup page's "Save": a test card or bank account is saved to the customer. */
  async completeSetup(sessionId: string, saved: TestSavedMethod) {
    const [row] = await this.services.db.select().from(testProviderSetups).where(eq(testProviderSetups.id, sessionId));
    if (!row) throw notFound("This test setup does not exist.");
    if (row.status !== "open") throw new AppError("CONFLICT", "This setup is already complete or expired.");
    let method: typeof testProviderPaymentMethods.$inferInsert;
    if (saved.method === "card") {
      const number = saved.cardNumber.replace(/\D/g, "");
      if (number === TEST_CARDS.declined) throw new AppError("PAYMENT_FAILED", CARD_DECLINED_MESSAGE);
      if (number !== TEST_CARDS.success && number !== TEST_CARDS.failsRenewals) {
        throw new AppError("UNPROCESSABLE", [{ loc: ["body", "card_number"], msg: "Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0341, whose charges are declined)." }]);
      }
      const outcome = number === TEST_CARDS.success ? "succeeds" : "declines";
      method = { id: randomId("pm_test"), customerId: row.customerId, type: "card", brand: "visa", last4: number.slice(-4), outcome };
    } else {
      method = { id: randomId("pm_test"), customerId: row.customerId, type: "us_bank_account", brand: "STRIPE TEST BANK", last4: TEST_BANK[saved.outcome].last4, outcome: saved.outcome };
    }
    await this.services.db.transaction(async (tx) => {
      await tx.insert(testProviderPaymentMethods).values(method);
      await tx.update(testProviderSetups).set({ status: "complete", paymentMethodId: method.id }).where(eq(testProviderSetups.id, sessionId));
    });
    if (row.metadata.autopay_id) this.emit({ type: "autopay_setup.completed", autopayId: row.metadata.autopay_id });
    return { success_url: row.successUrl };
  }

  async chargeSavedMethod(request: SavedMethodChargeRequest): Promise<SavedMethodPaymentSnapshot> {
    const [known] = await this.services.db.select().from(testProviderPaymentIntents).where(eq(testProviderPaymentIntents.idempotencyKey, request.idempotencyKey));
    // The same key again answers the first charge, as Stripe's idempotency keys do.
    if (known) return savedPaymentOf(known);
    const [method] = await this.services.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, request.paymentMethodId));
    if (!method || method.customerId !== request.customerId) throw new AppError("UNPROCESSABLE", "The saved payment method cannot be charged: the test provider has no such method for this customer.");
    const card = method.type === "card";
    const status = method.detachedAt || method.outcome === "declines" ? "requires_payment_method" : card ? "succeeded" : "processing";
    const [row] = await this.services.db
      .insert(testProviderPaymentIntents)
      .values({
        id: randomId("pi_test"),
        idempotencyKey: request.idempotencyKey,
        accountId: request.accountId,
        customerId: request.customerId,
        paymentMethodId: method.id,
        amountCents: request.amountCents,
        status,
        method: method.type,
        failureMessage: status === "requires_payment_method" ? (method.detachedAt ? "This payment method was removed." : CARD_DECLINED_MESSAGE) : null,
        metadata: request.metadata,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return savedPaymentOf((await this.services.db.select().from(testProviderPaymentIntents).where(eq(testProviderPaymentIntents.idempotencyKey, request.idempotencyKey)))[0]!);
    this.emit({
      type: status === "succeeded" ? "payment_intent.succeeded" : status === "processing" ? "payment_intent.processing" : "payment_intent.payment_failed",
      paymentRef: row.id,
    });
    return savedPaymentOf(row);
  }

  async getSavedMethodPayment(paymentRef: string): Promise<SavedMethodPaymentSnapshot | null> {
    const [row] = await this.services.db.select().from(testProviderPaymentIntents).where(eq(testProviderPaymentIntents.id, paymentRef));
    return row ? savedPaymentOf(row) : null;
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.services.db.update(testProviderPaymentMethods).set({ detachedAt: this.services.now() }).where(eq(testProviderPaymentMethods.id, paymentMethodId));
  }

  /** A processing test bank debit settles: it clears, or the bank returns it (a test account that fails). */
  async settleBankDebit(paymentRef: string) {
    const [row] = await this.services.db.select().from(testProviderPaymentIntents).where(eq(testProviderPaymentIntents.id, paymentRef));
    if (!row || row.status !== "processing") return;
    const [method] = await this.services.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, row.paymentMethodId));
    const clears = method?.outcome !== "fails";
    await this.services.db
      .update(testProviderPaymentIntents)
      .set(clears ? { status: "succeeded" } : { status: "requires_payment_method", failureMessage: BANK_RETURNED_MESSAGE })
      .where(eq(testProviderPaymentIntents.id, paymentRef));
    this.emit({ type: clears ? "payment_intent.succeeded" : "payment_intent.payment_failed", paymentRef });
  }

  /** A processing test bank payment settles as chosen on the checkout page: it clears or the bank returns it. */
  async settleBankPayment(sessionId: string) {
    const [row] = await this.services.db.select().from(testProviderRentCheckouts).where(eq(testProviderRentCheckouts.id, sessionId));
    if (!row || row.paymentState !== "processing") return;
    const settled = row.bankOutcome === "fails" ? "failed" : "succeeded";
    await this.services.db
      .update(testProviderRentCheckouts)
      .set({ paymentState: settled, paymentStatus: settled === "succeeded" ? "paid" : "unpaid" })
      .where(eq(testProviderRentCheckouts.id, sessionId));
    this.emit({ type: settled === "succeeded" ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed", sessionId });
  }

  /** Refunds (part of) a paid test rent payment, as the owner would in Stripe's dashboard. */
  async refund(sessionId: string, amountCents: number) {
    const [row] = await this.services.db.select().from(testProviderRentCheckouts).where(eq(testProviderRentCheckouts.id, sessionId));
    if (!row || row.paymentState !== "succeeded") throw notFound("No paid test rent payment with that session.");
    const refunded = Math.min(row.amountCents, row.refundedCents + amountCents);
    await this.services.db.update(testProviderRentCheckouts).set({ refundedCents: refunded }).where(eq(testProviderRentCheckouts.id, sessionId));
    this.emit({ type: "charge.refunded", paymentRef: `pi_test_${row.id}` });
  }
}
