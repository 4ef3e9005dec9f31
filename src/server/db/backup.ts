import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";

// Backups that restore, in each database's own format: PostgreSQL's custom dump (pg_dump -Fc,
// restored by pg_restore) and PGlite's data-directory dump (a tarball of its files). Both hold
// every table, the uploaded files (they are rows, DECISIONS.md 24) and the migrations' journal.

export interface BackupTarget {
  /** postgres://... when the app runs on PostgreSQL; unset for the embedded database. */
  databaseUrl?: string;
  /** The embedded database's folder (DATA_DIR); its files are in `<dataDir>/pglite`. */
  dataDir: string;
}

export class BackupError extends Error {}

/** A backup's default name: association-2026-11-26-020015.dump (PostgreSQL) or .tar.gz (PGlite), in UTC. */
export function defaultBackupPath(target: BackupTarget, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace("T", "-").replaceAll(":", "");
  return resolve("backups", `association-${stamp}.${target.databaseUrl ? "dump" : "tar.gz"}`);
}

/**
 * The libpq environment for a postgres:// URL, so that the password never appears on a command
 * line (where `ps` would show it to every user of the host).
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ""));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  env.PGDATABASE = decodeURIComponent(url.pathname.replace(/^\//, "")) || env.PGUSER || "postgres";
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function run(command: string[], env: Record<string, string>): Promise<void> {
  let proc;
  try {
    proc = Bun.spawn(command, { env: { ...process.env, ...env }, stdout: "inherit", stderr: "pipe" });
  } catch {
    throw new BackupError(`${command[0]} was not found: install the PostgreSQL client tools of the server's major version.`);
  }
  const stderr = await new Response(proc.stderr).text();
  if ((await proc.exited) !== 0) throw new BackupError(`${command[0]} failed: ${stderr.trim()}`);
}

const pgliteFolder = (dataDir: string) => resolve(dataDir, "pglite");

/** Writes a backup of the target's database to `file` and answers its size in bytes. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<number> {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await run(["pg_dump", "--format=custom", "--compress=6", `--file=${file}`], libpqEnvironment(target.databaseUrl));
  } else {
    const folder = pgliteFolder(target.dataDir);
    if (!existsSync(folder)) throw new BackupError(`No embedded database in ${folder}.`);
    const db = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
    try {
      writeFileSync(file, new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  return Bun.file(file).size;
}

/** The user tables of a PostgreSQL database: a restore goes only into an empty one. */
async function userTableCount(databaseUrl: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;
    return row!.n;
  } finally {
    await sql.end();
  }
}

/**
 * Restores a backup made by `backupDatabase` into the target, which must be empty: on PostgreSQL
 * a database without tables (`createdb` makes one), restored in one transaction, all or nothing;
 * on PGlite a data folder that does not exist yet or is empty.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No backup file ${file}.`);
  if (target.databaseUrl) {
    if ((await userTableCount(target.databaseUrl)) > 0) {
      throw new BackupError("The database of DATABASE_URL is not empty: restore into a new database (createdb NAME), then point DATABASE_URL at it.");
    }
    const env = libpqEnvironment(target.databaseUrl);
    await run(["pg_restore", "--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", `--dbname=${env.PGDATABASE}`, file], env);
  } else {
    const folder = pgliteFolder(target.dataDir);
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      throw new BackupError(`${folder} is not empty: restore into a new DATA_DIR, then point DATA_DIR at it.`);
    }
    mkdirSync(folder, { recursive: true });
    const db = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([await Bun.file(file).arrayBuffer()]), extensions: { pg_trgm } });
    await db.close();
  }
}
