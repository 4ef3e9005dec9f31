import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema.ts";

// One database handle for the whole server: PGlite in-process when DATABASE_URL is unset (the
// embedded default), PostgreSQL through the `postgres` driver when it is set. Same schema, same
// migrations, same queries.

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A function that works inside or outside a transaction takes either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dir, "../../../drizzle");
/** Extensions the migrations use: pg_trgm for the admin's substring search indexes (trusted since PostgreSQL 13). */
const EXTENSIONS = "create extension if not exists pg_trgm";

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" keeps the database in memory (tests). */
  dataDir: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

/**
 * When PostgreSQL drops its connections (a restart, a failover), the `postgres` driver under Bun
 * can throw from a write it had scheduled on the closed socket (`socket.write` on null), outside
 * any query's promise. That one error must not take the server down: the driver reconnects on
 * the next query. Every other uncaught error still ends the process, as it would by default.
 */
let driverGuardInstalled = false;
function guardAgainstClosedSocketWrites() {
  if (driverGuardInstalled) return;
  driverGuardInstalled = true;
  process.on("uncaughtException", (error) => {
    const stack = error instanceof Error ? (error.stack ?? "") : "";
    if (error instanceof TypeError && /postgres[\\/]src[\\/]connection\.js/.test(stack) && /nextWrite/.test(stack)) {
      console.error("[database] a connection closed under a pending write; it reconnects on the next query");
      return;
    }
    console.error(error);
    process.exit(1);
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    guardAgainstClosedSocketWrites();
    const client = postgres(options.databaseUrl, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      // Keep going when PostgreSQL restarts: broken connections are replaced on the next query.
      idle_timeout: 60,
      connect_timeout: 10,
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        await db.execute(sql.raw(EXTENSIONS));
        await migratePostgres(db as never, { migrationsFolder });
      },
      close: () => client.end({ timeout: 5 }),
    };
  }

  const dataDir = options.dataDir === "memory://" ? undefined : resolve(options.dataDir, "pglite");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await db.execute(sql.raw(EXTENSIONS));
      await migratePglite(db as never, { migrationsFolder });
    },
    close: () => client.close(),
  };
}
