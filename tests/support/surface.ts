import type { Hono } from "hono";
import { appRouter } from "../../src/server/trpc/root.ts";
import { demoRouter } from "../../src/server/trpc/demo.ts";

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

type ProcedureList = { path: string; type: "query" | "mutation" | "subscription" }[];
const proceduresOf = (router: unknown): ProcedureList =>
  Object.entries((router as { _def: { procedures: Record<string, { _def: { type: ProcedureList[number]["type"] } }> } })._def.procedures).map(
    ([path, p]) => ({ path, type: p._def.type }),
  );

/** Every tRPC procedure, by path and kind. */
export function trpcProcedures(): ProcedureList {
  return proceduresOf(appRouter);
}

/** Every procedure of the live demo's own tRPC endpoint (/api/demo/trpc). */
export function demoTrpcProcedures(): ProcedureList {
  return proceduresOf(demoRouter);
}
