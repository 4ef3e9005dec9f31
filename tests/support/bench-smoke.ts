import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Every part of the benchmark runs, at a small size, so a bench that no longer runs fails CI
// (docs/benchmarks.md has the figures of the full run; no target is checked here: a smoke run on
// a loaded machine measures nothing). The bench makes databases of its own on a PostgreSQL server,
// so this runs in the PostgreSQL pass of the suite only. The parts are split over test files
// (tests/process/bench-smoke-*.test.ts) so that they run side by side, as the suite's other files.

const root = resolve(import.meta.dir, "../..");

/** The bench's parts (BENCH_ONLY names) and the heading each writes in the report. */
export const BENCH_PARTS = {
  start: "### Cold start and idle memory",
  load: "### Load",
  scale: "### Scale",
  portal: "### Owner portal",
  community: "### Community",
  books: "### Owner books",
  history: "### The oldest lease",
} as const;

/** A test that runs these parts of `npm run bench` at smoke size and finds each in the report. */
export function benchSmoke(parts: (keyof typeof BENCH_PARTS)[], alsoReported: string[] = []) {
  test.skipIf(!process.env.DATABASE_URL)(
    `the bench's ${parts.join(", ")} ${parts.length === 1 ? "part runs" : "parts run"} at a small size (a smoke run, no targets)`,
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
            BENCH_ONLY: parts.join(","),
            BENCH_SECONDS: "1",
            BENCH_SWEEP: "4",
            BENCH_CONNECTIONS: "4",
            BENCH_MEMBERS: "200",
            BENCH_OWNERS: "20",
            BENCH_POSTS: "200",
            BENCH_SAMPLES: "10",
            BENCH_WEB_DIST: webDist,
            BENCH_OUT: out,
          },
          stdout: "pipe",
          stderr: "pipe",
        });
        const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text(), new Response(proc.stdout).text()]);
        expect(code, stderr.slice(-4000)).toBe(0);
        const report = readFileSync(out, "utf8");
        for (const part of parts) expect(report, BENCH_PARTS[part]).toContain(BENCH_PARTS[part]);
        for (const line of alsoReported) expect(report).toContain(line);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    300_000,
  );
}
