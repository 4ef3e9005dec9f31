import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { CARD_DECLINED_MESSAGE } from "../../shared/billing.ts";
import { testProviderAccounts, testProviderRentCheckouts } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import type { Services } from "../services.ts";
import type { PayoutAccountSnapshot, RentCheckoutRequest, RentCheckoutSnapshot, RentEvent, RentPaymentProvider } from "./rent-provider.ts";
import { TEST_CARDS } from "./test-provider.ts";

// The built-in test provider's side of online rent (DECISIONS.md 10): connected accounts with a
// TEST MODE onboarding page, and rent checkouts with a TEST MODE payment page that takes a test
// card or a test bank account (one that clears, one that fails after processing). Every change is
// reported as the events a Stripe webhook would send, applied by the same handler.

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

/** How a test bank payment ends: it clears, or the bank returns it after it was processing. */
export type TestBankOutcome = "clears" | "fails";

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
