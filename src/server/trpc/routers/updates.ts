import { z } from "zod";
import { ZUpdateListQuerySchema, ZUpdatePatchSchema, ZUpdateSchema } from "../../../shared/community.ts";
import type { AdminActor } from "../../domain/audit.ts";
import { communityActor, readerFor } from "../../domain/community/people.ts";
import { adminListUpdates, changeUpdate, createUpdate, getUpdate, listUpdates } from "../../domain/community/updates.ts";
import { adminProcedure, publicProcedure, router } from "../trpc.ts";

// Legal updates over tRPC: anyone reads what their level allows (the server decides); admins write.

const actorOf = (ctx: { admin: NonNullable<AdminActor["session"]>; meta: { ip: string | null } }): AdminActor => ({ admin: ctx.admin.admin, ip: ctx.meta.ip, session: ctx.admin });

export const publicUpdatesRouter = router({
  list: publicProcedure.input(ZUpdateListQuerySchema.optional()).query(({ ctx, input }) => listUpdates(ctx.services, readerFor(communityActor(ctx.auth)), input ?? { page: 1 })),
  get: publicProcedure.input(z.object({ slug: z.string().max(100) })).query(({ ctx, input }) => getUpdate(ctx.services, readerFor(communityActor(ctx.auth)), input.slug)),
});

export const adminUpdatesRouter = router({
  list: adminProcedure.query(({ ctx }) => adminListUpdates(ctx.services)),
  create: adminProcedure.input(ZUpdateSchema).mutation(({ ctx, input }) => createUpdate(ctx.services, actorOf(ctx), input)),
  change: adminProcedure.input(ZUpdatePatchSchema.extend({ id: z.string().max(100) })).mutation(({ ctx, input }) => {
    const { id, ...patch } = input;
    return changeUpdate(ctx.services, actorOf(ctx), id, patch);
  }),
});
