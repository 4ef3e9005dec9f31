import { Hono } from "hono";
import { z } from "zod";
import { ZCancelRequestSchema, ZPlanChangePreviewSchema, ZResumeRequestSchema, ZUpgradeRequestSchema } from "../../../shared/billing.ts";
import { applyBillingEvent } from "../../domain/billing-events.ts";
import { completeUpgrade, paymentStatus, startMembershipPayment, startUpgrade } from "../../domain/billing.ts";
import {
  cancelSubscription,
  getSubscriptionStatus,
  openBillingPortal,
  previewPlanChange,
  resumeSubscription,
} from "../../domain/subscriptions.ts";
import { AppError } from "../../errors.ts";
import { applyRentEvent } from "../../domain/portal/online-rent.ts";
import { paymentProvider, StripePaymentProvider } from "../../payments/index.ts";
import { toRentEvent } from "../../payments/stripe-connect.ts";
import { toBillingEvent } from "../../payments/stripe-provider.ts";
import type { AppEnv } from "../auth.ts";
import { readJson } from "../validate.ts";

// SPEC.md 7's payment, subscription and upgrade calls, and Stripe's webhook. Each route is a
// thin transport over one domain function (the tRPC billing router calls the same ones).

export const ZCancelBodySchema = ZCancelRequestSchema.extend({ immediately: z.boolean().optional() });
export const ZInitiateSchema = z.object({
  billing_frequency: z.literal("monthly", { message: "Billing is monthly only." }).optional(),
});

/** POST /api/membership/initiate-payment/{applicationId} (mounted beside the membership routes). */
export const paymentInitiationRoutes = new Hono<AppEnv>().post("/initiate-payment/:id", async (c) => {
  // The body is { billing_frequency: "monthly" } (SPEC.md 7); monthly is the only frequency.
  await readJson(c, ZInitiateSchema, { emptyIsObject: true });
  return c.json(await startMembershipPayment(c.var.services, c.var.auth, c.req.param("id")));
});


/** /api/payments */
export const paymentRoutes = new Hono<AppEnv>().get("/status/:sessionId", async (c) =>
  c.json(await paymentStatus(c.var.services, c.var.auth, c.req.param("sessionId"))),
);

/** /api/subscriptions */
export const subscriptionRoutes = new Hono<AppEnv>()
  .get("/status/:email", async (c) => c.json(await getSubscriptionStatus(c.var.services, c.var.auth, c.req.param("email"))))
  .get("/billing-portal/:email", async (c) => c.json(await openBillingPortal(c.var.services, c.var.auth, c.req.param("email"))))
  .post("/cancel", async (c) => {
    const input = await readJson(c, ZCancelBodySchema);
    return c.json(await cancelSubscription(c.var.services, c.var.auth, input));
  })
  .post("/resume", async (c) => c.json(await resumeSubscription(c.var.services, c.var.auth, await readJson(c, ZResumeRequestSchema))));

/** /api/upgrades */
export const upgradeRoutes = new Hono<AppEnv>()
  .post("/preview", async (c) => c.json(await previewPlanChange(c.var.services, c.var.auth, await readJson(c, ZPlanChangePreviewSchema))))
  .post("/initiate", async (c) => {
    const input = await readJson(c, ZUpgradeRequestSchema);
    return c.json(await startUpgrade(c.var.services, c.var.auth, input));
  })
  .post("/complete/:sessionId", async (c) => c.json(await completeUpgrade(c.var.services, c.var.auth, c.req.param("sessionId"))));

/**
 * POST /api/stripe/webhook: the raw body's signature is checked (forged or stale: 400), then the
 * event goes to its handler (memberships, or online rent), which applies each event id once.
 * Unknown types: 200.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post("/webhook", async (c) => {
  const { services } = c.var;
  const provider = paymentProvider(services);
  if (!(provider instanceof StripePaymentProvider)) {
    throw new AppError("NOT_FOUND", "Stripe is not configured: this app takes payments with its built-in test provider.");
  }
  const secret = services.config.STRIPE_WEBHOOK_SECRET;
  // Without the secret nothing can be verified; 503 makes Stripe retry once it is configured.
  if (!secret) throw new AppError("UNAVAILABLE", "The Stripe webhook secret is not configured.");
  const raw = await c.req.text();
  const secrets = [secret, services.config.STRIPE_CONNECT_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
  const event = await provider.verifiedEvent(raw, c.req.header("stripe-signature"), secrets);
  // Online rent's events (Connect accounts, rent checkouts, refunds) go to their own handler.
  const rent = toRentEvent(event);
  if (rent) return c.json({ received: true, outcome: await applyRentEvent(services, rent) });
  const outcome = await applyBillingEvent(services, toBillingEvent(event));
  return c.json({ received: true, outcome });
});
