// The production server as its own process, for benchmarks and fault tests: the same start-up as
// `npm start` (config from the environment, migrations, workers), serving WEB_DIST when given.
import { loadConfig } from "../../src/server/config.ts";
import { startServer } from "../../src/server/server.ts";

const config = loadConfig(process.env);
const server = await startServer(config, {
  webDist: process.env.WEB_DIST || null,
  log: () => {},
  poolSize: process.env.DB_POOL_SIZE ? Number(process.env.DB_POOL_SIZE) : undefined,
});
console.log(JSON.stringify({ ready: server.url, pid: process.pid }));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
