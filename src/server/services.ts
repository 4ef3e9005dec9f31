import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import { createLogger, type Logger } from "./log.ts";
import { createMetrics, type Metrics } from "./metrics.ts";

/** What every domain function may need, passed explicitly (no module-level singletons). */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  /** The current time; tests and the test clock move it. */
  now(): Date;
  /** Structured log lines (docs/operations.md): never a body, a cookie, a token or an email address. */
  log: Logger;
  /** The Prometheus registry this server serves at /api/metrics. */
  metrics: Metrics;
}

export function createServices(
  config: Config,
  database: Database,
  now: () => Date = () => new Date(),
  observability: { log?: Logger; metrics?: Metrics } = {},
): Services {
  return {
    config,
    database,
    db: database.db,
    now,
    log: observability.log ?? createLogger(config),
    metrics: observability.metrics ?? createMetrics(database),
  };
}
