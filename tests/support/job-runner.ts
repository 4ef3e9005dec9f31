// A server process for tests of the daily jobs across processes: the real app (its API and Stripe's
// webhook) on the database and payment provider the environment names, plus `POST /run-autopay`,
// which runs the daily job's autopay as of the day and time given (`?now=` ISO time). Two of these
// on one PostgreSQL are two server processes running the same job at the same moment.
import { chicagoToday } from "../../src/shared/calendar.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { runAutopay } from "../../src/server/domain/portal/autopay.ts";
import { createApp } from "../../src/server/http/app.ts";
import { createServices } from "../../src/server/services.ts";

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4 });
const services = createServices(config, database);
const app = createApp(services);

const server = Bun.serve({
  port: config.PORT,
  hostname: "127.0.0.1",
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/run-autopay") {
      const now = new Date(url.searchParams.get("now") ?? "");
      if (Number.isNaN(now.getTime())) return Response.json({ detail: "now=ISO time" }, { status: 400 });
      const at = { ...services, now: () => now };
      try {
        return Response.json(await runAutopay(at, chicagoToday(now)));
      } catch (error) {
        console.error("[job runner]", error);
        return Response.json({ detail: error instanceof Error ? error.message : String(error) }, { status: 500 });
      }
    }
    return app.fetch(request);
  },
});
console.log(JSON.stringify({ ready: `http://127.0.0.1:${server.port}`, pid: process.pid }));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await server.stop();
    await database.close();
    process.exit(0);
  });
}
