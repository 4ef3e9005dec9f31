import { Hono, type Context } from "hono";
import { z } from "zod";
import { IsoDateSchema } from "../../../shared/calendar-schemas.ts";
import { ZCountersignSchema, ZDeclineSignatureSchema, ZDisclosureGivenSchema, ZRenewSchema, ZSignatureRequestSchema, ZTenantSignSchema } from "../../../shared/portal.ts";
import { requireOwner } from "../../domain/portal/access.ts";
import {
  countersign,
  listSignatureRequests,
  recordRltoSummaryGiven,
  sendForSignature,
  signatureRequestPdf,
  tenantDecline,
  tenantSign,
  tenantSignatureRequestPdf,
  tenantSignatureRequests,
  withdrawSignatureRequest,
} from "../../domain/portal/lease-signing.ts";
import { renewalCheck, renewLease } from "../../domain/portal/renewals.ts";
import { searchBooks } from "../../domain/portal/search.ts";
import { unauthorized } from "../../errors.ts";
import type { AppEnv } from "../auth.ts";
import { pdfResponse } from "../pdf.ts";
import { readJson, readQuery } from "../validate.ts";

// PORTAL.md 8a: the owner's search, leases sent for signature, countersigned and verified, and
// renewals, over the same domain functions as tRPC member.owner (search, leaseSigning) and
// tenant.leaseSigning.

const read = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "read");
const write = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "write");

export const ZRenewalCheckQuerySchema = z
  .object({
    start_date: IsoDateSchema,
    end_date: IsoDateSchema.optional(),
    rent_cents: z.coerce.number("Enter the rent in cents").int("Enter a whole number of cents").min(1, "The rent must be more than zero").max(100_000_000),
  })
  .refine((r) => !r.end_date || r.end_date >= r.start_date, { path: ["end_date"], message: "The renewal cannot end before it starts" });

export const ZBooksSearchQuerySchema = z.object({ q: z.string("Type what to look for").trim().min(2, "Type at least 2 characters").max(100, "At most 100 characters") });

export const ownerLeaseSigningRoutes = new Hono<AppEnv>()
  .get("/search", async (c) => {
    const owner = await read(c);
    return c.json(await searchBooks(c.var.services, owner, readQuery(c, ZBooksSearchQuerySchema).q));
  })
  .get("/leases/:id/signature-requests", async (c) => c.json(await listSignatureRequests(c.var.services, await read(c), c.req.param("id"))))
  .post("/leases/:id/signature-requests", async (c) => {
    const owner = await write(c);
    return c.json(await sendForSignature(c.var.services, owner, c.req.param("id"), await readJson(c, ZSignatureRequestSchema)), 201);
  })
  .post("/signature-requests/:id/countersign", async (c) => {
    const owner = await write(c);
    return c.json(await countersign(c.var.services, owner, c.req.param("id"), await readJson(c, ZCountersignSchema), c.var.meta));
  })
  .post("/signature-requests/:id/withdraw", async (c) => c.json(await withdrawSignatureRequest(c.var.services, await write(c), c.req.param("id"))))
  .get("/signature-requests/:id/pdf", async (c) => {
    const pdf = await signatureRequestPdf(c.var.services, await read(c), c.req.param("id"));
    return pdfResponse(c, { body: pdf.bytes, filename: pdf.filename });
  })
  .post("/leases/:id/rlto-summary", async (c) => {
    const owner = await write(c);
    const { given_on } = await readJson(c, ZDisclosureGivenSchema);
    return c.json(await recordRltoSummaryGiven(c.var.services, owner, c.req.param("id"), given_on));
  })
  .get("/leases/:id/renewal-check", async (c) => {
    const owner = await read(c);
    return c.json(await renewalCheck(c.var.services, owner, c.req.param("id"), readQuery(c, ZRenewalCheckQuerySchema)));
  })
  .post("/leases/:id/renew", async (c) => {
    const owner = await write(c);
    return c.json(await renewLease(c.var.services, owner, c.req.param("id"), await readJson(c, ZRenewSchema)), 201);
  });

function requireTenant(c: Context<AppEnv>) {
  const tenant = c.var.auth.tenant;
  if (!tenant) throw unauthorized("Please sign in to the tenant portal.");
  return tenant.tenant;
}

export const tenantLeaseSigningRoutes = new Hono<AppEnv>()
  .get("/signature-requests", async (c) => c.json(await tenantSignatureRequests(c.var.services, requireTenant(c))))
  .get("/signature-requests/:id/pdf", async (c) => {
    const pdf = await tenantSignatureRequestPdf(c.var.services, requireTenant(c), c.req.param("id"));
    return pdfResponse(c, { body: pdf.bytes, filename: pdf.filename });
  })
  .post("/signature-requests/:id/sign", async (c) => {
    const tenant = requireTenant(c);
    return c.json(await tenantSign(c.var.services, tenant, c.req.param("id"), await readJson(c, ZTenantSignSchema), c.var.meta));
  })
  .post("/signature-requests/:id/decline", async (c) => {
    const tenant = requireTenant(c);
    return c.json(await tenantDecline(c.var.services, tenant, c.req.param("id"), await readJson(c, ZDeclineSignatureSchema)));
  });
