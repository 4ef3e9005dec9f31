import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import journal from "../../drizzle/meta/_journal.json";
import { openDatabase, queryRows } from "../../src/server/db/client.ts";
import { adminUsers } from "../../src/server/db/schema.ts";
import { applicationPayload } from "../support/fixtures.ts";
import { createTestDatabase, migratedDataDir } from "../support/database.ts";

// The real server process, as `npm start` runs it: start-up, configuration errors, SIGTERM.

const root = resolve(import.meta.dir, "../..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freePort(): number {
  const server = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

async function startProcess(env: Record<string, string>) {
  const port = freePort();
  const proc = Bun.spawn(["bun", "src/server/main.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", NODE_ENV: "test", PORT: String(port), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: a first start on the embedded database also writes the demo's sample books, and the
  // suite runs files side by side on two cores.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { proc, url };
    } catch {}
    if (proc.exitCode !== null) break;
    await Bun.sleep(100);
  }
  proc.kill("SIGKILL");
  throw new Error(`server did not become healthy: ${await new Response(proc.stderr).text()}`);
}

describe("the server process", () => {
  test("a bad configuration value stops start-up with one line naming the variable", async () => {
    const proc = Bun.spawn(["bun", "src/server/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "" },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await proc.exited).toBe(1);
    const stderr = (await new Response(proc.stderr).text()).trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: PORT: /);
  });

  test("on the embedded database, SIGTERM closes cleanly and nothing is lost", async () => {
    const dataDir = await migratedDataDir("association-data-");
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: "owner@association.test", ADMIN_PASSWORD: "a-long-password" };
    const first = await startProcess(env);
    const payload = applicationPayload();
    const applied = await fetch(`${first.url}/api/membership/apply`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url },
      body: JSON.stringify(payload),
    });
    expect(applied.status).toBe(201);
    const { application_id, access_token } = (await applied.json()) as { application_id: string; access_token: string };

    first.proc.kill("SIGTERM");
    expect(await first.proc.exited).toBe(0);

    const second = await startProcess(env);
    try {
      const status = await fetch(`${second.url}/api/membership/application/${application_id}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(status.status).toBe(200);
      expect(((await status.json()) as { email: string }).email).toBe(payload.email);
    } finally {
      second.proc.kill("SIGTERM");
      expect(await second.proc.exited).toBe(0);
    }
  }, 200_000);

  test(`start-up migrates and creates the first admin once, across restarts (${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"})`, async () => {
    // On PostgreSQL a fresh database of the server's; on the embedded one a data folder.
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), "association-data-"));
    dirs.push(dataDir);
    const where: Record<string, string> = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: dataDir };
    try {
      const env = { ...where, ADMIN_EMAIL: "owner@association.test", ADMIN_PASSWORD: "a-long-password" };
      for (let run = 0; run < 2; run++) {
        const server = await startProcess(env);
        server.proc.kill("SIGTERM");
        expect(await server.proc.exited).toBe(0);
      }
      const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir, poolSize: 1 });
      try {
        const admins = await opened.db.select({ email: adminUsers.email }).from(adminUsers);
        expect(admins.map((a) => a.email)).toEqual(["owner@association.test"]);
        const [migrated] = await queryRows<{ n: number }>(opened.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect(migrated!.n).toBe(journal.entries.length);
      } finally {
        await opened.close();
      }
    } finally {
      await database.drop();
    }
    // Two real start-ups, the first writing the live demo's year of sample books.
  }, 200_000);
});
