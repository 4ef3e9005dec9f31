import type { MiddlewareHandler } from "hono";
import { DEMO_VISITOR } from "../../domain/caller.ts";
import { DEMO_READ_ONLY } from "../../domain/portal/access.ts";
import { forbidden } from "../../errors.ts";
import type { AppEnv } from "../auth.ts";
import { ownerEvictionRoutes } from "./evictions.ts";
import { ownerBooksRoutes } from "./owner-books.ts";
import { ownerDepositRoutes } from "./owner-deposits.ts";
import { ownerPortalRoutes } from "./owner-portal.ts";

// The live demo (PORTAL.md 1) answers under /api/demo/: the owner portal's REST routes at
// /api/demo/portal/... and its tRPC procedures at /api/demo/trpc. Whoever calls, and whatever
// cookie or token they send, acts as the demo visitor: the owner is the sample owner, fixed on the
// server (requireOwner), so an id of anyone else's books answers 404 like an id that does not exist.

export const DEMO_API_PREFIX = "/api/demo";

/** The owner portal's REST routes the demo serves again under /api/demo/portal: the books, deposits, and the eviction case with its notices. */
export const demoPortalRoutes = [ownerPortalRoutes, ownerBooksRoutes, ownerDepositRoutes, ownerEvictionRoutes];

/** Everyone is the demo visitor here, and nothing but reading passes: every write answers 403. */
export function demoVisitor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") throw forbidden(DEMO_READ_ONLY);
    c.set("auth", { ...DEMO_VISITOR, tenant: null, viaCookie: false, tokens: {} });
    await next();
  };
}
