import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { pendingMigrations } from "../db/client.ts";
import type { Services } from "../services.ts";
import type { AppEnv } from "./auth.ts";

// Seeing what the server does (docs/operations.md): one log line and one metric per request,
// readiness apart from liveness, and the Prometheus endpoint behind its token.

/** What the HTTP server tells its readiness check: set while it drains on SIGTERM. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * At `debug`, a line when a request starts. After the answer: one line with the request's id, method, route pattern, status and duration,
 * and the same in the metrics. The route is the pattern that answered (`/api/portal/leases/:id`),
 * never the address: ids, query strings (a link's `token=`) and emails stay out of the logs.
 */
export function observeRequests(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    services.log.debug({ request_id: c.get("requestId"), method: c.req.method }, "request started");
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = routePath(c) || "unmatched";
      const status = c.res.status;
      services.metrics.request(c.req.method, route, status, seconds);
      const line = { request_id: c.get("requestId"), method: c.req.method, route, status, duration_ms: Math.round(seconds * 10_000) / 10 };
      if (status >= 500) services.log.error(line, "request");
      else services.log.info(line, "request");
    }
  };
}

/** Ready: not draining, the database answers, and every migration of this release is applied. */
export async function readiness(services: Services, lifecycle: Lifecycle): Promise<{ ready: boolean; detail?: string }> {
  if (lifecycle.draining) return { ready: false, detail: "The server is shutting down." };
  try {
    const pending = await pendingMigrations(services.db);
    if (pending > 0) return { ready: false, detail: `${pending} migration(s) not applied yet.` };
  } catch {
    return { ready: false, detail: "The database cannot be reached." };
  }
  return { ready: true };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * The Prometheus text, for `Authorization: Bearer <METRICS_TOKEN>` only. Without a token
 * configured the path does not exist (404, as any unknown API path); a wrong token is 401.
 */
export async function metricsAnswer(c: Context<AppEnv>, services: Services) {
  const token = services.config.METRICS_TOKEN;
  if (!token) return c.json({ detail: `No API route ${c.req.method} ${c.req.path}.` }, 404);
  const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(token))) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    return c.json({ detail: "The metrics need their token." }, 401);
  }
  return c.body(await services.metrics.registry.metrics(), 200, { "content-type": services.metrics.registry.contentType });
}
