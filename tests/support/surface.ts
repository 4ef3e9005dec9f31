import type { Hono } from "hono";
import { appRouter } from "../../src/server/trpc/root.ts";

// The app's whole callable surface, read from the app itself: the REST routes Hono registered
// and the tRPC router's procedures. The matrix and fuzz tests walk it, so a new route is covered.

/** Every REST route the app answers under /api (middleware and catch-alls aside), as "METHOD /path". */
export function restRoutes(app: Pick<Hono<any>, "routes">): string[] {
  const keys = new Set<string>();
  for (const r of app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/")) continue;
    keys.add(`${r.method} ${r.path}`);
  }
  return [...keys];
}

/** Every tRPC procedure, by path and kind. */
export function trpcProcedures(): { path: string; type: "query" | "mutation" | "subscription" }[] {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: "query" | "mutation" | "subscription" } }> } })._def
    .procedures;
  return Object.entries(procedures).map(([path, p]) => ({ path, type: p._def.type }));
}
