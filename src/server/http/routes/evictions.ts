import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  ZCourtFactsSchema,
  ZEvictionCaseSchema,
  ZEvictionMoveSchema,
  ZEvictionNoteSchema,
  ZNoticeSchema,
  ZNoticeServiceSchema,
  ZServiceAttemptSchema,
  ZServiceJobMoveSchema,
  ZServiceJobSchema,
} from "../../../shared/evictions.ts";
import type { AdminActor } from "../../domain/audit.ts";
import { requireOwner } from "../../domain/portal/access.ts";
import {
  addCaseDocument,
  addCaseNote,
  addNotice,
  assertCaseVisible,
  getCase,
  listCases,
  moveCase,
  noticeFile,
  openCase,
  recordCourtFacts,
  recordService,
  staffCaseFile,
  staffCaseQueue,
  staffGetCase,
  type CaseActor,
} from "../../domain/portal/evictions.ts";
import { fileHeaders } from "../../domain/portal/files.ts";
import {
  addJobDocument,
  assertJobVisible,
  createJob,
  getJob,
  listJobs,
  logAttempt,
  moveJob,
  staffGetJob,
  staffJobQueue,
  uploadAffidavit,
} from "../../domain/portal/service-jobs.ts";
import { requireAdmin, type AppEnv } from "../auth.ts";
import { download, thumbnail } from "../download.ts";
import { readJson, readQuery, readUpload, takesFile } from "../validate.ts";

// PORTAL.md 7.2, 7.3 and 8: eviction cases, their notices and the process server, for the owner
// (/api/portal, member session) and for the staff who coordinate them (/api/admin, admin session),
// over the same domain functions as tRPC member.owner.evictions / .serviceJobs and admin.evictions.

const read = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "read");
const write = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "write");
const staff = (c: Context<AppEnv>): AdminActor => ({ admin: requireAdmin(c).admin, ip: c.var.meta.ip, session: c.var.auth.admin! });
const staffActor = (c: Context<AppEnv>): CaseActor => ({ kind: "staff", staff: staff(c) });
export const ZQueueQuerySchema = z.object({ state: z.enum(["open", "all"]).optional() });
/** `tenant` (the default): the notice to serve; `owner`: with the app's computed dates, "verify with counsel". */
export const ZNoticeCopyQuerySchema = z.object({ copy: z.enum(["tenant", "owner"], "Choose the copy: tenant or owner").default("tenant") });

const pdf = (c: Context<AppEnv>, file: { body: Uint8Array; filename: string }) => download(c, { ...file, contentType: "application/pdf" });

export const ownerEvictionRoutes = new Hono<AppEnv>()
  .get("/evictions", async (c) => c.json(await listCases(c.var.services, await read(c))))
  .post("/evictions", async (c) => {
    const owner = await write(c);
    return c.json(await openCase(c.var.services, owner, await readJson(c, ZEvictionCaseSchema)), 201);
  })
  .get("/evictions/:id", async (c) => c.json(await getCase(c.var.services, await read(c), c.req.param("id"))))
  .post("/evictions/:id/notices", async (c) => {
    const owner = await write(c);
    return c.json(await addNotice(c.var.services, owner, c.req.param("id"), await readJson(c, ZNoticeSchema)), 201);
  })
  .post("/evictions/:id/notices/:notice_id/service", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZNoticeServiceSchema);
    return c.json(await recordService(c.var.services, { kind: "owner", owner }, c.req.param("id"), c.req.param("notice_id"), input));
  })
  .post("/evictions/:id/transitions", async (c) => {
    const actor: CaseActor = { kind: "owner", owner: await write(c) };
    return c.json(await moveCase(c.var.services, actor, c.req.param("id"), await readJson(c, ZEvictionMoveSchema)));
  })
  .get("/evictions/:id/notices/:notice_id/pdf", async (c) => {
    const owner = await read(c);
    const { copy } = readQuery(c, ZNoticeCopyQuerySchema);
    return pdf(c, await noticeFile(c.var.services, { kind: "owner", owner }, c.req.param("id"), c.req.param("notice_id"), copy));
  })
  .post("/evictions/:id/notes", async (c) => {
    const owner = await write(c);
    const { body } = await readJson(c, ZEvictionNoteSchema);
    return c.json(await addCaseNote(c.var.services, { kind: "owner", owner }, c.req.param("id"), body), 201);
  })
  .post("/evictions/:id/documents", takesFile, async (c) => {
    const actor: CaseActor = { kind: "owner", owner: await write(c) };
    await assertCaseVisible(c.var.services.db, actor, c.req.param("id"));
    const { file } = await readUpload(c);
    return c.json(await addCaseDocument(c.var.services, actor, c.req.param("id"), file), 201);
  })
  .get("/service-jobs", async (c) => c.json(await listJobs(c.var.services, await read(c))))
  .post("/service-jobs", async (c) => {
    const owner = await write(c);
    return c.json(await createJob(c.var.services, owner, await readJson(c, ZServiceJobSchema)), 201);
  })
  .get("/service-jobs/:id", async (c) => c.json(await getJob(c.var.services, await read(c), c.req.param("id"))))
  .post("/service-jobs/:id/documents", takesFile, async (c) => {
    const owner = await write(c);
    await assertJobVisible(c.var.services.db, owner, c.req.param("id"));
    const { file } = await readUpload(c);
    return c.json(await addJobDocument(c.var.services, owner, c.req.param("id"), file), 201);
  });

export const adminEvictionRoutes = new Hono<AppEnv>()
  .get("/evictions", async (c) => {
    staff(c);
    return c.json(await staffCaseQueue(c.var.services, readQuery(c, ZQueueQuerySchema)));
  })
  .get("/evictions/:id", async (c) => c.json(await staffGetCase(c.var.services, staff(c), c.req.param("id"))))
  .post("/evictions/:id/transitions", async (c) => {
    const actor = staffActor(c);
    return c.json(await moveCase(c.var.services, actor, c.req.param("id"), await readJson(c, ZEvictionMoveSchema)));
  })
  .patch("/evictions/:id/court", async (c) => {
    const who = staff(c);
    return c.json(await recordCourtFacts(c.var.services, who, c.req.param("id"), await readJson(c, ZCourtFactsSchema)));
  })
  .post("/evictions/:id/notes", async (c) => {
    const actor = staffActor(c);
    const { body } = await readJson(c, ZEvictionNoteSchema);
    return c.json(await addCaseNote(c.var.services, actor, c.req.param("id"), body), 201);
  })
  .post("/evictions/:id/documents", takesFile, async (c) => {
    const actor = staffActor(c);
    await assertCaseVisible(c.var.services.db, actor, c.req.param("id"));
    const { file } = await readUpload(c);
    return c.json(await addCaseDocument(c.var.services, actor, c.req.param("id"), file), 201);
  })
  .post("/evictions/:id/notices/:notice_id/service", async (c) => {
    const actor = staffActor(c);
    const input = await readJson(c, ZNoticeServiceSchema);
    return c.json(await recordService(c.var.services, actor, c.req.param("id"), c.req.param("notice_id"), input));
  })
  .get("/evictions/:id/notices/:notice_id/pdf", async (c) => {
    const actor = staffActor(c);
    const { copy } = readQuery(c, ZNoticeCopyQuerySchema);
    return pdf(c, await noticeFile(c.var.services, actor, c.req.param("id"), c.req.param("notice_id"), copy));
  })
  // The files of cases and service jobs (documents, affidavits), to staff; nothing else of the owner's.
  .get("/premium-files/:id", async (c) => {
    const file = await staffCaseFile(c.var.services, staff(c), c.req.param("id"));
    return c.body(new Uint8Array(file.data), 200, fileHeaders(file));
  })
  .get("/premium-files/:id/thumbnail", async (c) => thumbnail(c, await staffCaseFile(c.var.services, staff(c), c.req.param("id"))))
  .get("/service-jobs", async (c) => {
    staff(c);
    return c.json(await staffJobQueue(c.var.services, readQuery(c, ZQueueQuerySchema)));
  })
  .get("/service-jobs/:id", async (c) => {
    staff(c);
    return c.json(await staffGetJob(c.var.services, c.req.param("id")));
  })
  .post("/service-jobs/:id/transitions", async (c) => {
    const who = staff(c);
    return c.json(await moveJob(c.var.services, who, c.req.param("id"), await readJson(c, ZServiceJobMoveSchema)));
  })
  .post("/service-jobs/:id/attempts", async (c) => {
    const who = staff(c);
    return c.json(await logAttempt(c.var.services, who, c.req.param("id"), await readJson(c, ZServiceAttemptSchema)), 201);
  })
  .post("/service-jobs/:id/affidavit", takesFile, async (c) => {
    const who = staff(c);
    await assertJobVisible(c.var.services.db, null, c.req.param("id"));
    const { file } = await readUpload(c);
    return c.json(await uploadAffidavit(c.var.services, who, c.req.param("id"), file), 201);
  });
