import { z } from "zod";
import { NewPasswordSchema, ZEmailRequestSchema, ZLinkTokenRequestSchema } from "../../../shared/account-schema.ts";
import { ZCommentSchema, ZMaintenanceRequestSchema, ZRentPaymentRequestSchema, ZTenantCancelSchema } from "../../../shared/portal.ts";
import { cancelTenantRequest, createTenantRequest, getTenantRequest, listTenantRequests, tenantComment } from "../../domain/portal/maintenance.ts";
import { rentPaymentStatus, startRentPayment } from "../../domain/portal/online-rent.ts";
import { autopaySetupStatus, startAutopay, stopAutopay } from "../../domain/portal/autopay.ts";
import { ZAutopayRequestSchema } from "../../../shared/autopay-schema.ts";
import {
  confirmTenantLink,
  describeTenantAccount,
  requestTenantSignInLink,
  setTenantPassword,
  signInTenant,
  tenantLedger,
  tenantOverview,
  answerInvitation,
} from "../../domain/portal/tenants.ts";
import { invalidateSession } from "../../domain/sessions.ts";
import { signConditionReport, tenantConditionReports } from "../../domain/portal/deposits.ts";
import { ZConditionSignatureSchema, ZDeclineSignatureSchema, ZTenantSignSchema } from "../../../shared/portal.ts";
import { tenantDecline, tenantSign, tenantSignatureRequests } from "../../domain/portal/lease-signing.ts";
import { AppError } from "../../errors.ts";
import { clearSessionCookie, setSessionCookie } from "../../http/auth.ts";
import { publicProcedure, router, type TrpcContext } from "../trpc.ts";

// The tenant portal for the React client (/tenant): the same domain functions as /api/tenant.
// Photos are uploaded to the REST path (multipart), which tRPC does not carry.

const ZId = z.object({ id: z.string().max(100) });

/** A signed-in tenant: `ctx.tenant` is non-null. */
const tenantProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth.tenant) throw new AppError("UNAUTHORIZED", "Please sign in to the tenant portal.");
  return next({ ctx: { ...ctx, tenant: ctx.auth.tenant } });
});

function signedIn(ctx: TrpcContext, result: Awaited<ReturnType<typeof signInTenant>>) {
  setSessionCookie(ctx.resHeaders, ctx.services, "tenant", result.session.token, result.session.expiresAt);
  return { tenant: describeTenantAccount(result.tenant) };
}

export const tenantAuthRouter = router({
  /** Who is signed in to the tenant portal, or null. */
  session: publicProcedure.query(({ ctx }) => (ctx.auth.tenant ? describeTenantAccount(ctx.auth.tenant.tenant) : null)),
  requestLink: publicProcedure.input(ZEmailRequestSchema).mutation(({ ctx, input }) => requestTenantSignInLink(ctx.services, input.email, ctx.meta)),
  confirmLink: publicProcedure.input(ZLinkTokenRequestSchema).mutation(async ({ ctx, input }) => signedIn(ctx, await confirmTenantLink(ctx.services, input.token))),
  login: publicProcedure
    .input(z.object({ email: ZEmailRequestSchema.shape.email, password: z.string().min(1, "Enter your password").max(200) }))
    .mutation(async ({ ctx, input }) => signedIn(ctx, await signInTenant(ctx.services, input, ctx.meta))),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const token = ctx.auth.tokens.tenant;
    if (token) await invalidateSession(ctx.services.db, token);
    clearSessionCookie(ctx.resHeaders, "tenant");
    return { success: true };
  }),
});

export const tenantRouter = router({
  me: tenantProcedure.query(({ ctx }) => tenantOverview(ctx.services, ctx.tenant.tenant)),
  conditionReports: tenantProcedure.input(z.object({ id: z.string().max(100) })).query(({ ctx, input }) => tenantConditionReports(ctx.services, ctx.tenant.tenant, input.id)),
  signConditionReport: tenantProcedure
    .input(z.object({ id: z.string().max(100) }).extend(ZConditionSignatureSchema.shape))
    .mutation(({ ctx, input }) => signConditionReport(ctx.services, ctx.tenant.tenant, input.id, input)),
  leaseSigning: router({
    list: tenantProcedure.query(({ ctx }) => tenantSignatureRequests(ctx.services, ctx.tenant.tenant)),
    sign: tenantProcedure.input(ZId.extend(ZTenantSignSchema.shape)).mutation(({ ctx, input }) => tenantSign(ctx.services, ctx.tenant.tenant, input.id, input, ctx.meta)),
    decline: tenantProcedure.input(ZId.extend(ZDeclineSignatureSchema.shape)).mutation(({ ctx, input }) => tenantDecline(ctx.services, ctx.tenant.tenant, input.id, input)),
  }),
  answerInvitation: tenantProcedure
    .input(z.object({ id: z.string().max(100), answer: z.enum(["accept", "decline"]) }))
    .mutation(({ ctx, input }) => answerInvitation(ctx.services, ctx.tenant.tenant, input.id, input.answer)),
  setPassword: tenantProcedure
    .input(z.object({ current_password: z.string().max(200).optional(), new_password: NewPasswordSchema }))
    .mutation(({ ctx, input }) => setTenantPassword(ctx.services, ctx.tenant.tenant, ctx.tenant.session.id, input)),
  ledger: tenantProcedure.input(ZId).query(({ ctx, input }) => tenantLedger(ctx.services, ctx.tenant.tenant, input.id)),
  pay: tenantProcedure
    .input(ZId.extend(ZRentPaymentRequestSchema.shape))
    .mutation(({ ctx, input }) => startRentPayment(ctx.services, ctx.tenant.tenant, input.id, input.amount_cents)),
  payment: tenantProcedure.input(ZId).query(({ ctx, input }) => rentPaymentStatus(ctx.services, ctx.tenant.tenant, input.id)),
  // Autopay (issue 30, item 3): the lease's `autopay` in `me` says where it stands.
  autopay: router({
    start: tenantProcedure
      .input(ZId.extend(ZAutopayRequestSchema.shape))
      .mutation(({ ctx, input }) => startAutopay(ctx.services, ctx.tenant.tenant, input.id, input, ctx.meta)),
    stop: tenantProcedure.input(ZId).mutation(({ ctx, input }) => stopAutopay(ctx.services, ctx.tenant.tenant, input.id)),
    setup: tenantProcedure.input(ZId).query(({ ctx, input }) => autopaySetupStatus(ctx.services, ctx.tenant.tenant, input.id)),
  }),
  maintenance: router({
    list: tenantProcedure.query(({ ctx }) => listTenantRequests(ctx.services, ctx.tenant.tenant)),
    get: tenantProcedure.input(ZId).query(({ ctx, input }) => getTenantRequest(ctx.services, ctx.tenant.tenant, input.id)),
    create: tenantProcedure.input(ZMaintenanceRequestSchema).mutation(({ ctx, input }) => createTenantRequest(ctx.services, ctx.tenant.tenant, input)),
    comment: tenantProcedure
      .input(ZId.extend(ZCommentSchema.shape))
      .mutation(({ ctx, input }) => tenantComment(ctx.services, ctx.tenant.tenant, input.id, input.body)),
    cancel: tenantProcedure
      .input(ZId.extend(ZTenantCancelSchema.shape))
      .mutation(({ ctx, input }) => cancelTenantRequest(ctx.services, ctx.tenant.tenant, input.id, input.note)),
  }),
});
