import { Hono } from "hono";
import { z } from "zod";
import { ADMIN_PAGE_SIZES, ZAdminListQuerySchema, ZSetMemberActiveSchema } from "../../../shared/admin.ts";
import type { AdminActor } from "../../domain/audit.ts";
import { listAuditLog } from "../../domain/audit.ts";
import { dashboardCharts, dashboardStats } from "../../domain/admin/dashboard.ts";
import {
  backupFileName,
  cleanupTestData,
  dataOverview,
  exportBackup,
  exportMembersCsv,
  listOutbox,
  outboxView,
  readOutboxMessage,
  recordExport,
  toByteStream,
} from "../../domain/admin/data.ts";
import { deleteMember, describeOneMemberForAdmin, findListedMember, listMembers, resetMemberPassword, setMemberActive } from "../../domain/admin/members.ts";
import { getContractForAdmin, listApplications, listContracts, listPayments, resendContractEmail } from "../../domain/admin/records.ts";
import { resendPaymentLink } from "../../domain/payment-reminders.ts";
import { fileHeaders } from "../../domain/portal/files.ts";
import { staffFile } from "../../domain/portal/support.ts";
import { notFound } from "../../errors.ts";
import { requireAdmin, type AppEnv } from "../auth.ts";
import type { Context } from "hono";
import { readJson, readQuery } from "../validate.ts";

// SPEC.md 7: everything under /api/admin. Every call needs an admin session (cookie or bearer);
// no session is 401, a member session 403. Lists answer arrays (SPEC.md's shape) with the total
// in X-Total-Count; `offset` fetches further pages.

export const ZAuditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_PAGE_SIZES.auditLog),
  before: z.coerce.number().int().min(1).optional(),
});
const actor = (c: Context<AppEnv>): AdminActor => ({ admin: c.var.auth.admin!.admin, ip: c.var.meta.ip, session: c.var.auth.admin! });

function listQuery(c: Context<AppEnv>, defaultLimit: number) {
  const query = readQuery(c, ZAdminListQuerySchema);
  return { ...query, limit: query.limit ?? defaultLimit };
}

function listAnswer<T>(c: Context<AppEnv>, result: { items: T[]; total: number }) {
  c.header("X-Total-Count", String(result.total));
  return c.json(result.items);
}

function download(chunks: AsyncGenerator<string>, fileName: string, contentType: string) {
  return new Response(toByteStream(chunks), {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}

export const adminRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .get("/dashboard/stats", async (c) => c.json(await dashboardStats(c.var.services)))
  // A file an owner sent staff with a support ticket or a bookkeeping request (PORTAL.md 7), as a download.
  .get("/services/files/:id", async (c) => {
    const file = await staffFile(c.var.services, actor(c), c.req.param("id"));
    return c.body(new Uint8Array(file.data), 200, fileHeaders(file));
  })
  .get("/dashboard/charts", async (c) => c.json(await dashboardCharts(c.var.services)))

  // Members. The fixed paths come before /members/:id.
  .get("/members", async (c) => listAnswer(c, await listMembers(c.var.services.db, listQuery(c, ADMIN_PAGE_SIZES.members))))
  .get("/members/search", async (c) => listAnswer(c, await listMembers(c.var.services.db, listQuery(c, ADMIN_PAGE_SIZES.search))))
  .get("/members/export.csv", async (c) => {
    const query = readQuery(c, ZAdminListQuerySchema);
    await recordExport(c.var.services, actor(c), "members_csv_exported", { filter: query.filter, search: Boolean(query.q || query.email || query.name) });
    return download(exportMembersCsv(c.var.services, query), backupFileName(c.var.services.now(), "csv", "association-members"), "text/csv; charset=utf-8");
  })
  .get("/members/:id", async (c) => c.json(await describeOneMemberForAdmin(c.var.services.db, await findListedMember(c.var.services.db, c.req.param("id")))))
  .put("/members/:id", async (c) => {
    const input = await readJson(c, ZSetMemberActiveSchema);
    return c.json(await setMemberActive(c.var.services, actor(c), c.req.param("id"), input.is_active));
  })
  .delete("/members/:id", async (c) => c.json(await deleteMember(c.var.services, actor(c), c.req.param("id"))))
  .post("/members/:id/reset-password", async (c) => c.json(await resetMemberPassword(c.var.services, actor(c), c.req.param("id"))))
  .post("/members/:id/payment-link", async (c) => c.json(await resendPaymentLink(c.var.services, actor(c), c.req.param("id"))))

  .get("/contractors", async (c) =>
    listAnswer(c, await listMembers(c.var.services.db, listQuery(c, ADMIN_PAGE_SIZES.contractors), { contractorsOnly: true })),
  )
  .get("/applications", async (c) => listAnswer(c, await listApplications(c.var.services.db, listQuery(c, ADMIN_PAGE_SIZES.applications))))
  .get("/applications/search", async (c) =>
    listAnswer(c, await listApplications(c.var.services.db, listQuery(c, ADMIN_PAGE_SIZES.applications))),
  )
  .get("/contracts", async (c) => listAnswer(c, await listContracts(c.var.services.db, listQuery(c, ADMIN_PAGE_SIZES.contracts))))
  .get("/contracts/:id", async (c) => c.json(await getContractForAdmin(c.var.services.db, c.req.param("id"))))
  .post("/contracts/:id/resend-email", async (c) => c.json(await resendContractEmail(c.var.services, actor(c), c.req.param("id"))))
  .get("/payments", async (c) => listAnswer(c, await listPayments(c.var.services.db, listQuery(c, ADMIN_PAGE_SIZES.payments), c.var.services.now())))

  // Enhanced Database Admin.
  .get("/data/overview", async (c) => {
    const query = readQuery(c, ZAdminListQuerySchema);
    return c.json(await dataOverview(c.var.services.db, query));
  })
  .get("/export-data", async (c) => {
    await recordExport(c.var.services, actor(c), "backup_exported");
    return download(exportBackup(c.var.services), backupFileName(c.var.services.now()), "application/json; charset=utf-8");
  })
  .post("/cleanup-test-data", async (c) => c.json(await cleanupTestData(c.var.services, actor(c))))

  // Records: read-only.
  .get("/audit-log", async (c) => {
    const query = readQuery(c, ZAuditLogQuerySchema);
    return c.json(await listAuditLog(c.var.services.db, query));
  })
  .get("/outbox", async (c) => {
    const query = listQuery(c, ADMIN_PAGE_SIZES.outbox);
    return listAnswer(c, await listOutbox(c.var.services.db, query, outboxView(c.var.services.config)));
  })
  .get("/outbox/:id", async (c) => {
    const message = await readOutboxMessage(c.var.services, actor(c), c.req.param("id"));
    if (!message) throw notFound("Email not found.");
    return c.json(message);
  });
