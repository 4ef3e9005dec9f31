import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { groups } from "./groups.ts";
import type { MutationReport } from "./scores.ts";

// Whether the committed mutation report still speaks for the code: every module a group mutates
// is in it, measured on the module's source as it is now.

const root = resolve(import.meta.dir, "../..");
export const REPORT_PATH = join(root, "reports/mutation/mutation.json");

export interface ModuleFreshness {
  module: string;
  group: string;
  state: "current" | "changed" | "missing";
}

export function readReport(): MutationReport {
  return JSON.parse(readFileSync(REPORT_PATH, "utf8")) as MutationReport;
}

/** Each module of each group, and whether the report measured it as it is now. */
export function freshness(report: MutationReport = readReport()): ModuleFreshness[] {
  const seen = new Set<string>();
  const rows: ModuleFreshness[] = [];
  for (const group of groups) {
    for (const pattern of group.mutate) {
      const module = pattern.replace(/:\d+-\d+$/, "");
      if (seen.has(module)) continue;
      seen.add(module);
      const measured = report.files[module];
      const now = existsSync(join(root, module)) ? readFileSync(join(root, module), "utf8") : null;
      rows.push({ module, group: group.name, state: !measured ? "missing" : measured.source === now ? "current" : "changed" });
    }
  }
  return rows;
}

export const STALE_START = "<!-- mutation-stale:start -->";
export const STALE_END = "<!-- mutation-stale:end -->";

/** The out-of-date modules as docs/testing.md lists them: one line per module, with its group. */
export function staleList(rows: ModuleFreshness[] = freshness()): string {
  const stale = rows.filter((m) => m.state !== "current");
  if (stale.length === 0) return "None: every module of every group was measured as it is now.";
  return stale.map((m) => `- \`${m.module}\`: ${m.state === "missing" ? "not yet measured" : "changed since measured"} (group \`${m.group}\`)`).join("\n");
}

/** docs/testing.md with its list of out-of-date modules replaced by the check's. */
export function withStaleList(doc: string, rows?: ModuleFreshness[]): string {
  const start = doc.indexOf(STALE_START);
  const end = doc.indexOf(STALE_END);
  if (start < 0 || end < start) throw new Error("docs/testing.md has no mutation-stale markers");
  return `${doc.slice(0, start + STALE_START.length)}\n${staleList(rows)}\n${doc.slice(end)}`;
}
