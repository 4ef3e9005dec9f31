import { afterAll, describe, expect, test } from "bun:test";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";
import { freePort, spawnServer, type ServerProcess } from "../support/server-process.ts";
import { expectIntact } from "./integrity.ts";
import { applyAndSignLoad, newAcknowledged } from "./load.ts";

// PostgreSQL restarted under load: the server keeps running and serves again once the database is
// back, without a restart of its own. The test makes a throw-away PostgreSQL cluster of its own
// (Debian's initdb and pg_ctl, in a temp folder, on a free port), so it never disturbs a shared
// server, and the suite's other files run beside it. A fault of the PostgreSQL deployment, it runs
// in the suite's pass on PostgreSQL (DATABASE_URL set), not again on the embedded database's.

const binDir = (() => {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, "bin/pg_ctl"))) return join(root, v, "bin");
  return null;
})();
const enabled = Boolean(process.env.DATABASE_URL) && binDir !== null;
const isRoot = process.getuid?.() === 0;

async function run(cmd: string[]) {
  // initdb and postgres refuse to run as root: run them as the postgres user then.
  const full = isRoot ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd;
  const proc = Bun.spawn(full, { stdout: "pipe", stderr: "pipe" });
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${cmd.join(" ")} failed: ${await new Response(proc.stderr).text()}`);
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe.skipIf(!enabled)(`PostgreSQL restarted under load${enabled ? "" : ` (skipped: ${binDir ? "a fault of the PostgreSQL deployment, run when DATABASE_URL is set" : "PostgreSQL's initdb and pg_ctl are not installed"})`}`, () => {
  test("the server recovers by itself and keeps every acknowledged write", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fault-pg-"));
    if (isRoot) chownSync(dir, Number(Bun.spawnSync(["id", "-u", "postgres"]).stdout.toString().trim()), Number(Bun.spawnSync(["id", "-g", "postgres"]).stdout.toString().trim()));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const data = join(dir, "data");
    const port = freePort();
    await run([join(binDir!, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    const pgCtl = (action: string[]) =>
      run([join(binDir!, "pg_ctl"), "-D", data, "-l", join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...action]);
    await pgCtl(["start"]);
    cleanups.push(() => pgCtl(["stop", "-m", "immediate"]).catch(() => {}));

    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const server: ServerProcess = await spawnServer({
      env: { DATABASE_URL: databaseUrl, TRUST_PROXY: "true", ADMIN_EMAIL: "admin@faults.invalid", ADMIN_PASSWORD: "fault-admin-password" },
    });
    cleanups.push(() => server.kill());

    const ack = newAcknowledged();
    let stop = false;
    const load = applyAndSignLoad(() => [server.url], ack, { workers: 6, until: () => stop });
    const started = Date.now() + 30_000;
    while (ack.contracts.size < 10 && Date.now() < started) await Bun.sleep(20);
    expect(ack.contracts.size).toBeGreaterThanOrEqual(10);

    // A fast shutdown drops every connection; the database is away for a moment, then back.
    await pgCtl(["stop", "-m", "fast"]);
    // Meanwhile a request fails with a clean JSON error, or (when it waits on a reconnecting
    // database connection longer than Bun's 10 s idle timeout) gets no answer; never a crash.
    const during = await fetch(`${server.url}/api/membership/application/00000000-0000-4000-8000-000000000000`, { keepalive: false }).catch(
      () => null,
    );
    expect(server.proc.exitCode).toBeNull();
    if (during) {
      expect(during.status).toBeGreaterThanOrEqual(400);
      expect(typeof ((await during.json()) as { detail: unknown }).detail).toBe("string");
    }
    await Bun.sleep(1000);
    await pgCtl(["start"]);

    // Served again without restarting the server: new writes are acknowledged.
    const before = ack.contracts.size;
    const deadline = Date.now() + 30_000;
    while (ack.contracts.size < before + 20 && Date.now() < deadline) await Bun.sleep(50);
    stop = true;
    await load;
    expect(ack.contracts.size).toBeGreaterThanOrEqual(before + 20);
    expect(server.proc.exitCode).toBeNull();
    expect(ack.malformed).toEqual([]);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const db = await openDatabase({ databaseUrl, dataDir: "memory://", poolSize: 1 });
    try {
      await expectIntact(db.db, ack);
    } finally {
      await db.close();
    }
  }, 180_000);
});
