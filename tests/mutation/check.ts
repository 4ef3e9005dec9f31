// `npm run mutate:check`: lists the modules whose mutation scores no longer speak for the code (changed
// since they were measured, or never measured) with the group that re-measures them, and exits 1
// when there is any: `MUTATE_ONLY=<groups> npm run mutate` brings them up to date.
import { readFileSync, writeFileSync } from "node:fs";
import { freshness, withStaleList } from "./freshness.ts";

// `--write` also writes the list into docs/testing.md (npm run mutate does so after each run).
if (process.argv.includes("--write")) {
  const docs = new URL("../../docs/testing.md", import.meta.url);
  writeFileSync(docs, withStaleList(readFileSync(docs, "utf8")));
}

const stale = freshness().filter((m) => m.state !== "current");
if (stale.length === 0) {
  console.log("The mutation report is current: every module of every group was measured as it is now.");
} else {
  for (const m of stale) console.log(`${m.state.padEnd(8)} ${m.module}  (group ${m.group})`);
  console.log(`\nRe-measure: MUTATE_ONLY=${[...new Set(stale.map((m) => m.group))].join(",")} npm run mutate`);
  process.exit(1);
}
