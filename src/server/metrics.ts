import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "./db/client.ts";

// Prometheus metrics (prom-client), one registry per server: requests by route, the database
// pool, the outbox's backlog and the background jobs' runs. Served at /api/metrics behind
// METRICS_TOKEN (docs/operations.md).

export interface Metrics {
  registry: Registry;
  /** A finished request: its method, route pattern (never the address), status and duration. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A finished run of a background job. */
  jobRun(job: string, outcome: "ok" | "failed", seconds: number): void;
}

/** What the scrape reads from the database when it is asked (not on every request). */
export function createMetrics(database: Database, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // The process's own figures (memory, CPU, event-loop lag) describe the whole process: only the
  // server's one registry collects them, not each test app's.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to its answer, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Runs of the background jobs, by job and outcome",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: "job_run_duration_seconds",
    help: "How long a background job's run took",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: "job_last_success_timestamp_seconds",
    help: "When a background job last finished a run without an error (Unix time)",
    labelNames: ["job"] as const,
    registers: [registry],
  });

  // One database read per scrape for each group of gauges: the scrape collects every metric at
  // once, so each gauge asks the same (briefly kept) answer.
  const perScrape = <T>(read: () => Promise<T>) => {
    let at = 0;
    let answer: Promise<T> | undefined;
    return () => {
      if (!answer || Date.now() - at > 1000) {
        at = Date.now();
        answer = read();
      }
      return answer;
    };
  };
  const pool = perScrape(() => database.poolStats());
  const gauge = (name: string, help: string, value: () => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await value());
      },
    });
  gauge("db_pool_size", "Connections the database pool may open (PGlite: 1)", async () => (await pool()).size);
  gauge("db_pool_connections", "Connections the pool has open, as PostgreSQL sees them", async () => (await pool()).open);
  gauge("db_pool_connections_busy", "Pool connections running a statement or holding a transaction (the scrape's own included)", async () => (await pool()).busy);

  const outbox = perScrape(() =>
    queryRows<{ status: string; n: number; oldest: number | null }>(
      database.db,
      sql`select status, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest
          from email_outbox where status in ('pending', 'failed') group by status`,
    ),
  );
  new Gauge({
    name: "outbox_messages",
    help: "Emails in the outbox not sent yet, by status (pending, failed)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await outbox();
      for (const status of ["pending", "failed"]) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });
  gauge("outbox_oldest_pending_seconds", "Age of the oldest email still waiting to be sent (0 when none waits)", async () => (await outbox()).find((r) => r.status === "pending")?.oldest ?? 0);

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDurations.observe({ job }, seconds);
      if (outcome === "ok") jobLastSuccess.set({ job }, Date.now() / 1000);
    },
  };
}
