import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";
import { createTestDatabase, migratedDataDir } from "../support/database.ts";
import { spawnServer, type ServerProcess } from "../support/server-process.ts";
import { expectIntact } from "./integrity.ts";
import { applyAndSignLoad, newAcknowledged } from "./load.ts";

// Crash safety: the server is killed with SIGKILL in the middle of a load of applications and
// signatures, then started again on the same data. Runs on PGlite (a data folder on disk, the
// embedded default) or on PostgreSQL when DATABASE_URL is set: in each pass of `npm test`.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe("a server killed with SIGKILL under load", () => {
  test("every acknowledged application and signature is kept, complete, and nothing is half-written", async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    // On the embedded database a data folder with the schema migrated already: the subject is the
    // crash and the start after it, not a first start.
    const dataDir = database.databaseUrl ? mkdtempSync(join(tmpdir(), "fault-sigkill-")) : await migratedDataDir("fault-sigkill-");
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: database.databaseUrl ?? "",
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      ADMIN_EMAIL: "admin@faults.invalid",
      ADMIN_PASSWORD: "fault-admin-password",
    };

    let server: ServerProcess | null = await spawnServer({ env });
    cleanups.push(async () => server?.kill("SIGKILL"));
    const ack = newAcknowledged();
    let stop = false;
    const load = applyAndSignLoad(() => (server ? [server.url] : []), ack, { workers: 12, until: () => stop || !server });

    // Kill once a good number of requests were acknowledged, with more in flight.
    const deadline = Date.now() + 30_000;
    while (ack.contracts.size < 40 && Date.now() < deadline) await Bun.sleep(20);
    const victim = server!;
    victim.proc.kill("SIGKILL");
    await victim.proc.exited;
    stop = true;
    server = null;
    await load;
    expect(victim.proc.signalCode).toBe("SIGKILL");
    expect(ack.contracts.size).toBeGreaterThanOrEqual(40);
    expect(ack.malformed).toEqual([]);

    // Start again on the same data: recovery, then the same questions through the database.
    server = await spawnServer({ env });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    await server.kill("SIGTERM");
    server = null;

    const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir, poolSize: 1 });
    try {
      const counts = await expectIntact(db.db, ack);
      expect(counts.applications).toBeGreaterThanOrEqual(ack.applications.size);
    } finally {
      await db.close();
    }
  }, 180_000);
});
