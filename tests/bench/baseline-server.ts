// The benchmark's yardstick: the smallest Hono-on-Bun handler that does one insert into the same
// PostgreSQL, with the same driver and pool size as the app. The apply endpoint is measured
// against it.
import { Hono } from "hono";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL!, { max: Number(process.env.DB_POOL_SIZE ?? 10), onnotice: () => {} });
await sql`create table if not exists bench_baseline (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  created_at timestamptz not null default now()
)`;

const app = new Hono();
app.get("/api/health", (c) => c.json({ status: "ok" }));
app.post("/insert", async (c) => {
  const body = await c.req.json<{ email: string }>();
  const [row] = await sql`insert into bench_baseline (email) values (${body.email}) returning id`;
  return c.json({ id: row!.id }, 201);
});

const server = Bun.serve({ port: Number(process.env.PORT), fetch: app.fetch });
console.log(JSON.stringify({ ready: `http://127.0.0.1:${server.port}` }));
process.once("SIGTERM", async () => {
  server.stop();
  await sql.end({ timeout: 2 });
  process.exit(0);
});
