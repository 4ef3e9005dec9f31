import { Hono } from "hono";
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
  requestAccountLink,
  resetPasswordWithLink,
  sendEmailCode,
  signInWithPassword,
} from "../../domain/auth.ts";
import { describeMember } from "../../domain/members.ts";
import { invalidateSession } from "../../domain/sessions.ts";
import { unauthorized } from "../../errors.ts";
import { clearSessionCookie, requireMember, switchToMemberSession, type AppEnv } from "../auth.ts";
import { readJson } from "../validate.ts";

// SPEC.md 7: /api/auth/* for members. Admin sign-in lives at /api/auth/admin in its own file.
export const authRoutes = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const input = await readJson(c, ZLoginRequestSchema);
    const { member, session } = await signInWithPassword(c.var.services, input, c.var.meta);
    switchToMemberSession(c, c.var.services, session);
    return c.json({
      access_token: session.token,
      token_type: "bearer",
      expires_at: session.expiresAt.toISOString(),
      user: await describeMember(c.var.services.db, member),
    });
  })
  .get("/me", async (c) => {
    const { member } = requireMember(c);
    return c.json(await describeMember(c.var.services.db, member));
  })
  .post("/verify-token", async (c) => {
    const session = c.var.auth.member;
    if (!session) throw unauthorized("The token is not valid or has expired. Please sign in again.");
    return c.json({
      valid: true,
      expires_at: session.session.expiresAt.toISOString(),
      user: await describeMember(c.var.services.db, session.member),
    });
  })
  .post("/logout", async (c) => {
    const token = c.var.auth.tokens.member;
    if (token) await invalidateSession(c.var.services.db, token);
    clearSessionCookie(c, "member");
    return c.json({ success: true });
  })
  .post("/sign-in-link", async (c) => {
    const { email } = await readJson(c, ZEmailRequestSchema);
    return c.json(await requestAccountLink(c.var.services, "sign_in", email, c.var.meta));
  })
  .post("/sign-in-link/confirm", async (c) => {
    const { token } = await readJson(c, ZLinkTokenRequestSchema);
    const { member, session } = await confirmSignInLink(c.var.services, token);
    switchToMemberSession(c, c.var.services, session);
    return c.json({ access_token: session.token, token_type: "bearer", user: await describeMember(c.var.services.db, member) });
  })
  .post("/password-link", async (c) => {
    const { email } = await readJson(c, ZEmailRequestSchema);
    return c.json(await requestAccountLink(c.var.services, "password", email, c.var.meta));
  })
  .post("/password-reset", async (c) => {
    const input = await readJson(c, ZResetPasswordRequestSchema);
    const { member, session } = await resetPasswordWithLink(c.var.services, input);
    switchToMemberSession(c, c.var.services, session);
    return c.json({ access_token: session.token, token_type: "bearer", user: await describeMember(c.var.services.db, member) });
  })
  .post("/email-code", async (c) => {
    const { member } = requireMember(c);
    return c.json(await sendEmailCode(c.var.services, member));
  })
  .post("/password", async (c) => {
    const { member, session } = requireMember(c);
    const input = await readJson(c, ZChangePasswordRequestSchema);
    return c.json(await changePassword(c.var.services, member, session.id, input));
  });
