import { chicagoToday } from "../../../shared/calendar.ts";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { NewPasswordSchema, ZEmailRequestSchema, ZLinkTokenRequestSchema } from "../../../shared/account-schema.ts";
import { ZCommentSchema, ZMaintenanceRequestSchema, ZRentPaymentRequestSchema, ZTenantCancelSchema } from "../../../shared/portal.ts";
import { fileHeaders, tenantFile } from "../../domain/portal/files.ts";
import { cancelTenantRequest, createTenantRequest, getTenantRequest, listTenantRequests, tenantComment, tenantPhoto, tenantRequest } from "../../domain/portal/maintenance.ts";
import { rentPaymentStatus, startRentPayment } from "../../domain/portal/online-rent.ts";
import { autopaySetupStatus, startAutopay, stopAutopay } from "../../domain/portal/autopay.ts";
import { tenantReceipt } from "../../domain/portal/receipts.ts";
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
import type { TenantSession } from "../../domain/caller.ts";
import { unauthorized } from "../../errors.ts";
import { clearSessionCookie, setSessionCookie, type AppEnv } from "../auth.ts";
import { readJson, readUpload, takesFile } from "../validate.ts";
import { download, thumbnail } from "../download.ts";

// The tenant portal's REST paths (PORTAL.md 8): a tenant session, from an emailed link or a
// password, sees that tenant's own leases, ledgers, payments, documents and requests; every
// other id answers 404. The React app calls the same domain functions through tRPC (tenant).

export const ZTenantLoginSchema = z.object({
  email: ZEmailRequestSchema.shape.email,
  password: z.string("Enter your password").min(1, "Enter your password").max(200),
});
export const ZTenantPasswordSchema = z.object({ current_password: z.string().max(200).optional(), new_password: NewPasswordSchema });

function requireTenant(c: Context<AppEnv>): TenantSession {
  const tenant = c.var.auth.tenant;
  if (!tenant) throw unauthorized("Please sign in to the tenant portal.");
  return tenant;
}

function signedIn(c: Context<AppEnv>, tenant: Parameters<typeof describeTenantAccount>[0], session: { token: string; expiresAt: Date }) {
  setSessionCookie(c, c.var.services, "tenant", session.token, session.expiresAt);
  return c.json({ access_token: session.token, token_type: "bearer", expires_at: session.expiresAt.toISOString(), tenant: describeTenantAccount(tenant) });
}

export const tenantRoutes = new Hono<AppEnv>()
  .post("/sign-in-link", async (c) => {
    const { email } = await readJson(c, ZEmailRequestSchema);
    return c.json(await requestTenantSignInLink(c.var.services, email, c.var.meta));
  })
  .post("/sign-in-link/confirm", async (c) => {
    const { token } = await readJson(c, ZLinkTokenRequestSchema);
    const { tenant, session } = await confirmTenantLink(c.var.services, token);
    return signedIn(c, tenant, session);
  })
  .post("/login", async (c) => {
    const input = await readJson(c, ZTenantLoginSchema);
    const { tenant, session } = await signInTenant(c.var.services, input, c.var.meta);
    return signedIn(c, tenant, session);
  })
  .post("/logout", async (c) => {
    const token = c.var.auth.tokens.tenant;
    if (token) await invalidateSession(c.var.services.db, token);
    clearSessionCookie(c, "tenant");
    return c.json({ success: true });
  })
  .post("/password", async (c) => {
    const { tenant, session } = requireTenant(c);
    const input = await readJson(c, ZTenantPasswordSchema);
    return c.json(await setTenantPassword(c.var.services, tenant, session.id, input));
  })
  .get("/me", async (c) => c.json(await tenantOverview(c.var.services, requireTenant(c).tenant)))
  .post("/invitations/:id/accept", async (c) => c.json(await answerInvitation(c.var.services, requireTenant(c).tenant, c.req.param("id"), "accept")))
  .post("/invitations/:id/decline", async (c) => c.json(await answerInvitation(c.var.services, requireTenant(c).tenant, c.req.param("id"), "decline")))
  .get("/leases/:id/ledger", async (c) => c.json(await tenantLedger(c.var.services, requireTenant(c).tenant, c.req.param("id"))))
  .post("/leases/:id/pay", async (c) => {
    const { tenant } = requireTenant(c);
    const { amount_cents } = await readJson(c, ZRentPaymentRequestSchema, { emptyIsObject: true });
    return c.json(await startRentPayment(c.var.services, tenant, c.req.param("id"), amount_cents));
  })
  .get("/payments/:id", async (c) => c.json(await rentPaymentStatus(c.var.services, requireTenant(c).tenant, c.req.param("id"))))
  // A payment's receipt, by its ledger entry (issue 30, item 4).
  .get("/payments/:id/receipt", async (c) => download(c, await tenantReceipt(c.var.services, requireTenant(c).tenant, c.req.param("id"))))
  // Autopay (issue 30, item 3): a setup checkout after the authorization; stop at any time; the setup's return page.
  .post("/leases/:id/autopay", async (c) => {
    const { tenant } = requireTenant(c);
    const input = await readJson(c, ZAutopayRequestSchema);
    return c.json(await startAutopay(c.var.services, tenant, c.req.param("id"), input, c.var.meta));
  })
  .delete("/leases/:id/autopay", async (c) => c.json(await stopAutopay(c.var.services, requireTenant(c).tenant, c.req.param("id"))))
  .get("/autopay/:id", async (c) => c.json(await autopaySetupStatus(c.var.services, requireTenant(c).tenant, c.req.param("id"))))
  .get("/maintenance", async (c) => c.json(await listTenantRequests(c.var.services, requireTenant(c).tenant)))
  .post("/maintenance", async (c) => {
    const { tenant } = requireTenant(c);
    const input = await readJson(c, ZMaintenanceRequestSchema);
    return c.json(await createTenantRequest(c.var.services, tenant, input), 201);
  })
  .get("/maintenance/:id", async (c) => c.json(await getTenantRequest(c.var.services, requireTenant(c).tenant, c.req.param("id"))))
  .post("/maintenance/:id/comments", async (c) => {
    const { tenant } = requireTenant(c);
    const { body } = await readJson(c, ZCommentSchema);
    return c.json(await tenantComment(c.var.services, tenant, c.req.param("id"), body), 201);
  })
  .post("/maintenance/:id/photos", takesFile, async (c) => {
    const { tenant } = requireTenant(c);
    // Whose request it is is settled before the upload is read: a stranger's id answers 404 at once.
    await tenantRequest(c.var.services.db, tenant, c.req.param("id"), chicagoToday(c.var.services.now()));
    const { file } = await readUpload(c);
    return c.json(await tenantPhoto(c.var.services, tenant, c.req.param("id"), file), 201);
  })
  .post("/maintenance/:id/cancel", async (c) => {
    const { tenant } = requireTenant(c);
    const { note } = await readJson(c, ZTenantCancelSchema, { emptyIsObject: true });
    return c.json(await cancelTenantRequest(c.var.services, tenant, c.req.param("id"), note));
  })
  .get("/files/:id", async (c) => {
    const file = await tenantFile(c.var.services, requireTenant(c).tenant, c.req.param("id"));
    return c.body(new Uint8Array(file.data), 200, fileHeaders(file));
  })
  .get("/files/:id/thumbnail", async (c) => thumbnail(c, await tenantFile(c.var.services, requireTenant(c).tenant, c.req.param("id"))));
