// The mutation report's scores, as docs/testing.md shows them: written there by `npm run mutate`
// between two markers, and checked against the report by tests/unit/mutation-report.test.ts, so
// the figures in the docs are the report's, never typed.

export interface MutationReport {
  schemaVersion: string;
  thresholds: unknown;
  files: Record<string, { source?: string; mutants: { status: string }[] }>;
}

export const SCORES_START = "<!-- mutation-scores:start (written by npm run mutate) -->";
export const SCORES_END = "<!-- mutation-scores:end -->";

const KILLED = new Set(["Killed", "Timeout"]);
const COUNTED = new Set(["Killed", "Timeout", "Survived", "NoCoverage"]);

export function scoreRows(report: MutationReport) {
  return Object.entries(report.files)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, file]) => {
      const counted = file.mutants.filter((m) => COUNTED.has(m.status));
      const killed = counted.filter((m) => KILLED.has(m.status)).length;
      return { path, mutants: counted.length, killed, survived: counted.length - killed, score: counted.length ? (100 * killed) / counted.length : 100 };
    });
}

/** The table between the markers. */
export function scoreTable(report: MutationReport): string {
  const rows = scoreRows(report);
  const total = rows.reduce((s, r) => ({ mutants: s.mutants + r.mutants, killed: s.killed + r.killed }), { mutants: 0, killed: 0 });
  return [
    "| Module | Mutants | Killed | Survived | Score |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| \`${r.path.replace(/^src\/server\/domain\//, "")}\` | ${r.mutants} | ${r.killed} | ${r.survived} | ${r.score.toFixed(1)}% |`),
    `| All ${rows.length} modules | ${total.mutants} | ${total.killed} | ${total.mutants - total.killed} | ${((100 * total.killed) / Math.max(1, total.mutants)).toFixed(1)}% |`,
  ].join("\n");
}

/** docs/testing.md with its score table replaced by the report's. */
export function withScores(doc: string, report: MutationReport): string {
  const start = doc.indexOf(SCORES_START);
  const end = doc.indexOf(SCORES_END);
  if (start < 0 || end < start) throw new Error("docs/testing.md has no mutation-scores markers");
  return `${doc.slice(0, start + SCORES_START.length)}\n${scoreTable(report)}\n${doc.slice(end)}`;
}

/**
 * The report as it is committed: what each mutant was, where, and what became of it, one mutant a
 * line, so that re-measuring a module changes only that module's lines. Stryker's `statusReason`
 * (the whole output of the test run that killed a mutant) and `killedBy` are left out: they were
 * nine tenths of the report's size and nothing reads them; a survivor has no reason anyway.
 */
export function formatReport(report: MutationReport): string {
  const files = Object.entries(report.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = files.map(([path, file], i) => {
    const { mutants, ...rest } = file;
    const head = JSON.stringify(rest).slice(0, -1);
    const rows = mutants.map((m) => {
      const { statusReason: _reason, killedBy: _killedBy, ...kept } = m as Record<string, unknown>;
      return `  ${JSON.stringify(kept)}`;
    });
    return `${JSON.stringify(path)}: ${head}${head.length > 1 ? "," : ""}"mutants": [\n${rows.join(",\n")}\n]}${i < files.length - 1 ? "," : ""}`;
  });
  return `{"schemaVersion": ${JSON.stringify(report.schemaVersion)}, "thresholds": ${JSON.stringify(report.thresholds)}, "files": {\n${lines.join("\n")}\n}}\n`;
}
