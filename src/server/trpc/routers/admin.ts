import { z } from "zod";
import { recentPurchases } from "../../domain/portal/purchases.ts";
import { ADMIN_PAGE_SIZES, DATA_FILTERS, ZAdminListQuerySchema, ZAdminLoginRequestSchema } from "../../../shared/admin.ts";
import { ZEmailRequestSchema, ZLinkTokenRequestSchema } from "../../../shared/account-schema.ts";
import { confirmAdminSignInLink, describeAdmin, requestAdminSignInLink, signInAdmin, signOutAdmin } from "../../domain/admin/auth.ts";
import { dashboardCharts, dashboardStats } from "../../domain/admin/dashboard.ts";
import { addDepositRate, listDepositRates } from "../../domain/portal/deposits.ts";
import { ZDepositRateSchema } from "../../../shared/portal.ts";
import { cleanupTestData, dataOverview, listOutbox, outboxView, readOutboxMessage } from "../../domain/admin/data.ts";
import { deleteMember, describeOneMemberForAdmin, findListedMember, listMembers, resetMemberPassword, setMemberActive } from "../../domain/admin/members.ts";
import { getContractForAdmin, listApplications, listContracts, listPayments, resendContractEmail } from "../../domain/admin/records.ts";
import { listAuditLog, type AdminActor } from "../../domain/audit.ts";
import { resendPaymentLink } from "../../domain/payment-reminders.ts";
import { notFound } from "../../errors.ts";
import { clearSessionCookie, setSessionCookie } from "../../http/auth.ts";
import { adminProcedure, publicProcedure, router } from "../trpc.ts";

// The admin area over tRPC: the same domain functions as /api/admin and /api/auth/admin.

const ZIdSchema = z.object({ id: z.string().max(100) });
const list = (defaultLimit: number) => ({
  input: ZAdminListQuerySchema.optional(),
  limit: (input: z.output<typeof ZAdminListQuerySchema> | undefined) => {
    const query = input ?? ZAdminListQuerySchema.parse({});
    return { ...query, limit: query.limit ?? defaultLimit };
  },
});
const actorOf = (ctx: { admin: NonNullable<AdminActor["session"]>; meta: { ip: string | null } }): AdminActor => ({
  admin: ctx.admin.admin,
  ip: ctx.meta.ip,
  session: ctx.admin,
});

/** Sign-in and sign-out: public, so an expired session can still sign out cleanly. */
export const adminAuthRouter = router({
  login: publicProcedure.input(ZAdminLoginRequestSchema).mutation(async ({ ctx, input }) => {
    const { session, admin } = await signInAdmin(ctx.services, input, ctx.meta);
    setSessionCookie(ctx.resHeaders, ctx.services, "admin", session.token, session.expiresAt);
    // The React client keeps no token (DECISIONS.md 5): the cookie is the session.
    return { admin_user: describeAdmin(admin) };
  }),
  requestSignInLink: publicProcedure
    .input(ZEmailRequestSchema)
    .mutation(({ ctx, input }) => requestAdminSignInLink(ctx.services, input.email, ctx.meta)),
  confirmSignInLink: publicProcedure.input(ZLinkTokenRequestSchema).mutation(async ({ ctx, input }) => {
    const { session, admin } = await confirmAdminSignInLink(ctx.services, input.token, ctx.meta);
    setSessionCookie(ctx.resHeaders, ctx.services, "admin", session.token, session.expiresAt);
    return { admin_user: describeAdmin(admin) };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signOutAdmin(ctx.services, ctx.auth.tokens.admin, ctx.auth.admin?.admin ?? null, ctx.meta);
    clearSessionCookie(ctx.resHeaders, "admin");
    return { success: true };
  }),
});

const members = list(ADMIN_PAGE_SIZES.members);
const contractors = list(ADMIN_PAGE_SIZES.contractors);
const applications = list(ADMIN_PAGE_SIZES.applications);
const contracts = list(ADMIN_PAGE_SIZES.contracts);
const payments = list(ADMIN_PAGE_SIZES.payments);
const outbox = list(ADMIN_PAGE_SIZES.outbox);

/** The admin procedures as a record, so that root.ts can spread them beside other areas' admin routers. */
export const adminArea = {
  me: adminProcedure.query(({ ctx }) => describeAdmin(ctx.admin.admin)),

  dashboard: router({
    stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.services)),
    charts: adminProcedure.query(({ ctx }) => dashboardCharts(ctx.services)),
  }),

  members: router({
    list: adminProcedure.input(members.input).query(({ ctx, input }) => listMembers(ctx.services.db, members.limit(input))),
    contractors: adminProcedure
      .input(contractors.input)
      .query(({ ctx, input }) => listMembers(ctx.services.db, contractors.limit(input), { contractorsOnly: true })),
    get: adminProcedure.input(ZIdSchema).query(async ({ ctx, input }) => describeOneMemberForAdmin(ctx.services.db, await findListedMember(ctx.services.db, input.id))),
    setActive: adminProcedure
      .input(ZIdSchema.extend({ is_active: z.boolean() }))
      .mutation(({ ctx, input }) => setMemberActive(ctx.services, actorOf(ctx), input.id, input.is_active)),
    resetPassword: adminProcedure.input(ZIdSchema).mutation(({ ctx, input }) => resetMemberPassword(ctx.services, actorOf(ctx), input.id)),
    delete: adminProcedure.input(ZIdSchema).mutation(({ ctx, input }) => deleteMember(ctx.services, actorOf(ctx), input.id)),
    sendPaymentLink: adminProcedure.input(ZIdSchema).mutation(({ ctx, input }) => resendPaymentLink(ctx.services, actorOf(ctx), input.id)),
  }),

  applications: router({
    list: adminProcedure.input(applications.input).query(({ ctx, input }) => listApplications(ctx.services.db, applications.limit(input))),
  }),

  contracts: router({
    list: adminProcedure.input(contracts.input).query(({ ctx, input }) => listContracts(ctx.services.db, contracts.limit(input))),
    get: adminProcedure.input(ZIdSchema).query(({ ctx, input }) => getContractForAdmin(ctx.services.db, input.id)),
    resendEmail: adminProcedure.input(ZIdSchema).mutation(({ ctx, input }) => resendContractEmail(ctx.services, actorOf(ctx), input.id)),
  }),

  payments: router({
    list: adminProcedure.input(payments.input).query(({ ctx, input }) => listPayments(ctx.services.db, payments.limit(input), ctx.services.now())),
    /** Owners' a-la-carte purchases (Schedule E reports...), newest first: money the association took. */
    purchases: adminProcedure.query(({ ctx }) => recentPurchases(ctx.services)),
  }),

  data: router({
    overview: adminProcedure
      .input(z.object({ q: z.string().trim().max(200).optional(), filter: z.enum(DATA_FILTERS).default("all") }).optional())
      .query(({ ctx, input }) => dataOverview(ctx.services.db, { q: input?.q || undefined, filter: input?.filter ?? "all" })),
    cleanupTestData: adminProcedure.mutation(({ ctx }) => cleanupTestData(ctx.services, actorOf(ctx))),
  }),

  /** Security deposit interest rates by year (PORTAL.md 3b): shipped for Chicago, added each year from the authority's notice. */
  depositRates: router({
    list: adminProcedure.query(({ ctx }) => listDepositRates(ctx.services.db)),
    add: adminProcedure.input(ZDepositRateSchema).mutation(({ ctx, input }) => addDepositRate(ctx.services, actorOf(ctx), input)),
  }),
  records: router({
    auditLog: adminProcedure
      .input(z.object({ limit: z.number().int().min(1).max(200).default(ADMIN_PAGE_SIZES.auditLog), before: z.number().int().min(1).optional() }).optional())
      .query(({ ctx, input }) => listAuditLog(ctx.services.db, { limit: input?.limit ?? ADMIN_PAGE_SIZES.auditLog, before: input?.before })),
    // `delivered`: whether this server sends the outbox by SMTP; without it nothing leaves, and
    // "pending" would promise a delivery that never comes.
    outbox: adminProcedure
      .input(outbox.input)
      .query(async ({ ctx, input }) => ({ ...(await listOutbox(ctx.services.db, outbox.limit(input), outboxView(ctx.services.config))), delivered: Boolean(ctx.services.config.SMTP_URL) })),
    outboxMessage: adminProcedure.input(ZIdSchema).query(async ({ ctx, input }) => {
      const message = await readOutboxMessage(ctx.services, actorOf(ctx), input.id);
      if (!message) throw notFound("Email not found.");
      return message;
    }),
  }),
};
