import { z } from "zod";
import {
  ZContractorIntroductionSchema,
  ZContractorProfileSchema,
  ZContractorSearchSchema,
  ZDirectoryStatusQuerySchema,
  ZReviewModerationSchema,
  ZReviewReplySchema,
  ZReviewSchema,
  ZVerificationSchema,
} from "../../../shared/community.ts";
import type { AdminActor } from "../../domain/audit.ts";
import {
  adminListContractors,
  getContractor,
  moderateReview,
  myContractorProfile,
  replyToReview,
  requestContractorIntroduction,
  reviewContractor,
  saveContractorProfile,
  searchContractors,
  verifyContractor,
} from "../../domain/community/contractors.ts";
import { communityActor } from "../../domain/community/people.ts";
import { adminProcedure, memberProcedure, router } from "../trpc.ts";

// The contractor directory over tRPC: the same domain functions as /api/contractors.

const id = z.object({ id: z.string().max(100) });
const actorOf = (ctx: { admin: NonNullable<AdminActor["session"]>; meta: { ip: string | null } }): AdminActor => ({ admin: ctx.admin.admin, ip: ctx.meta.ip, session: ctx.admin });

export const memberContractorsRouter = router({
  search: memberProcedure.input(ZContractorSearchSchema).query(({ ctx, input }) => searchContractors(ctx.services, communityActor(ctx.auth), input)),
  get: memberProcedure.input(id).query(({ ctx, input }) => getContractor(ctx.services, communityActor(ctx.auth), input.id)),
  mine: memberProcedure.query(async ({ ctx }) => ({ profile: await myContractorProfile(ctx.services, communityActor(ctx.auth)) })),
  saveProfile: memberProcedure.input(ZContractorProfileSchema).mutation(({ ctx, input }) => saveContractorProfile(ctx.services, communityActor(ctx.auth), input)),
  review: memberProcedure.input(ZReviewSchema.extend(id.shape)).mutation(({ ctx, input }) => reviewContractor(ctx.services, communityActor(ctx.auth), input.id, input)),
  reply: memberProcedure.input(ZReviewReplySchema.extend(id.shape)).mutation(({ ctx, input }) => replyToReview(ctx.services, communityActor(ctx.auth), input.id, input.reply)),
  introduce: memberProcedure
    .input(ZContractorIntroductionSchema.extend(id.shape))
    .mutation(({ ctx, input }) => requestContractorIntroduction(ctx.services, communityActor(ctx.auth), input.id, input)),
});

export const adminDirectoryRouter = router({
  list: adminProcedure.input(ZDirectoryStatusQuerySchema.optional()).query(({ ctx, input }) => adminListContractors(ctx.services, input?.status)),
  verify: adminProcedure.input(ZVerificationSchema.extend(id.shape)).mutation(({ ctx, input }) => verifyContractor(ctx.services, actorOf(ctx), input.id, input)),
  moderateReview: adminProcedure.input(ZReviewModerationSchema.extend(id.shape)).mutation(({ ctx, input }) => moderateReview(ctx.services, actorOf(ctx), input.id, input)),
});
