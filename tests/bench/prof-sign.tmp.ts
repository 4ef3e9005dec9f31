// scratch: profile apply+sign
import autocannon from "autocannon";
import postgres from "postgres";
import { spawnServer } from "../support/server-process.ts";
import { applicationPayload } from "../support/fixtures.ts";
const admin = postgres("postgres://postgres@127.0.0.1:5432/postgres");
const db = `prof_${Date.now()}`;
await admin.unsafe(`create database ${db}`);
const url = `postgres://postgres@127.0.0.1:5432/${db}`;
if (process.env.PRE_DB_SQL) for (const st of process.env.PRE_DB_SQL.split(";").filter((x) => x.trim())) await admin.unsafe(st.replace(/DBNAME/g, db));
const server = await spawnServer({ env: { NODE_ENV: "production", PAYMENTS_TEST_MODE: "true", TRUST_PROXY: "true", DB_POOL_SIZE: process.env.POOL ?? "10", DATABASE_URL: url, ADMIN_EMAIL: "a@b.invalid", ADMIN_PASSWORD: "bench-admin-password", BUN_OPTIONS: process.env.PROF ? "--cpu-prof --cpu-prof-dir=/tmp/prof" : "" }, timeoutMs: 120000 });
await Bun.sleep(Number(process.env.WAIT ?? 20) * 1000);
if (process.env.PRE_SQL) { const c = postgres(url); await c.unsafe(process.env.PRE_SQL); await c.end(); }
require("fs").writeFileSync("/tmp/load.start", "1");
let u = 0;
const ip = () => `10.${(u >> 16) & 255}.${(u >> 8) & 255}.${u & 255}`;
const onlyApply = process.env.ONLY_APPLY === "1";
const requests: any[] = [{
  method: "POST", path: "/api/membership/apply",
  setupRequest: (req: any) => ({ ...req, headers: { "content-type": "application/json", "x-forwarded-for": ip() }, body: JSON.stringify(applicationPayload({ first_name: "Bench", last_name: "Applicant", email: `b.${Date.now().toString(36)}${(u++).toString(36)}@load.invalid` })) }),
  onResponse: (status: number, body: string, ctx: any) => { if (status < 300) { const p = JSON.parse(body); ctx.applicationId = p.application_id; ctx.token = p.access_token; } },
}];
if (!onlyApply) requests.push({ method: "POST", setupRequest: (req: any, ctx: any) => ({ ...req, path: `/api/membership/contract-signed/${ctx.applicationId}`, headers: { "content-type": "application/json", authorization: `Bearer ${ctx.token}` }, body: JSON.stringify({ consent: true, signature_name: "Bench Applicant" }) }) });
const { readdirSync, readFileSync } = require("fs");
function ticks() { const out: Record<string, number> = {}; for (const d of readdirSync("/proc")) { if (!/^\d+$/.test(d)) continue; try { const st = readFileSync(`/proc/${d}/stat`, "utf8"); const comm = st.slice(st.indexOf("(") + 1, st.lastIndexOf(")")); const f = st.slice(st.lastIndexOf(")") + 2).split(" "); const t = Number(f[11]) + Number(f[12]); const key = d === String(server.pid) ? "server" : comm.startsWith("postgres") ? "postgres" : d === String(process.pid) ? "loader" : "other"; out[key] = (out[key] ?? 0) + t; out[key + ".sys"] = (out[key + ".sys"] ?? 0) + Number(f[12]); } catch {} } return out; }
const t0 = ticks();
const r: any = await autocannon({ url: server.url, connections: 32, duration: Number(process.env.SECS ?? 10), requests } as any);
const t1 = ticks(); const flows = r.requests.total / (onlyApply ? 1 : 2); console.log(Object.keys(t1).map((k) => `${k} ${(((t1[k]! - (t0[k] ?? 0)) * 10) / flows).toFixed(2)}ms/flow`).join(" "));
console.log("req/s", r.requests.average, "p50", r.latency.p50, "p99", r.latency.p99, "non2xx", r.non2xx);
await server.kill("SIGTERM");
if (!process.env.KEEP) await admin.unsafe(`drop database ${db} with (force)`); else console.log("kept", db);
await admin.end();
