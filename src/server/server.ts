import { seedDepositInterestRates } from "./domain/portal/deposits.ts";
import { resolve } from "node:path";
import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { ensureFirstAdmin } from "./domain/admins.ts";
import { startBillingWorker } from "./domain/billing-worker.ts";
import { seedDocuments } from "./domain/documents.ts";
import { startCommunityWorker } from "./domain/community/worker.ts";
import { seedForumCategories } from "./domain/community/forum.ts";
import { startHousekeeping } from "./domain/housekeeping.ts";
import { startRentPosting } from "./domain/portal/worker.ts";
import { startSampleBooks } from "./domain/portal/sample-books.ts";
import { createApp } from "./http/app.ts";
import type { Lifecycle } from "./http/observe.ts";
import { createLogger, type Logger } from "./log.ts";
import { createMetrics } from "./metrics.ts";
import { startMailWorker } from "./mail/worker.ts";
import { createServices, type Services } from "./services.ts";
import type { BackgroundWorker } from "./workers.ts";

/** Data the product needs before the first request: the first admin, seeded documents, ... */
export async function prepareDatabase(services: Services, log: (line: string) => void) {
  await services.database.migrate();
  await ensureFirstAdmin(services, log);
  await seedDocuments(services.db);
  await seedForumCategories(services.db);
  await seedDepositInterestRates(services.db);
}

/** Workers that run beside the HTTP server in the same process (mail, subscription clock, expiry sweep, rent posting, community jobs). */
export function startWorkers(services: Services, options: { sampleBooks?: boolean } = {}): BackgroundWorker[] {
  const mail = startMailWorker(services);
  return [
    ...(mail ? [mail] : []),
    startBillingWorker(services),
    startHousekeeping(services),
    startRentPosting(services),
    startCommunityWorker(services),
    ...(options.sampleBooks === false ? [] : [startSampleBooks(services)]),
  ];
}

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Serve the built web app from this folder (default web/dist). null serves the API only. */
  webDist?: string | null;
  /** Start-up lines (the first administrator); default: the logger. */
  log?: (line: string) => void;
  /** The process's logger (default: JSON lines on standard output at LOG_LEVEL). */
  logger?: Logger;
  now?: () => Date;
  poolSize?: number;
  /** PGlite only: start from this dump of a migrated data directory (tests; see openDatabase). */
  snapshot?: Blob;
  /** A database opened already, used instead of opening one from the configuration (tests: decision 0096). */
  database?: Database;
  /** Make and keep the live demo's sample books (default true; tests that do not show the demo leave them out). */
  sampleBooks?: boolean;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  const log = options.log ?? ((line: string) => logger.info(line));
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: options.poolSize, snapshot: options.snapshot }));
  const services = createServices(config, database, options.now, { log: logger, metrics: createMetrics(database, { processMetrics: true }) });
  try {
    await prepareDatabase(services, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  const webDist = options.webDist === null ? undefined : resolve(options.webDist ?? resolve(import.meta.dir, "../../web/dist"));
  const lifecycle: Lifecycle = { draining: false };
  const app = createApp(services, { webDist, lifecycle });
  const server = Bun.serve({ port: config.PORT, fetch: app.fetch, maxRequestBodySize: 16 * 1024 * 1024 });
  const workers = startWorkers(services, { sampleBooks: options.sampleBooks });
  const url = `http://localhost:${server.port}`;
  let stopped: Promise<void> | undefined;
  return {
    url,
    port: server.port!,
    services,
    // Graceful: the readiness check fails at once, no new connection is taken, the requests in
    // flight are answered, each job finishes the run it holds, then the database closes.
    stop: () =>
      (stopped ??= (async () => {
        lifecycle.draining = true;
        await server.stop();
        await Promise.all(workers.map((worker) => worker.stop()));
        await database.close();
        logger.flush();
      })()),
  };
}
