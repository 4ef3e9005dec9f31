import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Every part of the benchmark runs, at a small size, so a bench that no longer runs fails CI
// (docs/benchmarks.md has the figures of the full run; no target is checked here: a smoke run on
// a loaded machine measures nothing). The bench makes databases of its own on a PostgreSQL server,
// so this runs in the PostgreSQL pass of the suite only.

const root = resolve(import.meta.dir, "../..");
const PARTS = [
  "### Cold start and idle memory",
  "### Load",
  "### Scale",
  "### Owner portal",
  "### Community",
  "### Owner books",
  "### The oldest lease",
];

test.skipIf(!process.env.DATABASE_URL)(
  "every part of the bench runs at a small size (a smoke run, no targets)",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-smoke-"));
    const out = join(dir, "report.md");
    try {
      const webDist = join(root, "web/dist");
      expect(existsSync(join(webDist, "index.html")), "npm test builds the web app first").toBe(true);
      const proc = Bun.spawn(["bun", "tests/bench/run.ts"], {
        cwd: root,
        env: {
          ...process.env,
          BENCH_SECONDS: "1",
          BENCH_SWEEP: "4",
          BENCH_CONNECTIONS: "4",
          BENCH_MEMBERS: "200",
          BENCH_OWNERS: "20",
          BENCH_POSTS: "200",
          BENCH_WEB_DIST: webDist,
          BENCH_OUT: out,
        },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text(), new Response(proc.stdout).text()]);
      expect(code, stderr.slice(-4000)).toBe(0);
      const report = readFileSync(out, "utf8");
      for (const part of PARTS) expect(report, part).toContain(part);
      // The owner portal's calls each answered (the part throws on any status but 200).
      for (const call of ["Dashboard", "Search (a tenant's name)", "Compliance calendar", "Tenant home"]) expect(report).toContain(call);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  300_000,
);

test.skipIf(!process.env.DATABASE_URL)(
  "bench:web runs: one Lighthouse run of the landing page and of the tenant's home, on the suite's build (no targets)",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-web-smoke-"));
    const out = join(dir, "figures.json");
    try {
      const proc = Bun.spawn(["bun", "web/bench.ts", "--json", out], {
        cwd: root,
        env: { ...process.env, BENCH_RUNS: "1", BENCH_WEB_DIST: join(root, "web/dist") },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [code, stderr, stdout] = await Promise.all([proc.exited, new Response(proc.stderr).text(), new Response(proc.stdout).text()]);
      expect(code, `${stdout.slice(-2000)}\n${stderr.slice(-4000)}`).toBe(0);
      const figures = JSON.parse(readFileSync(out, "utf8"));
      // Each figure was measured (a number), whatever it is on a loaded machine.
      for (const value of [figures.jsGzipKb, figures.fcpMs, figures.lighthouse.performance, figures.lighthouse.accessibility, figures.tenantHome.performance, figures.tenantHome.accessibility]) {
        expect(typeof value).toBe("number");
        expect(Number.isFinite(value)).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  300_000,
);
