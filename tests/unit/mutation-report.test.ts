import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { formatReport, SCORES_END, SCORES_START, scoreTable } from "../mutation/scores.ts";
import { readReport, REPORT_PATH, staleList, STALE_END, STALE_START } from "../mutation/freshness.ts";

// The mutation scores in docs/testing.md are the committed report's, never typed: `npm run mutate`
// writes both, and this test fails when one was changed without the other.

describe("the mutation report", () => {
  test("docs/testing.md shows exactly the report's score table", () => {
    const doc = readFileSync(new URL("../../docs/testing.md", import.meta.url), "utf8");
    const table = doc.slice(doc.indexOf(SCORES_START) + SCORES_START.length, doc.indexOf(SCORES_END)).trim();
    expect(table).toBe(scoreTable(readReport()));
  });

  test("the modules whose scores are out of date are the ones docs/testing.md lists as such", () => {
    // Until every group is re-measured (npm run mutate:check), the docs name each module whose
    // score no longer speaks for its code, so a reader never takes a stale figure for a current one.
    const doc = readFileSync(new URL("../../docs/testing.md", import.meta.url), "utf8");
    const listed = doc.slice(doc.indexOf(STALE_START) + STALE_START.length, doc.indexOf(STALE_END)).trim();
    expect(listed).toBe(staleList());
  });

  test("the committed report is the compact one, a mutant a line", () => {
    // Stryker's own JSON carries each killing test run's output: 21 MB on one line, so that every
    // re-measured module rewrote the whole file. The committed form keeps what the scores and the
    // freshness check read, a mutant a line (formatReport).
    const text = readFileSync(REPORT_PATH, "utf8");
    expect(text).toBe(formatReport(readReport()));
    expect(text).not.toContain('"statusReason"');
  });
});
