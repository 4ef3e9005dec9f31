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
  addCaseNote,
  addNotice,
  getCase,
  listCases,
  moveCase,
  openCase,
  recordCourtFacts,
  recordService,
  staffCaseQueue,
  staffGetCase,
} from "../../domain/portal/evictions.ts";
import { createJob, getJob, listJobs, logAttempt, moveJob, staffGetJob, staffJobQueue } from "../../domain/portal/service-jobs.ts";
import { adminProcedure, publicProcedure, router, type TrpcContext } from "../trpc.ts";

// Eviction cases and the process server for the React client (PORTAL.md 7.2, 7.3): the owner's
// side under member.evictions / member.serviceJobs, the staff's under admin.evictions /
// admin.serviceJobs; the same domain functions as the REST paths. Files go to the REST upload paths.

const ZId = z.object({ id: z.string().max(100) });
const ZNoticeId = ZId.extend({ noticeId: z.string().max(100) });
const ZQueue = z.object({ state: z.enum(["open", "all"]).optional() }).optional();
const read = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "read");
const write = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "write");
const staffOf = (ctx: { admin: NonNullable<AdminActor["session"]>; meta: { ip: string | null } }): AdminActor => ({ admin: ctx.admin.admin, ip: ctx.meta.ip, session: ctx.admin });

export const ownerEvictionsRouter = router({
  list: publicProcedure.query(async ({ ctx }) => listCases(ctx.services, await read(ctx))),
  get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getCase(ctx.services, await read(ctx), input.id)),
  open: publicProcedure.input(ZEvictionCaseSchema).mutation(async ({ ctx, input }) => openCase(ctx.services, await write(ctx), input)),
  addNotice: publicProcedure
    .input(ZId.extend({ notice: ZNoticeSchema }))
    .mutation(async ({ ctx, input }) => addNotice(ctx.services, await write(ctx), input.id, input.notice)),
  recordService: publicProcedure
    .input(ZNoticeId.extend(ZNoticeServiceSchema.shape))
    .mutation(async ({ ctx, input }) => recordService(ctx.services, { kind: "owner", owner: await write(ctx) }, input.id, input.noticeId, input)),
  note: publicProcedure
    .input(ZId.extend(ZEvictionNoteSchema.shape))
    .mutation(async ({ ctx, input }) => addCaseNote(ctx.services, { kind: "owner", owner: await write(ctx) }, input.id, input.body)),
  /** The owner's own moves of an unpaid case; `closed` withdraws it. */
  move: publicProcedure
    .input(ZId.extend(ZEvictionMoveSchema.shape))
    .mutation(async ({ ctx, input }) => moveCase(ctx.services, { kind: "owner", owner: await write(ctx) }, input.id, input)),
});

export const ownerServiceJobsRouter = router({
  list: publicProcedure.query(async ({ ctx }) => listJobs(ctx.services, await read(ctx))),
  get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getJob(ctx.services, await read(ctx), input.id)),
  create: publicProcedure.input(ZServiceJobSchema).mutation(async ({ ctx, input }) => createJob(ctx.services, await write(ctx), input)),
});

export const adminEvictionsRouter = router({
  list: adminProcedure.input(ZQueue).query(({ ctx, input }) => staffCaseQueue(ctx.services, input ?? {})),
  get: adminProcedure.input(ZId).query(({ ctx, input }) => staffGetCase(ctx.services, staffOf(ctx), input.id)),
  move: adminProcedure.input(ZId.extend(ZEvictionMoveSchema.shape)).mutation(({ ctx, input }) => moveCase(ctx.services, { kind: "staff", staff: staffOf(ctx) }, input.id, input)),
  court: adminProcedure.input(ZId.extend({ facts: ZCourtFactsSchema })).mutation(({ ctx, input }) => recordCourtFacts(ctx.services, staffOf(ctx), input.id, input.facts)),
  note: adminProcedure
    .input(ZId.extend(ZEvictionNoteSchema.shape))
    .mutation(({ ctx, input }) => addCaseNote(ctx.services, { kind: "staff", staff: staffOf(ctx) }, input.id, input.body)),
  recordService: adminProcedure
    .input(ZNoticeId.extend(ZNoticeServiceSchema.shape))
    .mutation(({ ctx, input }) => recordService(ctx.services, { kind: "staff", staff: staffOf(ctx) }, input.id, input.noticeId, input)),
});

export const adminServiceJobsRouter = router({
  list: adminProcedure.input(ZQueue).query(({ ctx, input }) => staffJobQueue(ctx.services, input ?? {})),
  get: adminProcedure.input(ZId).query(({ ctx, input }) => staffGetJob(ctx.services, input.id)),
  move: adminProcedure.input(ZId.extend(ZServiceJobMoveSchema.shape)).mutation(({ ctx, input }) => moveJob(ctx.services, staffOf(ctx), input.id, input)),
  attempt: adminProcedure.input(ZId.extend(ZServiceAttemptSchema.shape)).mutation(({ ctx, input }) => logAttempt(ctx.services, staffOf(ctx), input.id, input)),
});
