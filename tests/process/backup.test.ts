import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase, queryRows, type Database } from "../../src/server/db/client.ts";
import { createApp } from "../../src/server/http/app.ts";
import { prepareDatabase } from "../../src/server/server.ts";
import { createServices } from "../../src/server/services.ts";
import { keepSampleBooks } from "../../src/server/domain/portal/sample-books.ts";
import { applyAndSign, paidOwner } from "../support/fixtures.ts";
import { PNG_BYTES } from "../support/files.ts";
import { ApiClient } from "../support/harness.ts";
import { createTestDatabase } from "../support/database.ts";

// Backups that restore (docs/operations.md): a populated database is backed up with
// `npm run db:backup`, restored with `npm run db:restore` into an empty one, and every table,
// index and trigger is found identical. On PostgreSQL (pg_dump -Fc) or on the embedded database
// (PGlite's data-directory dump), as the suite runs.

const root = resolve(import.meta.dir, "../..");
const onPostgres = Boolean(process.env.DATABASE_URL);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A place for a database: a fresh PostgreSQL database, or a fresh data folder for PGlite. */
async function freshTarget(): Promise<{ env: Record<string, string>; databaseUrl?: string; dataDir: string }> {
  if (onPostgres) {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    return { env: { DATABASE_URL: database.databaseUrl! }, databaseUrl: database.databaseUrl, dataDir: "memory://" };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "association-backup-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { env: { DATABASE_URL: "", DATA_DIR: dataDir }, databaseUrl: undefined, dataDir };
}

/** Every table's row count and a digest of its rows, and the schema's indexes and triggers. */
async function fingerprint(database: Database) {
  const tables = await queryRows<{ schema: string; name: string }>(
    database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const rows: Record<string, { count: number; md5: string }> = {};
  for (const { schema, name } of tables) {
    const table = sql.raw(`"${schema}"."${name}"`);
    const [row] = await queryRows<{ count: number; md5: string }>(
      database.db,
      sql`select count(*)::int as count, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as md5 from ${table} t`,
    );
    rows[`${schema}.${name}`] = row!;
  }
  const indexes = await queryRows<{ name: string }>(database.db, sql`select schemaname || '.' || indexname as name from pg_indexes where schemaname not in ('pg_catalog') order by 1`);
  const triggers = await queryRows<{ name: string }>(
    database.db,
    sql`select c.relname || '.' || t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal order by 1`,
  );
  return { rows, indexes: indexes.map((i) => i.name), triggers: triggers.map((t) => t.name) };
}

async function npmScript(script: string, args: string[], env: Record<string, string>) {
  const proc = Bun.spawn(["bun", `src/server/cli/${script}.ts`, ...args], { cwd: root, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

describe(`backups on ${onPostgres ? "PostgreSQL" : "the embedded database"}`, () => {
  test("a populated database backed up and restored into an empty one has every table identical", async () => {
    const source = await freshTarget();
    const config = loadConfig({ NODE_ENV: "test", ADMIN_EMAIL: "admin@association.test", ADMIN_PASSWORD: "correct-horse-battery", TRUST_PROXY: "true", ...source.env });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
    try {
      // The association's records, an owner's books (the demo's year of books, written through the
      // domain functions) and an uploaded file's bytes.
      const services = createServices(config, database);
      await prepareDatabase(services, () => {});
      const app = createApp(services);
      const client = () => new ApiClient((path, init) => app.request(path, init));
      await applyAndSign(client(), "Basic");
      const owner = client();
      await paidOwner(owner, "Premium");
      await keepSampleBooks(services);
      const property = await owner.post("/api/portal/properties", {
        address: { line1: "2817 N Albany Ave", city: "Chicago", zip: "60618" },
        property_type: "multi_family",
        units: [{ label: "1" }],
      });
      expect(property.status).toBe(201);
      const request = await owner.post("/api/portal/maintenance", { property_id: property.body.id, unit_id: property.body.units[0].id, title: "Drip", description: "The kitchen tap drips.", category: "plumbing" });
      expect(request.status).toBe(201);
      expect((await owner.upload(`/api/portal/maintenance/${request.body.id}/photos`, { name: "tap.png", bytes: PNG_BYTES, type: "image/png" })).status).toBe(201);
    } finally {
      await database.close();
    }

    const reopened = await openDatabase({ databaseUrl: source.databaseUrl, dataDir: source.dataDir, poolSize: 1 });
    const before = await fingerprint(reopened).finally(() => reopened.close());
    expect(before.rows["public.members"]!.count).toBeGreaterThan(2);
    expect(before.rows["public.portal_files"]!.count).toBeGreaterThan(0);
    expect(before.rows["public.ledger_entries"]!.count).toBeGreaterThan(10);

    const file = join(mkdtempSync(join(tmpdir(), "association-backup-file-")), "backup");
    cleanups.push(() => rmSync(resolve(file, ".."), { recursive: true, force: true }));
    const backedUp = await npmScript("db-backup", ["--out", file], source.env);
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);

    const target = await freshTarget();
    const restored = await npmScript("db-restore", [file], target.env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    // A second restore into the now populated database is refused, and changes nothing.
    const again = await npmScript("db-restore", [file], target.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("not empty");

    const copy = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 1 });
    const after = await fingerprint(copy).finally(() => copy.close());
    expect(after).toEqual(before);
  }, 240_000);
});
