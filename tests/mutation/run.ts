// `npm run mutate`: mutation testing (StrykerJS) of the rules that hold money, records and access.
// Each group mutates a few modules and runs only the tests that speak for them (`bun test
// --bail`, through Stryker's command runner), so a mutant costs seconds, not a whole suite. The
// groups' JSON reports are merged into reports/mutation/mutation.json, and a score per module is
// printed for docs/testing.md. Not part of CI: a full run takes a long time on two cores.
//
//   npm run mutate                  every group
//   MUTATE_ONLY=rent,eviction npm run mutate    some groups (names below)
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { groups } from "./groups.ts";
import { formatReport, scoreTable, withScores, type MutationReport } from "./scores.ts";
import { freshness, withStaleList } from "./freshness.ts";

const root = resolve(import.meta.dir, "../..");
const out = join(root, "reports/mutation");
const work = join(root, ".stryker-tmp");
mkdirSync(out, { recursive: true });
mkdirSync(work, { recursive: true });

const only = process.env.MUTATE_ONLY?.split(",").filter(Boolean);
const chosen = groups.filter((g) => !only || only.includes(g.name));
if (chosen.length === 0) throw new Error(`no group named ${only?.join(", ")}; groups: ${groups.map((g) => g.name).join(", ")}`);

const failed: string[] = [];
for (const group of chosen) {
  const config = {
    $schema: "../node_modules/@stryker-mutator/core/schema/stryker-schema.json",
    packageManager: "npm",
    testRunner: "command",
    commandRunner: { command: `bun test --bail --timeout 120000 ${group.tests.join(" ")}` },
    mutate: group.mutate,
    // The command runner cannot tell which test covers which mutant: every mutant runs the group's tests.
    coverageAnalysis: "off",
    concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
    timeoutMS: group.timeoutMs ?? 20_000,
    reporters: ["json", "clear-text", "progress"],
    jsonReporter: { fileName: join(out, `${group.name}.json`) },
    tempDirName: join(work, group.name),
    cleanTempDir: true,
    ignorePatterns: ["reports", "web/dist", "data", ".stryker-tmp", "*.log"],
    disableTypeChecks: "{src,tests}/**/*.ts",
    // Bun runs TypeScript as it is; Stryker need not rewrite a tsconfig (TypeScript 7 has no JS API for it).
    tsconfigFile: "tests/mutation/none.json",
    thresholds: { high: 90, low: 85, break: null },
  };
  const file = join(work, `${group.name}.config.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  console.log(`\n=== ${group.name}: ${group.mutate.join(", ")} ===`);
  // The sandbox has no web build of its own: tests that serve pages use the project's.
  const env = { ...process.env, CI: "true", WEB_DIST: process.env.WEB_DIST ?? join(root, "web/dist") };
  const proc = Bun.spawn(["npx", "stryker", "run", file], { cwd: root, stdout: "inherit", stderr: "inherit", env });
  if ((await proc.exited) !== 0) failed.push(group.name);
}

// One report: the modules of the groups run now replace theirs in the report of earlier runs.
type Report = MutationReport;
const reportPath = join(out, "mutation.json");
let merged: Report = { schemaVersion: "2", thresholds: { high: 90, low: 85 }, files: {} };
try {
  merged = JSON.parse(readFileSync(reportPath, "utf8")) as Report;
} catch {}
// Every group report present (also one left by a run that stopped at a later group).
for (const group of groups) {
  const groupPath = join(out, `${group.name}.json`);
  if (!existsSync(groupPath)) continue;
  const report = JSON.parse(readFileSync(groupPath, "utf8")) as Report;
  Object.assign(merged.files, report.files);
  rmSync(groupPath);
}
// Stryker's reasons quote test output with the sandbox's absolute paths: the report keeps paths
// relative to the project, whatever machine ran it.
const sandbox = new RegExp(`${root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/(\\.stryker-tmp/[^/]+/sandbox-[^/]+/)?`, "g");
writeFileSync(reportPath, formatReport(merged).replace(sandbox, ""));

// The docs show the report's scores, written here (a unit test checks they still match the report).
const docsPath = join(root, "docs/testing.md");
writeFileSync(docsPath, withStaleList(withScores(readFileSync(docsPath, "utf8"), merged), freshness(merged)));
console.log(`\n${scoreTable(merged)}`);
if (failed.length) {
  console.error(`\nStryker could not run: ${failed.join(", ")} (see above).`);
  process.exit(1);
}
