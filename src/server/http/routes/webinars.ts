import { Hono, type Context } from "hono";
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
  webinarCalendarFile,
  webinarRegistrationsForAdmin,
} from "../../domain/community/webinars.ts";
import { requireAdmin, requireMember, type AppEnv } from "../auth.ts";
import { readJson, readQuery } from "../validate.ts";

// Webinars (COMMUNITY.md 3, 5): anyone sees the programme; members register; admins run them.

const actor = (c: Context<AppEnv>) => communityActor(c.var.auth);
const adminActor = (c: Context<AppEnv>): AdminActor => ({ admin: requireAdmin(c).admin, ip: c.var.meta.ip, session: c.var.auth.admin! });
export const ZWhenSchema = z.object({ when: z.enum(["upcoming", "past"], "Choose upcoming or past").default("upcoming") });

export const webinarRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listWebinars(c.var.services, actor(c), readQuery(c, ZWhenSchema).when)))
  .get("/:id", async (c) => c.json(await getWebinar(c.var.services, actor(c), c.req.param("id"))))
  .post("/:id/registration", async (c) => {
    requireMember(c);
    return c.json(await registerForWebinar(c.var.services, actor(c), c.req.param("id")), 201);
  })
  .delete("/:id/registration", async (c) => {
    requireMember(c);
    return c.json(await cancelWebinarRegistration(c.var.services, actor(c), c.req.param("id")));
  })
  .get("/:id/calendar.ics", async (c) => {
    const file = await webinarCalendarFile(c.var.services, actor(c), c.req.param("id"));
    return c.body(file.ics, 200, { "content-type": "text/calendar; charset=utf-8", "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "private, no-store" });
  });

export const adminWebinarRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .get("/", async (c) => c.json(await adminListWebinars(c.var.services)))
  .post("/", async (c) => {
    const who = adminActor(c);
    return c.json(await createWebinar(c.var.services, who, await readJson(c, ZWebinarSchema)), 201);
  })
  .patch("/:id", async (c) => {
    const who = adminActor(c);
    return c.json(await changeWebinar(c.var.services, who, c.req.param("id"), await readJson(c, ZWebinarPatchSchema)));
  })
  .get("/:id/registrations", async (c) => c.json(await webinarRegistrationsForAdmin(c.var.services, c.req.param("id"))))
  .post("/:id/attendance", async (c) => {
    const who = adminActor(c);
    const { member_ids } = await readJson(c, ZAttendanceSchema);
    return c.json(await markAttendance(c.var.services, who, c.req.param("id"), member_ids));
  });
