import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { openDatabase, pgliteDatabase, type Database } from "../../src/server/db/client.ts";

export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite: the migrated data directory to start from (openDatabase's `snapshot`). */
  snapshot?: Blob;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh database on
 * the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 *
 * `migrated` starts it from one copy of the migrated schema made once per set of migrations
 * (decision 0092): on PGlite a dump of the migrated data directory, on PostgreSQL a template
 * database. An empty PGlite runs initdb in WebAssembly, about 5 s of a core for every file that
 * starts an app; a copy loads in about 1.5 s. The migrations still run at start-up and find
 * nothing to do. On PGlite a worker keeps the copy from file to file (`migratedPglite`, decision
 * 0096). The test of a first start keeps an empty database; the other process and fault tests
 * start their server on a data folder written from the copy (`migratedDataDir`).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { dataDir: "memory://", snapshot: options.migrated ? await pgliteSnapshot() : undefined, drop: async () => {} };
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = options.migrated ? await postgresTemplate(serverUrl) : undefined;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  return {
    databaseUrl: withDatabase(serverUrl, name),
    dataDir: "memory://",
    drop: async () => {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}

function withDatabase(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const root = resolve(import.meta.dir, "../..");

/** What the migrated schema depends on: the migrations, the code that runs them, and PGlite's release. */
function fingerprint(): string {
  const hash = createHash("sha256");
  const folder = join(root, "drizzle");
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => join(f.parentPath, f.name))
    .sort();
  for (const file of files) hash.update(file.slice(folder.length)).update(readFileSync(file));
  hash.update(readFileSync(join(root, "src/server/db/client.ts")));
  hash.update(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json")));
  return hash.digest("hex").slice(0, 16);
}

let snapshot: Promise<Blob> | undefined;

/** The worker's embedded database, kept from one test file to the next (decision 0096). */
let kept: { database: Database; client: PGlite; reset: string; shape: string; busy: boolean } | undefined;

/** The schema's objects, counted: a test that created a table, function or trigger and left it changes this. */
const SHAPE = `select concat_ws(' ',
  (select count(*) from pg_tables where schemaname = 'public'),
  (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
  (select count(*) from pg_trigger where not tgisinternal),
  (select count(*) from pg_indexes where schemaname = 'public')) as shape`;

/**
 * The migrated embedded database of a test file (PGlite, in memory). Loading the migrated copy
 * costs a test file one to three seconds of a core (the copy unpacked, PostgreSQL started in
 * WebAssembly); a worker runs many files one after another, so it keeps one instance and empties
 * it for the next file instead: every table of the app truncated (the migrated copy has no rows in
 * them), every sequence restarted, the session's advisory locks, listeners and settings released.
 * What the app makes as it starts (the first administrator, the forum's categories) it makes again
 * on the emptied database. A file that asks for a second database while it holds the first (two
 * apps at once) gets an instance of its own, and so does the file after one that left a table,
 * function, trigger or index of its own behind. `close()` hands the database back.
 */
export async function migratedPglite(): Promise<Database> {
  if (kept && !kept.busy) {
    // A file that changed the schema and failed before undoing it: the next file gets a new copy.
    if ((await kept.client.query<{ shape: string }>(SHAPE)).rows[0]!.shape === kept.shape) {
      await kept.client.exec(kept.reset);
      kept.busy = true;
      return handBack(kept);
    }
    await kept.database.close();
    kept = undefined;
  }
  const database = await openDatabase({ dataDir: "memory://", snapshot: await pgliteSnapshot() });
  if (kept) return database;
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const tables = (await client.query<{ name: string; rows: number }>(
    "select format('%I.%I', schemaname, tablename) as name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', schemaname, tablename), false, true, '')))[1]::text::int as rows from pg_tables where schemaname = 'public' order by 1",
  )).rows;
  // A copy that holds rows (a migration that seeds data) cannot be restored by emptying: no reuse then.
  if (tables.some((t) => t.rows > 0)) return database;
  const sequences = (await client.query<{ name: string }>("select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname = 'public'")).rows;
  const reset = [
    "select pg_advisory_unlock_all()",
    "unlisten *",
    "reset all",
    `truncate ${tables.map((t) => t.name).join(", ")} restart identity cascade`,
    ...sequences.map((q) => `alter sequence ${q.name} restart`),
  ].join(";\n");
  const shape = (await client.query<{ shape: string }>(SHAPE)).rows[0]!.shape;
  kept = { database, client, reset, shape, busy: true };
  return handBack(kept);
}

function handBack(entry: NonNullable<typeof kept>): Database {
  // A handle of its own over the same connection: what the app keeps per database handle (the
  // admin's figures cached for 30 seconds) starts empty for each file, as on a new database.
  return {
    ...pgliteDatabase(entry.client),
    close: async () => {
      entry.busy = false;
    },
  };
}

/**
 * A data folder for a server process on the embedded database, holding the migrated schema
 * already (the copy above, written to disk): the server starts in about a second instead of
 * running initdb and every migration. For the process and fault tests whose subject is not a first
 * start; `lifecycle.test.ts` starts on an empty folder. The caller removes the folder.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = await openDatabase({ dataDir: dir, snapshot: await pgliteSnapshot() });
  await database.close();
  return dir;
}

/**
 * The migrated PGlite data directory, dumped once per set of migrations into the temp folder and
 * shared by every worker (written whole by a rename, so a reader never sees half a file); each
 * worker reads it once and keeps it.
 */
function pgliteSnapshot(): Promise<Blob> {
  return (snapshot ??= (async () => {
    const path = join(tmpdir(), `association-test-schema-${fingerprint()}.tar`);
    if (!existsSync(path)) {
      const database = await openDatabase({ dataDir: "memory://" });
      await database.migrate();
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir("none");
      await database.close();
      const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, path);
    }
    return new Blob([readFileSync(path)]);
  })());
}

let template: Promise<string> | undefined;

/**
 * A template database with the migrated schema, built once per set of migrations on the server
 * under an advisory lock (the workers start together) and renamed to its name only when whole.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  return (template ??= (async () => {
    const name = `test_template_${fingerprint()}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.begin(async (tx) => {
        await tx.unsafe("select pg_advisory_xact_lock(hashtext('association test template'))");
        const [found] = await tx.unsafe("select 1 from pg_database where datname = $1", [name]);
        if (found) return;
        const building = `${name}_building`;
        // create/drop database cannot run inside a transaction: a second connection does them
        // while this one holds the lock.
        const side = postgres(serverUrl, { max: 1, onnotice: () => {} });
        try {
          await side.unsafe(`drop database if exists ${building} with (force)`);
          await side.unsafe(`create database ${building}`);
          const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, building), dataDir: "memory://", poolSize: 1 });
          try {
            await database.migrate();
          } finally {
            await database.close();
          }
          await side.unsafe(`alter database ${building} rename to ${name}`);
        } finally {
          await side.end();
        }
      });
    } finally {
      await admin.end();
    }
    return name;
  })());
}
