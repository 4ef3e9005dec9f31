import { openDatabase } from "../../src/server/db/client.ts";
import { createServices, type Services } from "../../src/server/services.ts";
import type { TestApp } from "./harness.ts";

/**
 * The services of a second server process on the same database: on PostgreSQL a handle (pool)
 * of its own, as another process would have; PGlite allows one handle, which is then shared.
 */
export async function secondProcess(t: TestApp): Promise<{ services: Services; close(): Promise<void> }> {
  if (!t.services.config.DATABASE_URL) return { services: t.services, close: async () => {} };
  const database = await openDatabase({ databaseUrl: t.services.config.DATABASE_URL, dataDir: "memory://", poolSize: 4 });
  return { services: createServices(t.services.config, database, t.clock.now), close: () => database.close() };
}
