import { Hono } from "hono";
import { ZApplyRequestSchema, ZSignRequestSchema } from "../../../shared/application-schema.ts";
import {
  applyForMembership,
  assertApplicationAccess,
  continueApplicationByLink,
  describeApplication,
  findApplication,
  signAgreement,
  signingSession,
  signResponse,
} from "../../domain/applications.ts";
import { notFound } from "../../errors.ts";
import { setSessionCookie, switchToMemberSession, type AppEnv } from "../auth.ts";
import { readJson } from "../validate.ts";
import { ZLinkTokenRequestSchema } from "../../../shared/account-schema.ts";
import { z } from "zod";

/** The signing body: the consent and name, and the fingerprint of the agreement shown (DECISIONS.md 13). */
export const ZSignBodySchema = ZSignRequestSchema.and(z.object({ agreement_sha256: z.string().max(64).optional() }));

// SPEC.md 7: /api/membership/*
export const membershipRoutes = new Hono<AppEnv>()
  .post("/apply", async (c) => {
    const input = await readJson(c, ZApplyRequestSchema);
    const applicationId = c.var.auth.applicant?.applicationId ?? null;
    const result = await applyForMembership(c.var.services, input, c.var.meta, { applicationId });
    setSessionCookie(c, c.var.services, "applicant", result.session.token, result.session.expiresAt);
    return c.json({ ...result.response, access_token: result.session.token }, result.isNew ? 201 : 200);
  })
  // The link in the application email: continue (and sign) the application in this browser.
  .post("/continue", async (c) => {
    const { token } = await readJson(c, ZLinkTokenRequestSchema);
    const result = await continueApplicationByLink(c.var.services, token);
    setSessionCookie(c, c.var.services, "applicant", result.session.token, result.session.expiresAt);
    return c.json({ ...result.response, access_token: result.session.token });
  })
  .get("/application/:id", async (c) => {
    const application = await findApplication(c.var.services.db, c.req.param("id"));
    if (!application) throw notFound("Application not found.");
    const { auth } = c.var;
    assertApplicationAccess(application, auth.applicant ?? auth.member ?? auth.admin);
    return c.json(await describeApplication(c.var.services, application));
  })
  .post("/contract-signed/:id", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, ZSignBodySchema);
    const result = await signAgreement(c.var.services, id, signingSession(c.var.auth, id), input, c.var.meta);
    if (result.memberSession) switchToMemberSession(c, c.var.services, result.memberSession);
    return c.json({ ...signResponse(result), access_token: result.memberSession?.token });
  });
