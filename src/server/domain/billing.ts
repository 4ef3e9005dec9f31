import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { CARD_DECLINED_MESSAGE, type TUpgradeRequest, ZUpgradeRequestSchema } from "../../shared/billing.ts";
import { isPaidLevel, priceTable, type PaidLevel } from "../../shared/membership.ts";
import { members, payments } from "../db/schema.ts";
import { AppError, forbidden, notFound, unauthorized } from "../errors.ts";
import type { Caller } from "./caller.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { planChangedEmail } from "../mail/billing-emails.ts";
import { paymentProvider } from "../payments/index.ts";
import { MissingCustomerError } from "../payments/provider.ts";
import { OWNER_PORTAL_PATH } from "../config.ts";
import type { Services } from "../services.ts";
import { hashPassword } from "./admins.ts";
import { requireProvenEmail } from "./auth.ts";
import { revokeLinks } from "./links.ts";
import { findApplication } from "./applications.ts";
import { applyProviderEvents, liveSubscription, reconcileCheckout, syncSubscription, type PaymentRow } from "./billing-events.ts";
import type { MemberRow } from "./sessions.ts";
import { isUuid } from "./ids.ts";

// Starting and confirming card payments: the first payment after signing, upgrades (checkout
// from Basic, a prorated plan change between paid levels), and the portal account a paid member
// creates after paying.


function returnUrls(services: Services, kind: "initial" | "upgrade") {
  const base = services.config.PUBLIC_URL.replace(/\/+$/, "");
  return kind === "initial"
    ? { successUrl: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${base}/payment-cancelled` }
    : { successUrl: `${base}/upgrade-success?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${base}/upgrade-cancelled` };
}

/** The member's one customer at the provider, created on first checkout and kept (DECISIONS.md 9). */
export async function customerFor(services: Services, member: MemberRow, replacing?: string): Promise<string> {
  const provider = paymentProvider(services);
  const customerId = await provider.ensureCustomer({
    id: member.id,
    email: member.email,
    name: `${member.firstName} ${member.lastName}`,
    stripeCustomerId: member.stripeCustomerId,
    replacing,
  });
  if (provider.name === "stripe" && member.stripeCustomerId !== customerId) {
    await services.db.update(members).set({ stripeCustomerId: customerId, updatedAt: services.now() }).where(eq(members.id, member.id));
    member.stripeCustomerId = customerId;
  }
  return customerId;
}

/** A payment row, then a Checkout session for it: a retry of the same row reuses the session. */
async function startCheckout(
  services: Services,
  member: MemberRow,
  input: { level: PaidLevel; kind: "initial" | "upgrade"; applicationId: string | null },
) {
  const provider = paymentProvider(services);
  const customerId = await customerFor(services, member);
  const [payment] = await services.db
    .insert(payments)
    .values({
      memberId: member.id,
      applicationId: input.applicationId,
      provider: provider.name,
      kind: input.kind,
      membershipLevel: input.level,
      amountCents: priceTable[input.level].monthlyCents,
      paymentStatus: "initiated",
    })
    .returning();
  const metadata: Record<string, string> = {
    member_id: member.id,
    payment_id: payment!.id,
    kind: input.kind,
    membership_level: input.level,
    ...(input.applicationId ? { application_id: input.applicationId } : {}),
  };
  const checkout = (customer: string, idempotencyKey: string) =>
    provider.createCheckout({ customerId: customer, level: input.level, clientReferenceId: member.id, metadata, ...returnUrls(services, input.kind), idempotencyKey });
  try {
    const session = await checkout(customerId, `checkout-${payment!.id}`).catch(async (error: unknown) => {
      // The member's customer was deleted at the provider: a new one replaces it, once.
      if (!(error instanceof MissingCustomerError)) throw error;
      member.stripeCustomerId = null;
      const replacement = await customerFor(services, member, error.customerId);
      return checkout(replacement, `checkout-${payment!.id}-customer`);
    });
    await services.db.update(payments).set({ sessionId: session.sessionId, updatedAt: services.now() }).where(eq(payments.id, payment!.id));
    return { success: true as const, checkout_url: session.url, session_id: session.sessionId };
  } catch (error) {
    await services.db
      .update(payments)
      .set({ paymentStatus: "failed", failureMessage: "Could not start checkout", updatedAt: services.now() })
      .where(eq(payments.id, payment!.id));
    throw error;
  }
}

/**
 * POST /api/membership/initiate-payment/{applicationId}: the signed member of a Standard or
 * Premium application starts their first payment.
 */
export async function startMembershipPayment(services: Services, auth: Caller, applicationId: string) {
  const session = auth.member;
  if (!session) throw unauthorized("Please sign in to continue.");
  const application = isUuid(applicationId) ? await findApplication(services.db, applicationId) : null;
  if (!application) throw notFound("Application not found.");
  if (application.memberId !== session.member.id) throw forbidden("This application belongs to someone else.");
  if (!application.signedAt) throw new AppError("CONFLICT", "Sign the membership agreement before paying.");
  if (!isPaidLevel(application.membershipLevel)) throw new AppError("CONFLICT", "Basic membership is free: there is nothing to pay.");
  const member = session.member;
  if (await liveSubscription(services.db, member.id)) {
    throw new AppError("CONFLICT", "Your membership is already paid. Manage it from your member portal.");
  }
  return startCheckout(services, member, { level: application.membershipLevel, kind: "initial", applicationId: application.id });
}

/**
 * POST /api/upgrades/initiate. The current level is the server's (DECISIONS.md 1): Basic goes
 * through checkout; Standard and Premium change plan on the existing subscription, prorated.
 */
export async function startUpgrade(services: Services, auth: Caller, rawInput: TUpgradeRequest) {
  const input = ZUpgradeRequestSchema.parse(rawInput);
  const session = auth.member;
  if (!session) throw unauthorized("Please sign in to upgrade your membership.");
  if (session.member.email.toLowerCase() !== input.member_email) {
    throw forbidden("This email does not match the member who is signed in.");
  }
  const member = session.member;
  const target = input.target_membership_level;
  const live = await liveSubscription(services.db, member.id);
  if (!live) {
    if (member.membershipLevel === target && member.status === "active") {
      throw new AppError("CONFLICT", `You are already a ${target} member.`);
    }
    return startCheckout(services, member, { level: target, kind: "upgrade", applicationId: null });
  }
  if (live.membershipLevel === target) {
    throw new AppError("CONFLICT", `You are already a ${target} member.`);
  }
  if (live.status !== "active") {
    throw new AppError("CONFLICT", "Your last payment failed. Update your card in the billing portal before changing plan.");
  }
  return changePlan(services, member, live, target);
}

async function changePlan(services: Services, member: MemberRow, live: NonNullable<Awaited<ReturnType<typeof liveSubscription>>>, target: PaidLevel) {
  const provider = paymentProvider(services);
  const from = live.membershipLevel;
  // Our own unguessable id for the change, so /upgrade-success works the same as after checkout.
  const sessionId = `chg_${randomBytes(18).toString("base64url")}`;
  const [payment] = await services.db
    .insert(payments)
    .values({
      memberId: member.id,
      subscriptionId: live.id,
      provider: provider.name,
      kind: "plan_change",
      membershipLevel: target,
      amountCents: 0,
      paymentStatus: "initiated",
      sessionId,
    })
    .returning();
  let snapshot;
  try {
    snapshot = await provider.changePlan(live.providerSubscriptionId, target, `plan-change-${payment!.id}`);
  } catch (error) {
    await services.db
      .update(payments)
      .set({ paymentStatus: "failed", failureMessage: CARD_DECLINED_MESSAGE, updatedAt: services.now() })
      .where(eq(payments.id, payment!.id));
    throw error;
  }
  await services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(members).where(eq(members.id, member.id)).for("update");
    await syncSubscription(tx, services, locked!, snapshot);
    await tx
      .update(payments)
      .set({ paymentStatus: "completed", completedAt: services.now(), updatedAt: services.now() })
      .where(eq(payments.id, payment!.id));
    await enqueueEmail(tx, {
      to: member.email,
      memberId: member.id,
      ...planChangedEmail(services.config, { firstName: member.firstName, from, to: target }),
    });
  });
  await applyProviderEvents(services);
  const base = services.config.PUBLIC_URL.replace(/\/+$/, "");
  return { success: true as const, checkout_url: `${base}/upgrade-success?session_id=${sessionId}`, session_id: sessionId };
}

async function paymentForSession(services: Services, auth: Caller, sessionId: string): Promise<PaymentRow> {
  if (!auth.member && !auth.admin) throw unauthorized("Please sign in to see this payment.");
  const [payment] = sessionId.length <= 200 ? await services.db.select().from(payments).where(eq(payments.sessionId, sessionId)) : [];
  if (!payment) throw notFound("No payment session found");
  if (!auth.admin && payment.memberId !== auth.member?.member.id) throw forbidden("This payment belongs to someone else.");
  if (payment.paymentStatus === "initiated" && !sessionId.startsWith("chg_")) {
    // The webhook may not have arrived yet: ask the provider (DECISIONS.md 9).
    await reconcileCheckout(services, sessionId);
    const [fresh] = await services.db.select().from(payments).where(eq(payments.id, payment.id));
    return fresh!;
  }
  return payment;
}

/** GET /api/payments/status/{session_id}: the member who paid, or an admin. */
export async function paymentStatus(services: Services, auth: Caller, sessionId: string) {
  const payment = await paymentForSession(services, auth, sessionId);
  return {
    session_id: payment.sessionId!,
    amount: payment.amountCents / 100,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    status: payment.paymentStatus,
    membership_level: payment.membershipLevel,
    billing_frequency: payment.billingFrequency,
    kind: payment.kind,
    created_at: payment.createdAt.toISOString(),
  };
}

/** POST /api/upgrades/complete/{session_id}: confirms an upgrade once its payment completed. */
export async function completeUpgrade(services: Services, auth: Caller, sessionId: string) {
  const payment = await paymentForSession(services, auth, sessionId);
  if (payment.kind !== "upgrade" && payment.kind !== "plan_change") throw notFound("No upgrade found for this session.");
  if (payment.paymentStatus === "expired") throw new AppError("CONFLICT", "This upgrade checkout expired. No charges were made.");
  if (payment.paymentStatus !== "completed") {
    throw new AppError("CONFLICT", "Your upgrade payment has not been completed yet. No charges were made.");
  }
  const live = payment.memberId ? await liveSubscription(services.db, payment.memberId) : null;
  return {
    success: true as const,
    new_membership_level: payment.membershipLevel,
    next_billing_date: live?.cancelAtPeriodEnd === false ? (live.currentPeriodEnd?.toISOString() ?? null) : null,
    message: `Your membership is now ${payment.membershipLevel}.`,
    redirect_url: OWNER_PORTAL_PATH,
    billing_amount_cents: priceTable[payment.membershipLevel].monthlyCents,
    currency: payment.currency,
  };
}

/**
 * "Create your portal account" after paying: a username and password for a member who has none
 * yet (DECISIONS.md 4). A first password needs the email proved (an emailed code).
 */
export async function createPortalAccount(
  services: Services,
  signedIn: MemberRow,
  sessionId: string,
  input: { username: string; password: string; email_code?: string },
) {
  if (signedIn.passwordHash) throw new AppError("CONFLICT", "You already have a portal account. Sign in with your email or username.");
  const username = input.username.toLowerCase();
  const usernameTaken = async () => {
    const [taken] = await services.db
      .select({ id: members.id })
      .from(members)
      .where(and(sql`lower(${members.username}) = ${username}`, sql`${members.id} <> ${signedIn.id}`));
    return taken !== undefined;
  };
  // Before the code is used up: a taken username must not cost the member their code.
  if (await usernameTaken()) throw new AppError("CONFLICT", "This username is taken. Please choose another.");
  const member = await requireProvenEmail(services, signedIn, sessionId, input.email_code);
  const passwordHash = await hashPassword(input.password);
  const now = services.now();
  try {
    await services.db.transaction(async (tx) => {
      await tx.update(members).set({ username, passwordHash, updatedAt: now }).where(eq(members.id, member.id));
      await revokeLinks(tx, { memberId: member.id }, now);
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505") {
      throw new AppError("CONFLICT", "This username is taken. Please choose another.");
    }
    throw error;
  }
  return { success: true as const, username };
}
