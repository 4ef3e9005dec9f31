import { z } from "zod";
import { ZAttendanceSchema, ZWebinarPatchSchema, ZWebinarSchema } from "../../../shared/community.ts";
import type { AdminActor } from "../../domain/audit.ts";
import { communityActor } from "../../domain/community/people.ts";
import {
  adminListWebinars,
  cancelWebinarRegistration,
  changeWebinar,
  createWebinar,
  getWebinar,
  listWebinars,
  markAttendance,
  registerForWebinar,
  webinarRegistrationsForAdmin,
} from "../../domain/community/webinars.ts";
import { adminProcedure, memberProcedure, publicProcedure, router } from "../trpc.ts";

// Webinars over tRPC: the same domain functions as /api/webinars and /api/admin/webinars.

const id = z.object({ id: z.string().max(100) });
const actorOf = (ctx: { admin: NonNullable<AdminActor["session"]>; meta: { ip: string | null } }): AdminActor => ({ admin: ctx.admin.admin, ip: ctx.meta.ip, session: ctx.admin });

export const publicWebinarsRouter = router({
  list: publicProcedure
    .input(z.object({ when: z.enum(["upcoming", "past"]).default("upcoming") }).optional())
    .query(({ ctx, input }) => listWebinars(ctx.services, communityActor(ctx.auth), input?.when ?? "upcoming")),
  get: publicProcedure.input(id).query(({ ctx, input }) => getWebinar(ctx.services, communityActor(ctx.auth), input.id)),
});

export const memberWebinarsRouter = router({
  register: memberProcedure.input(id).mutation(({ ctx, input }) => registerForWebinar(ctx.services, communityActor(ctx.auth), input.id)),
  cancel: memberProcedure.input(id).mutation(({ ctx, input }) => cancelWebinarRegistration(ctx.services, communityActor(ctx.auth), input.id)),
});

export const adminWebinarsRouter = router({
  list: adminProcedure.query(({ ctx }) => adminListWebinars(ctx.services)),
  create: adminProcedure.input(ZWebinarSchema).mutation(({ ctx, input }) => createWebinar(ctx.services, actorOf(ctx), input)),
  change: adminProcedure.input(ZWebinarPatchSchema.and(id)).mutation(({ ctx, input }) => {
    const { id: webinarId, ...patch } = input;
    return changeWebinar(ctx.services, actorOf(ctx), webinarId, patch);
  }),
  registrations: adminProcedure.input(id).query(({ ctx, input }) => webinarRegistrationsForAdmin(ctx.services, input.id)),
  markAttendance: adminProcedure.input(ZAttendanceSchema.extend(id.shape)).mutation(({ ctx, input }) => markAttendance(ctx.services, actorOf(ctx), input.id, input.member_ids)),
});
