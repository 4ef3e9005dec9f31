import { z } from "zod";
import { ZIntroductionRequestSchema, ZSkillsProfileSchema } from "../../../shared/account-schema.ts";
import { SPECIALTY_SKILLS } from "../../../shared/membership.ts";
import { listDocumentCategories, listDocuments } from "../../domain/documents.ts";
import {
  countMembersBySkill,
  describeSkillsProfile,
  listMembersWithSkill,
  sendSkillsIntroduction,
  updateSkillsProfile,
} from "../../domain/skills.ts";
import { memberProcedure, router } from "../trpc.ts";

/** The Basic Member Portal's data: the document library (downloads are REST) and the skills network. */
export const memberPortalRouter = router({
  documentCategories: memberProcedure.query(({ ctx }) => listDocumentCategories(ctx.services.db, ctx.member.member)),
  documents: memberProcedure
    .input(z.object({ category: z.string().trim().max(100).optional() }).optional())
    .query(({ ctx, input }) => listDocuments(ctx.services.db, ctx.member.member, input ?? {})),
});

export const memberSkillsRouter = router({
  counts: memberProcedure.query(({ ctx }) => countMembersBySkill(ctx.services.db)),
  profile: memberProcedure.query(({ ctx }) => describeSkillsProfile(ctx.member.member)),
  updateProfile: memberProcedure
    .input(ZSkillsProfileSchema)
    .mutation(({ ctx, input }) => updateSkillsProfile(ctx.services, ctx.member.member, input)),
  membersWithSkill: memberProcedure
    .input(z.object({ skill: z.enum(SPECIALTY_SKILLS) }))
    .query(({ ctx, input }) => listMembersWithSkill(ctx.services.db, ctx.member.member, input.skill)),
  sendIntroduction: memberProcedure
    .input(ZIntroductionRequestSchema)
    .mutation(({ ctx, input }) => sendSkillsIntroduction(ctx.services, ctx.member.member, input)),
});
