import { Hono } from "hono";
import { z } from "zod";
import { ZIntroductionRequestSchema, ZSkillsProfileSchema } from "../../../shared/account-schema.ts";
import { SPECIALTY_SKILLS } from "../../../shared/membership.ts";
import { listDocumentCategories, listDocuments, openDocumentForDownload } from "../../domain/documents.ts";
import { describeMember, findMemberByEmail } from "../../domain/members.ts";
import {
  countMembersBySkill,
  describeSkillsProfile,
  listMembersWithSkill,
  sendSkillsIntroduction,
  updateSkillsProfile,
} from "../../domain/skills.ts";
import { notFound } from "../../errors.ts";
import { requireSelfOrAdmin } from "../../domain/caller.ts";
import { requireMember, type AppEnv } from "../auth.ts";
import { readJson, readQuery } from "../validate.ts";

export const ZDocumentsQuerySchema = z.object({ category: z.string().trim().max(100).optional() });
export const ZSkillQuerySchema = z.object({ skill: z.enum(SPECIALTY_SKILLS, "Choose one of the twelve skills") });

// SPEC.md 7: /api/portal/*. Every call needs a member session (the member-info call also answers admins).
export const portalRoutes = new Hono<AppEnv>()
  .get("/member-info/:email", async (c) => {
    const email = c.req.param("email");
    const self = requireSelfOrAdmin(c.var.auth, email);
    const target = self ?? (await findMemberByEmail(c.var.services.db, email));
    if (!target) throw notFound("Member not found.");
    return c.json(await describeMember(c.var.services.db, target));
  })
  .get("/documents/categories", async (c) => {
    const { member } = requireMember(c);
    return c.json(await listDocumentCategories(c.var.services.db, member));
  })
  .get("/documents", async (c) => {
    const { member } = requireMember(c);
    const query = readQuery(c, ZDocumentsQuerySchema);
    return c.json(await listDocuments(c.var.services.db, member, query));
  })
  .get("/documents/:id/download", async (c) => {
    const { member } = requireMember(c);
    const file = await openDocumentForDownload(c.var.services.db, member, c.req.param("id"));
    return new Response(typeof file.content === "string" ? file.content : (file.content as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "private, no-store",
      },
    });
  })
  .get("/skills", async (c) => {
    requireMember(c);
    return c.json(await countMembersBySkill(c.var.services.db));
  })
  .get("/skills/profile", (c) => c.json(describeSkillsProfile(requireMember(c).member)))
  .put("/skills/profile", async (c) => {
    const { member } = requireMember(c);
    const input = await readJson(c, ZSkillsProfileSchema);
    return c.json(await updateSkillsProfile(c.var.services, member, input));
  })
  .get("/skills/members", async (c) => {
    const { member } = requireMember(c);
    const { skill } = readQuery(c, ZSkillQuerySchema);
    return c.json(await listMembersWithSkill(c.var.services.db, member, skill));
  })
  .post("/skills/introductions", async (c) => {
    const { member } = requireMember(c);
    const input = await readJson(c, ZIntroductionRequestSchema);
    return c.json(await sendSkillsIntroduction(c.var.services, member, input));
  });
