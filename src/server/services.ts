import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";

/** What every domain function may need, passed explicitly (no module-level singletons). */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  /** The current time; tests and the test clock move it. */
  now(): Date;
}

export function createServices(config: Config, database: Database, now: () => Date = () => new Date()): Services {
  return { config, database, db: database.db, now };
}
