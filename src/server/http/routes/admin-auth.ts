import { Hono } from "hono";
import { ZAdminLoginRequestSchema } from "../../../shared/admin.ts";
import { ZEmailRequestSchema, ZLinkTokenRequestSchema } from "../../../shared/account-schema.ts";
import { confirmAdminSignInLink, describeAdmin, requestAdminSignInLink, signInAdmin, signOutAdmin } from "../../domain/admin/auth.ts";
import { clearSessionCookie, requireAdmin, setSessionCookie, type AppEnv } from "../auth.ts";
import { readJson } from "../validate.ts";

// SPEC.md 7: POST /api/auth/admin/login, plus logout and who-am-I for API clients.
export const adminAuthRoutes = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const input = await readJson(c, ZAdminLoginRequestSchema);
    const { session, response } = await signInAdmin(c.var.services, input, c.var.meta);
    setSessionCookie(c, c.var.services, "admin", session.token, session.expiresAt);
    return c.json(response);
  })
  .post("/sign-in-link", async (c) => {
    const { email } = await readJson(c, ZEmailRequestSchema);
    return c.json(await requestAdminSignInLink(c.var.services, email, c.var.meta));
  })
  .post("/sign-in-link/confirm", async (c) => {
    const { token } = await readJson(c, ZLinkTokenRequestSchema);
    const { session, response } = await confirmAdminSignInLink(c.var.services, token, c.var.meta);
    setSessionCookie(c, c.var.services, "admin", session.token, session.expiresAt);
    return c.json(response);
  })
  .post("/logout", async (c) => {
    const { auth } = c.var;
    await signOutAdmin(c.var.services, auth.tokens.admin, auth.admin?.admin ?? null, c.var.meta);
    clearSessionCookie(c, "admin");
    return c.json({ success: true });
  })
  .get("/me", (c) => c.json({ admin_user: describeAdmin(requireAdmin(c).admin) }));
