// `npm test`: make sure Chromium is there, type-check everything, build the web app, run bun test.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { CHROMIUM_PATH } from "./browser.ts";

const root = resolve(import.meta.dir, "../..");
const run = async (cmd: string[], label: string, env: Record<string, string> = {}) => {
  console.log(`\n▶ ${label}`);
  const proc = Bun.spawn(cmd, { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, ...env } });
  const code = await proc.exited;
  if (code !== 0) {
    console.error(`✗ ${label} failed (exit ${code})`);
    process.exit(code);
  }
};

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    await run(["sh", "-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null"], "Installing Debian's chromium for the browser tests");
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `Chromium was not found at ${CHROMIUM_PATH} and could not be installed. Install Debian's "chromium" package ` +
        "(sudo apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.",
    );
    process.exit(1);
  }
}

// `--db-only` (CI's second pass, on the other database): what does not depend on which database
// runs (the type-check, the web build, the unit tests of the pure rules, and the browser tests,
// which see the database only through the API that the API tests check on both) ran in the first
// pass; run the API, process and fault tests (docs/decisions/0082).
const dbOnly = process.argv.includes("--db-only");
if (!dbOnly) {
  await run(["npx", "tsc", "-p", "tsconfig.json", "--noEmit"], "Type-checking server, web and tests");
  await run(["npm", "run", "--silent", "build"], "Building the web app", { NODE_ENV: "production" });
} else if (!existsSync(resolve(root, "web/dist/index.html"))) {
  // The API tests read the built pages too (the landing page's weight, the server-written pages).
  await run(["npm", "run", "--silent", "build"], "Building the web app (none was built yet)", { NODE_ENV: "production" });
}
// Test files run in worker processes, each file isolated in its own (its database, server and
// browser too), the slowest first by the committed timings; TEST_JOBS=1 runs them one after another.
// One worker per core, at most four (each holds its own database, server and browser). On CI's two
// cores two workers and three take about as long overall (docs/testing.md, "How long CI takes").
const jobs = process.env.TEST_JOBS ?? String(Math.min(4, availableParallelism()));
// `--no-isolate`: a worker keeps its modules from one file to the next, so the app, its libraries
// and PGlite's WebAssembly load once per worker, not once per file (decision 0093). Each file
// still has its own database, app and browser; no test changes process.env or mocks a module.
// The timings are the pass's own: an API file takes about twice as long on PGlite as on PostgreSQL,
// and the PostgreSQL pass runs only the API and process files. `npm test -- --update-timings`
// measures them again (on PostgreSQL with DATABASE_URL set).
const timings = `tests/support/test-timings.${process.env.DATABASE_URL ? "postgres" : "pglite"}.json`;
const parallel = [`--parallel=${jobs}`, "--no-isolate", `--timings=${timings}`];
// The fault tests (SIGKILL under load, two servers on one PostgreSQL, a PostgreSQL restart on a
// cluster of their own) are files of the suite like the others: their waits (a restart, an outbox
// draining) overlap the other files' work (decision 0095).
// `--no-matrix` (CI's first pass, on PGlite): the authorization matrix runs on the second pass,
// on PostgreSQL, only (docs/decisions/0089); `npm test` alone runs it.
const noMatrix = process.argv.includes("--no-matrix");
const args = process.argv.slice(2).filter((a) => a !== "--db-only" && a !== "--no-matrix");
const files = args.some((a) => !a.startsWith("-"))
  ? []
  : dbOnly
    ? ["tests/api", "tests/process", "tests/faults"]
    : ["tests/unit", "tests/api", "tests/process", "tests/faults", "tests/browser"];
const ignored = noMatrix ? ["--path-ignore-patterns=**/authorization-matrix-*.test.ts"] : [];
await run(
  ["bun", "test", "--timeout", "60000", ...parallel, ...ignored, ...args, ...files],
  `Running the tests on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
);
