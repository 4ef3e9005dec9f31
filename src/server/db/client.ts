import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { AppError, databaseUnavailable, isDatabaseUnavailable } from "../errors.ts";
import * as schema from "./schema.ts";

// One database handle for the whole server: PGlite in-process when DATABASE_URL is unset (the
// embedded default), PostgreSQL through the `postgres` driver when it is set. Same schema, same
// migrations, same queries.

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A function that works inside or outside a transaction takes either. */
export type DbOrTx = Db | Tx;

/** The rows of a raw statement, whichever driver ran it (PGlite answers `{rows}`, postgres.js an array). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * A query built once per database handle and then run with its placeholders filled (drizzle's
 * prepared queries). For the reads of every request (the session, its member): building the SQL
 * of a select costs more than running it.
 */
export function preparedPerDatabase<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** Runs one statement and answers its rows. */
export type StatementRunner = (query: SQL) => Promise<Record<string, unknown>[]>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * A runner for the busiest statement of the site, which one caller sends one at a time (the
   * apply endpoint's group commit). On PostgreSQL it has a connection of its own, beside the pool,
   * and the statement is prepared on it once, then only bound and executed: planning a batch was
   * about a tenth of its time. The rest of the site stays on unnamed statements through the pool,
   * where the driver would pipeline prepared ones behind each other. `name` is the connection's
   * application_name (what pg_stat_activity shows). On PGlite it is the ORM.
   */
  dedicatedRunner(name: string): StatementRunner;
  /**
   * The pool as PostgreSQL sees it: the connections this handle may open, has open, and has busy
   * (running a statement or in a transaction). PGlite is one in-process connection.
   */
  poolStats(): Promise<{ size: number; open: number; busy: number }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** A statement on a dedicated connection with no answer after this long is given up, with its connection. */
const DEDICATED_STATEMENT_TIMEOUT_MS = 4_000;

const migrationsFolder = resolve(import.meta.dir, "../../../drizzle");
/** The migrations this release brings (drizzle's journal). */
const MIGRATIONS_IN_RELEASE = (JSON.parse(readFileSync(resolve(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;

/** How many of this release's migrations the database has not applied (readiness: none). */
export async function pendingMigrations(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
  );
  return Math.max(0, MIGRATIONS_IN_RELEASE - row!.n);
}
/** Extensions the migrations use: pg_trgm for the admin's substring search indexes (trusted since PostgreSQL 13). */
const EXTENSIONS = "create extension if not exists pg_trgm";

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" keeps the database in memory (tests). */
  dataDir: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one (tests). */
  snapshot?: Blob;
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

/**
 * Drizzle runs each query through the driver's `unsafe(text, params, { prepare: false })`
 * (drizzle-orm issue 6096), and the driver then sends every statement with parameters twice:
 * Parse and Describe, wait, then Bind and Execute. That second round trip was most of the time
 * of the signing path under load (decision 0001). Here the queries are prepared,
 * as the driver does by default for its own: once per connection and statement text, then one
 * round trip each. Transactions and savepoints hand their callbacks a client that does the same.
 * The statements a connection keeps go with it when the driver retires it (`max_lifetime`).
 */
function preparedByDefault(client: postgres.Sql): postgres.Sql {
  const withPreparedCallback = (method: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
    const callback = args.pop() as (inner: postgres.Sql) => unknown;
    return method(...args, (inner: postgres.Sql) => callback(preparedByDefault(inner)));
  };
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (text: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(text, params, { ...options, prepare: true });
      }
      if (key === "begin" || key === "savepoint") {
        // A transaction's client has `savepoint` where the pool's has `begin`; the types know only one.
        const method = (target as unknown as Record<string, (...args: unknown[]) => unknown>)[key]!;
        return withPreparedCallback(method.bind(target));
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/** Names each pool's connections (application_name), so that pg_stat_activity tells this handle's apart. */
let poolsOpened = 0;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    guardAgainstClosedSocketWrites();
    const databaseUrl = options.databaseUrl;
    const connect = (max: number, name?: string) =>
      postgres(databaseUrl, {
        max,
        onnotice: () => {},
        ...(name ? { connection: { application_name: name } } : {}),
        // Keep going when PostgreSQL restarts: broken connections are replaced on the next query.
        idle_timeout: 60,
        connect_timeout: 10,
      });
    const poolSize = options.poolSize ?? 10;
    const poolName = `association-${process.pid}-${++poolsOpened}`;
    const client = connect(poolSize, poolName);
    const db = drizzlePostgres(preparedByDefault(client), { schema }) as unknown as Db;
    const dedicated = new Set<postgres.Sql>();
    const dialect = new PgDialect();
    return {
      db,
      kind: "postgres",
      dedicatedRunner: (name) => {
        let own = connect(1, name);
        dedicated.add(own);
        // A connection that lost its server can leave a statement unanswered, and with one
        // connection everything after it would wait too: such a connection is replaced.
        const replace = (broken: postgres.Sql) => {
          if (broken !== own) return;
          own = connect(1, name);
          dedicated.add(own);
          dedicated.delete(broken);
          void broken.end({ timeout: 0 }).catch(() => {});
        };
        return async (query) => {
          const { sql: text, params } = dialect.sqlToQuery(query);
          const client = own;
          let timer: ReturnType<typeof setTimeout> | undefined;
          const unanswered = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(databaseUnavailable()), DEDICATED_STATEMENT_TIMEOUT_MS);
          });
          try {
            return await Promise.race([client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }), unanswered]);
          } catch (error) {
            if (error instanceof AppError || isDatabaseUnavailable(error)) replace(client);
            throw error;
          } finally {
            clearTimeout(timer);
          }
        };
      },
      poolStats: async () => {
        const [row] = await queryRows<{ open: number; busy: number }>(
          db,
          sql`select count(*)::int as open, (count(*) filter (where state <> 'idle'))::int as busy
              from pg_stat_activity where application_name = ${poolName} and pid <> pg_backend_pid()`,
        );
        return { size: poolSize, open: row!.open + 1, busy: row!.busy + 1 };
      },
      migrate: async () => {
        await db.execute(sql.raw(EXTENSIONS));
        await migratePostgres(db as never, { migrationsFolder });
      },
      close: async () => {
        await Promise.all([client, ...dedicated].map((c) => c.end({ timeout: 5 })));
      },
    };
  }

  const dataDir = options.dataDir === "memory://" ? undefined : resolve(options.dataDir, "pglite");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.snapshot ? { loadDataDir: options.snapshot } : {}), extensions: { pg_trgm } });
  return pgliteDatabase(client);
}

/** The database handle over an open PGlite (the tests' kept instance takes a new one per file: decision 0096). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    dedicatedRunner: () => async (query) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows,
    poolStats: async () => ({ size: 1, open: 1, busy: 0 }),
    migrate: async () => {
      await db.execute(sql.raw(EXTENSIONS));
      await migratePglite(db as never, { migrationsFolder });
    },
    close: () => client.close(),
  };
}
