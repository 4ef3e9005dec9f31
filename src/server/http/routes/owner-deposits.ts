import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  ZConditionReportSchema,
  ZConditionSignatureSchema,
  ZDepositInstitutionSchema,
  ZDepositRateSchema,
  ZDepositReceiptSchema,
  ZDepositReceiptsSchema,
  ZDepositStatementSchema,
  ZInterestSettlementSchema,
  ZMoveOutSchema,
} from "../../../shared/portal.ts";
import type { AdminActor } from "../../domain/audit.ts";
import { requireOwner } from "../../domain/portal/access.ts";
import { ownerCompliance } from "../../domain/portal/compliance.ts";
import {
  addDepositRate,
  depositView,
  giveDepositReceipt,
  listConditionReports,
  listDepositRates,
  makeDepositStatement,
  recordMoveOut,
  saveConditionReport,
  sendDeductionReceipts,
  setComplianceDigest,
  setDepositInstitution,
  settleInterest,
  signConditionReport,
  tenantConditionReports,
} from "../../domain/portal/deposits.ts";
import { unauthorized } from "../../errors.ts";
import { requireAdmin, type AppEnv } from "../auth.ts";
import { readJson } from "../validate.ts";

// PORTAL.md 3b: security deposits (received, interest, move-out, the statement), condition reports
// and the compliance calendar, over the same domain functions as tRPC member.owner.deposits.

const read = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "read");
const write = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "write");

export const ownerDepositRoutes = new Hono<AppEnv>()
  .get("/compliance", async (c) => c.json(await ownerCompliance(c.var.services, await read(c))))
  .put("/settings/compliance-digest", async (c) => {
    const owner = await write(c);
    const { enabled } = await readJson(c, z.object({ enabled: z.boolean("Say whether to send it") }));
    return c.json(await setComplianceDigest(c.var.services, owner, enabled));
  })
  .get("/leases/:id/deposit", async (c) => c.json(await depositView(c.var.services, await read(c), c.req.param("id"))))
  .put("/leases/:id/deposit", async (c) => {
    const owner = await write(c);
    return c.json(await setDepositInstitution(c.var.services, owner, c.req.param("id"), await readJson(c, ZDepositInstitutionSchema)));
  })
  .post("/leases/:id/deposit/receipt", async (c) => {
    const owner = await write(c);
    return c.json(await giveDepositReceipt(c.var.services, owner, c.req.param("id"), await readJson(c, ZDepositReceiptSchema, { emptyIsObject: true })), 201);
  })
  .post("/leases/:id/deposit/interest", async (c) => {
    const owner = await write(c);
    return c.json(await settleInterest(c.var.services, owner, c.req.param("id"), await readJson(c, ZInterestSettlementSchema)), 201);
  })
  .post("/leases/:id/move-out", async (c) => {
    const owner = await write(c);
    return c.json(await recordMoveOut(c.var.services, owner, c.req.param("id"), await readJson(c, ZMoveOutSchema)));
  })
  .post("/leases/:id/deposit/statement", async (c) => {
    const owner = await write(c);
    return c.json(await makeDepositStatement(c.var.services, owner, c.req.param("id"), await readJson(c, ZDepositStatementSchema)), 201);
  })
  .post("/leases/:id/deposit/statement/receipts", async (c) => {
    const owner = await write(c);
    return c.json(await sendDeductionReceipts(c.var.services, owner, c.req.param("id"), await readJson(c, ZDepositReceiptsSchema)));
  })
  .get("/leases/:id/condition-reports", async (c) => c.json(await listConditionReports(c.var.services, await read(c), c.req.param("id"))))
  .post("/leases/:id/condition-reports", async (c) => {
    const owner = await write(c);
    return c.json(await saveConditionReport(c.var.services, owner, c.req.param("id"), await readJson(c, ZConditionReportSchema)), 201);
  });

function requireTenant(c: Context<AppEnv>) {
  const tenant = c.var.auth.tenant;
  if (!tenant) throw unauthorized("Please sign in to the tenant portal.");
  return tenant.tenant;
}

export const tenantDepositRoutes = new Hono<AppEnv>()
  .get("/leases/:id/condition-reports", async (c) => c.json(await tenantConditionReports(c.var.services, requireTenant(c), c.req.param("id"))))
  .post("/condition-reports/:id/sign", async (c) => {
    const tenant = requireTenant(c);
    return c.json(await signConditionReport(c.var.services, tenant, c.req.param("id"), await readJson(c, ZConditionSignatureSchema)));
  });

const staff = (c: Context<AppEnv>): AdminActor => ({ admin: requireAdmin(c).admin, ip: c.var.meta.ip, session: c.var.auth.admin! });

export const adminDepositRoutes = new Hono<AppEnv>()
  .get("/deposit-interest-rates", async (c) => {
    staff(c);
    return c.json(await listDepositRates(c.var.services.db));
  })
  .post("/deposit-interest-rates", async (c) => {
    const actor = staff(c);
    return c.json(await addDepositRate(c.var.services, actor, await readJson(c, ZDepositRateSchema)), 201);
  });
