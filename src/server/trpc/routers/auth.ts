import {
  ZChangePasswordRequestSchema,
  ZEmailRequestSchema,
  ZLinkTokenRequestSchema,
  ZLoginRequestSchema,
  ZResetPasswordRequestSchema,
} from "../../../shared/account-schema.ts";
import {
  changePassword,
  confirmSignInLink,
  ownerPortalAccess,
  requestAccountLink,
  resetPasswordWithLink,
  sendEmailCode,
  signInWithPassword,
} from "../../domain/auth.ts";
import { describeMember } from "../../domain/members.ts";
import { invalidateSession } from "../../domain/sessions.ts";
import { clearSessionCookie, switchToMemberSession } from "../../http/auth.ts";
import { memberProcedure, publicProcedure, router } from "../trpc.ts";

/** Member sign-in for the React client: the session goes into the httpOnly cookie only. */
export const memberAuthRouter = router({
  signIn: publicProcedure.input(ZLoginRequestSchema).mutation(async ({ ctx, input }) => {
    const { member, session } = await signInWithPassword(ctx.services, input, ctx.meta);
    switchToMemberSession(ctx.resHeaders, ctx.services, session);
    return describeMember(ctx.services.db, member);
  }),

  requestSignInLink: publicProcedure
    .input(ZEmailRequestSchema)
    .mutation(({ ctx, input }) => requestAccountLink(ctx.services, "sign_in", input.email, ctx.meta)),

  confirmSignInLink: publicProcedure.input(ZLinkTokenRequestSchema).mutation(async ({ ctx, input }) => {
    const { member, session } = await confirmSignInLink(ctx.services, input.token);
    switchToMemberSession(ctx.resHeaders, ctx.services, session);
    return describeMember(ctx.services.db, member);
  }),

  requestPasswordLink: publicProcedure
    .input(ZEmailRequestSchema)
    .mutation(({ ctx, input }) => requestAccountLink(ctx.services, "password", input.email, ctx.meta)),

  resetPassword: publicProcedure.input(ZResetPasswordRequestSchema).mutation(async ({ ctx, input }) => {
    const { member, session } = await resetPasswordWithLink(ctx.services, input);
    switchToMemberSession(ctx.resHeaders, ctx.services, session);
    return describeMember(ctx.services.db, member);
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    const token = ctx.auth.tokens.member;
    if (token) await invalidateSession(ctx.services.db, token);
    clearSessionCookie(ctx.resHeaders, "member");
    return { success: true };
  }),

  /** Whether the owner portal opens for whoever is asking (SPEC.md 2 portal locking). */
  ownerPortalAccess: publicProcedure.query(({ ctx }) => ownerPortalAccess(ctx.services, ctx.auth)),
});

/** The signed-in member's password, set or changed from the portal. */
export const memberPasswordRouter = router({
  /** Emails the 6-digit code that proves the email, before a first password. */
  sendEmailCode: memberProcedure.mutation(({ ctx }) => sendEmailCode(ctx.services, ctx.member.member)),
  change: memberProcedure
    .input(ZChangePasswordRequestSchema)
    .mutation(({ ctx, input }) => changePassword(ctx.services, ctx.member.member, ctx.member.session.id, input)),
});
