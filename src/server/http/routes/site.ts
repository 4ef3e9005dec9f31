import { Hono } from "hono";
import { z } from "zod";
import { ZStrategySessionRequestSchema } from "../../../shared/strategy-session.ts";
import { checkDemoEmbed } from "../../domain/demo-embed.ts";
import { requestStrategySession } from "../../domain/strategy-sessions.ts";
import type { AppEnv } from "../auth.ts";
import { readJson, readQuery } from "../validate.ts";

export const ZFreshQuerySchema = z.object({ fresh: z.enum(["0", "1", "true", "false"]).optional() });

// The public site's calls: /api/site/*
export const siteRoutes = new Hono<AppEnv>()
  .post("/strategy-sessions", async (c) => {
    const input = await readJson(c, ZStrategySessionRequestSchema);
    const result = await requestStrategySession(c.var.services, input, c.var.meta);
    return c.json({ success: true, id: result.id, message: result.message }, 201);
  })
  .get("/demo-status", async (c) => {
    const query = readQuery(c, ZFreshQuerySchema);
    const fresh = query.fresh === "1" || query.fresh === "true";
    return c.json(await checkDemoEmbed(c.var.services, { fresh }));
  });
