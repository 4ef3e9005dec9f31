import { ConfigError, loadConfig } from "./config.ts";
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

await ensureWebBuild();
const server = await startServer(config);
console.log(
  `Serving on ${server.url} (${server.services.database.kind === "pglite" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL"}, ` +
    `${config.STRIPE_SECRET_KEY ? "Stripe payments" : "test payments"}, ${config.SMTP_URL ? "SMTP mail" : "mail kept in the outbox"})`,
);

// Close the server and the database cleanly so PGlite flushes everything to disk.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    console.log(`${signal}: shutting down`);
    await server.stop();
    process.exit(0);
  });
}
