import { Hono, type Context } from "hono";
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
import { unauthorized } from "../../errors.ts";
import { requireAdmin, requireMember, type AppEnv } from "../auth.ts";
import { readJson, readQuery, readUpload, takesFile } from "../validate.ts";
import { addContractorDocument, assertListing, contractorDocumentFile, deleteContractorDocument } from "../../domain/community/contractor-documents.ts";
import { fileHeaders } from "../../domain/portal/files.ts";

// The contractor directory (COMMUNITY.md 4, 5): members (and staff) search; any member signs up.

const actor = (c: Context<AppEnv>) => communityActor(c.var.auth);
const adminActor = (c: Context<AppEnv>): AdminActor => ({ admin: requireAdmin(c).admin, ip: c.var.meta.ip, session: c.var.auth.admin! });

export const contractorRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (!actor(c)) throw unauthorized("Please sign in to use the contractor directory.");
    await next();
  })
  .get("/", async (c) => c.json(await searchContractors(c.var.services, actor(c), readQuery(c, ZContractorSearchSchema))))
  // Fixed paths before /:id.
  .get("/me", async (c) => {
    requireMember(c);
    return c.json({ profile: await myContractorProfile(c.var.services, actor(c)) });
  })
  .put("/me", async (c) => {
    requireMember(c);
    return c.json(await saveContractorProfile(c.var.services, actor(c), await readJson(c, ZContractorProfileSchema)));
  })
  .post("/me/documents", takesFile, async (c) => {
    requireMember(c);
    // A listing is needed first: checked before the upload is read.
    await assertListing(c.var.services, actor(c));
    const { file, fields } = await readUpload(c);
    return c.json(await addContractorDocument(c.var.services, actor(c), file, fields.title ?? ""), 201);
  })
  .get("/me/documents/:docId", async (c) => {
    requireMember(c);
    const file = await contractorDocumentFile(c.var.services, actor(c), c.req.param("docId"), "mine");
    return c.body(new Uint8Array(file.data), 200, fileHeaders(file));
  })
  .delete("/me/documents/:docId", async (c) => {
    requireMember(c);
    return c.json(await deleteContractorDocument(c.var.services, actor(c), c.req.param("docId")));
  })
  .post("/reviews/:id/reply", async (c) => {
    requireMember(c);
    const { reply } = await readJson(c, ZReviewReplySchema);
    return c.json(await replyToReview(c.var.services, actor(c), c.req.param("id"), reply));
  })
  .get("/:id", async (c) => c.json(await getContractor(c.var.services, actor(c), c.req.param("id"))))
  .post("/:id/reviews", async (c) => {
    requireMember(c);
    return c.json(await reviewContractor(c.var.services, actor(c), c.req.param("id"), await readJson(c, ZReviewSchema)), 201);
  })
  .post("/:id/introductions", async (c) => {
    requireMember(c);
    return c.json(await requestContractorIntroduction(c.var.services, actor(c), c.req.param("id"), await readJson(c, ZContractorIntroductionSchema)), 201);
  });

/** Mounted at /api/admin/contractors beside the admin area's own GET /api/admin/contractors. */
export const adminContractorRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .post("/:id/verification", async (c) => {
    const who = adminActor(c);
    return c.json(await verifyContractor(c.var.services, who, c.req.param("id"), await readJson(c, ZVerificationSchema)));
  });

export const adminDirectoryRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .get("/", async (c) => c.json(await adminListContractors(c.var.services, readQuery(c, ZDirectoryStatusQuerySchema).status)))
  // A contractor's verification document, for staff checking it.
  .get("/documents/:id", async (c) => {
    const file = await contractorDocumentFile(c.var.services, actor(c), c.req.param("id"), "staff");
    return c.body(new Uint8Array(file.data), 200, fileHeaders(file));
  })
  .post("/reviews/:id/moderation", async (c) => {
    const who = adminActor(c);
    return c.json(await moderateReview(c.var.services, who, c.req.param("id"), await readJson(c, ZReviewModerationSchema)));
  });
