import { z } from "zod";
import { ZApplyRequestSchema, ZSignRequestSchema } from "../../../shared/application-schema.ts";
import {
  applyForMembership,
  assertApplicationAccess,
  continueApplicationByLink,
  describeApplication,
  findApplication,
  signAgreement,
  signingSession,
  signResponse,
} from "../../domain/applications.ts";
import { notFound } from "../../errors.ts";
import { setSessionCookie, switchToMemberSession } from "../../http/auth.ts";
import { publicProcedure, router } from "../trpc.ts";
import { ZLinkTokenRequestSchema } from "../../../shared/account-schema.ts";

export const ZApplicationIdSchema = z.object({ applicationId: z.string().max(100) });

export const membershipRouter = router({
  submitApplication: publicProcedure.input(ZApplyRequestSchema).mutation(async ({ ctx, input }) => {
    const applicationId = ctx.auth.applicant?.applicationId ?? null;
    const result = await applyForMembership(ctx.services, input, ctx.meta, { applicationId });
    setSessionCookie(ctx.resHeaders, ctx.services, "applicant", result.session.token, result.session.expiresAt);
    return result.response;
  }),

  /** The link in the application email: continue (and sign) the application in this browser. */
  continueByLink: publicProcedure.input(ZLinkTokenRequestSchema).mutation(async ({ ctx, input }) => {
    const result = await continueApplicationByLink(ctx.services, input.token);
    setSessionCookie(ctx.resHeaders, ctx.services, "applicant", result.session.token, result.session.expiresAt);
    return result.response;
  }),

  application: publicProcedure.input(ZApplicationIdSchema).query(async ({ ctx, input }) => {
    const application = await findApplication(ctx.services.db, input.applicationId);
    if (!application) throw notFound("Application not found.");
    assertApplicationAccess(application, ctx.auth.applicant ?? ctx.auth.member ?? ctx.auth.admin);
    return describeApplication(ctx.services, application);
  }),

  sign: publicProcedure
    .input(ZApplicationIdSchema.extend({ agreement_sha256: z.string().max(64).optional() }).and(ZSignRequestSchema))
    .mutation(async ({ ctx, input }) => {
      const session = signingSession(ctx.auth, input.applicationId);
      const result = await signAgreement(ctx.services, input.applicationId, session, input, ctx.meta);
      if (result.memberSession) switchToMemberSession(ctx.resHeaders, ctx.services, result.memberSession);
      return signResponse(result);
    }),
});
