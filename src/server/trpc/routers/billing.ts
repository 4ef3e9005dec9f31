import { z } from "zod";
import {
  ZCancelRequestSchema,
  ZEmailSchema,
  ZPlanChangePreviewSchema,
  ZPortalAccountSchema,
  ZResumeRequestSchema,
  ZTestPaymentSchema,
  ZUpgradeRequestSchema,
} from "../../../shared/billing.ts";
import { completeUpgrade, createPortalAccount, paymentStatus, startMembershipPayment, startUpgrade } from "../../domain/billing.ts";
import {
  advanceTestClock,
  cancelInTestBilling,
  cancelSubscription,
  describeTestBilling,
  describeTestCheckout,
  getSubscriptionStatus,
  openBillingPortal,
  payTestCheckout,
  previewPlanChange,
  resumeSubscription,
  setTestRenewalFailure,
  testClockState,
} from "../../domain/subscriptions.ts";
import { ZTestRentPaymentSchema } from "../../../shared/portal.ts";
import { completeTestOnboarding, payTestRentCheckout, refundTestRentPayment, testRentCheckoutPage } from "../../domain/portal/online-rent.ts";
import { completeTestAutopaySetup, testAutopaySetupPage } from "../../domain/portal/autopay.ts";
import { adminProcedure, memberProcedure, publicProcedure, router } from "../trpc.ts";

const ZSessionIdSchema = z.object({ session_id: z.string().min(1).max(200) });

/**
 * Payments and subscriptions of a member. The email-keyed calls answer that member or an admin
 * (DECISIONS.md 6): the domain functions check, so these procedures stay public-tier.
 */
export const memberBillingRouter = router({
  initiatePayment: publicProcedure
    .input(z.object({ applicationId: z.string().max(100) }))
    .mutation(({ ctx, input }) => startMembershipPayment(ctx.services, ctx.auth, input.applicationId)),
  paymentStatus: publicProcedure.input(ZSessionIdSchema).query(({ ctx, input }) => paymentStatus(ctx.services, ctx.auth, input.session_id)),
  subscription: publicProcedure
    .input(z.object({ email: ZEmailSchema }))
    .query(({ ctx, input }) => getSubscriptionStatus(ctx.services, ctx.auth, input.email)),
  billingPortal: publicProcedure
    .input(z.object({ email: ZEmailSchema }))
    .mutation(({ ctx, input }) => openBillingPortal(ctx.services, ctx.auth, input.email)),
  cancel: publicProcedure.input(ZCancelRequestSchema).mutation(({ ctx, input }) => cancelSubscription(ctx.services, ctx.auth, input)),
  resume: publicProcedure.input(ZResumeRequestSchema).mutation(({ ctx, input }) => resumeSubscription(ctx.services, ctx.auth, input)),
  previewPlanChange: publicProcedure.input(ZPlanChangePreviewSchema).query(({ ctx, input }) => previewPlanChange(ctx.services, ctx.auth, input)),
  startUpgrade: publicProcedure.input(ZUpgradeRequestSchema).mutation(({ ctx, input }) => startUpgrade(ctx.services, ctx.auth, input)),
  completeUpgrade: publicProcedure.input(ZSessionIdSchema).mutation(({ ctx, input }) => completeUpgrade(ctx.services, ctx.auth, input.session_id)),
  createPortalAccount: memberProcedure
    .input(ZPortalAccountSchema)
    .mutation(({ ctx, input }) => createPortalAccount(ctx.services, ctx.member.member, ctx.member.session.id, input)),
});

/**
 * The built-in test provider's pages. Like Stripe's hosted pages, the unguessable session id in
 * the link is what grants access to that one checkout or billing portal.
 */
export const testProviderRouter = router({
  checkout: publicProcedure.input(ZSessionIdSchema).query(({ ctx, input }) => describeTestCheckout(ctx.services, input.session_id)),
  pay: publicProcedure.input(ZTestPaymentSchema).mutation(({ ctx, input }) => payTestCheckout(ctx.services, input.session_id, input.card_number, input.expiry)),
  billing: publicProcedure
    .input(z.object({ session: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => describeTestBilling(ctx.services, input.session)),
  cancelInBilling: publicProcedure
    .input(z.object({ session: z.string().min(1).max(200), subscription_id: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => cancelInTestBilling(ctx.services, input.session, input.subscription_id)),
  // Online rent's TEST MODE pages: the payout onboarding (the account id in its link) and the rent checkout.
  completeOnboarding: publicProcedure
    .input(z.object({ account: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => completeTestOnboarding(ctx.services, input.account)),
  rentCheckout: publicProcedure.input(ZSessionIdSchema).query(({ ctx, input }) => testRentCheckoutPage(ctx.services, input.session_id)),
  payRent: publicProcedure.input(ZTestRentPaymentSchema).mutation(({ ctx, input }) => payTestRentCheckout(ctx.services, input)),
  // Autopay's TEST MODE setup page: a test card or bank account saved for autopay.
  autopaySetup: publicProcedure.input(ZSessionIdSchema).query(({ ctx, input }) => testAutopaySetupPage(ctx.services, input.session_id)),
  saveAutopayMethod: publicProcedure
    .input(ZTestRentPaymentSchema)
    .mutation(({ ctx, input }) =>
      completeTestAutopaySetup(ctx.services, input.session_id, input.method === "card" ? { method: "card", cardNumber: input.card_number } : { method: "us_bank_account", outcome: input.outcome }),
    ),
});

/** Admin: the test clock (test provider only). */
export const adminBillingRouter = router({
  testClock: adminProcedure.query(({ ctx }) => testClockState(ctx.services)),
  advanceTestClock: adminProcedure
    .input(z.object({ days: z.number().min(0.01, "Advance by a positive number of days.").max(400, "Advance at most 400 days at once.") }))
    .mutation(({ ctx, input }) => advanceTestClock(ctx.services, input.days)),
  setRenewalFailure: adminProcedure
    .input(z.object({ subscription_id: z.string().min(1).max(200), fail: z.boolean() }))
    .mutation(({ ctx, input }) => setTestRenewalFailure(ctx.services, input.subscription_id, input.fail)),
  /** Test mode: refund (part of) a tenant's online rent payment, as an owner would from Stripe's dashboard. */
  refundRentPayment: adminProcedure
    .input(z.object({ rent_payment_id: z.string().max(100), amount_cents: z.number().int().min(1).max(100_000_000_00) }))
    .mutation(({ ctx, input }) => refundTestRentPayment(ctx.services, input.rent_payment_id, input.amount_cents)),
});
