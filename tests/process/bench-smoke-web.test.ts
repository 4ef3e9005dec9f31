import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// bench:web (Lighthouse and the landing page's load) runs on the suite's build, as a smoke run:
// every figure is measured, none is checked against its target on a loaded machine. The other
// parts of the bench: tests/process/bench-smoke-*.test.ts. On the PostgreSQL pass only, as they.

const root = resolve(import.meta.dir, "../..");

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
      for (const value of [figures.jsGzipKb, figures.fcpMs, figures.lighthouse.performance, figures.lighthouse.accessibility, figures.tenantHome.performance, figures.tenantHome.accessibility, figures.tenantHome.throttled.balanceShownMs]) {
        expect(typeof value).toBe("number");
        expect(Number.isFinite(value)).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  300_000,
);
