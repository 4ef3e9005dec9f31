import { ConfigError, loadConfig } from "./config.ts";
import { createLogger, endLogs, routeConsoleTo } from "./log.ts";
import { ensureWebBuild } from "./web-build.ts";
import { startServer } from "./server.ts";

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// From here on every line the process writes is a JSON log line (docs/operations.md).
const logger = createLogger(config);
routeConsoleTo(logger);

await ensureWebBuild();
const server = await startServer(config, { logger });
logger.info(
  {
    url: server.url,
    database: server.services.database.kind === "pglite" ? "embedded" : "postgres",
    payments: config.STRIPE_SECRET_KEY ? "stripe" : "test",
    mail: config.SMTP_URL ? "smtp" : "outbox",
  },
  `Serving on ${server.url} (${server.services.database.kind === "pglite" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL"}, ` +
    `${config.STRIPE_SECRET_KEY ? "Stripe payments" : "test payments"}, ${config.SMTP_URL ? "SMTP mail" : "mail kept in the outbox"})`,
);

// Stop gracefully: no new requests, the ones in flight answered, the jobs' runs finished, the
// database closed (PGlite flushes everything to disk), then exit 0.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    logger.info({ signal }, "shutting down: finishing the requests in flight");
    // A deadline, inside systemd's TimeoutStopSec=45: a request or a job that never ends does not
    // keep the process from stopping.
    const deadline = setTimeout(() => {
      logger.error("not stopped after 40 s: exiting with requests or jobs unfinished");
      void endLogs().then(() => process.exit(1));
    }, 40_000);
    await server.stop();
    clearTimeout(deadline);
    logger.info("stopped");
    // Standard output is written asynchronously: exit only once the last lines are out, or
    // "stopped" is lost (tests/process/logs-at-exit.test.ts).
    await endLogs();
    process.exit(0);
  });
}
