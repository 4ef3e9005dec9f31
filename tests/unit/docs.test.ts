import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

// The documentation's promises (DECISIONS.md 30): the README is a front door of at most 250
// lines, every link between the docs leads somewhere, and every decision record is in the index.

const root = resolve(import.meta.dir, "../..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith(".md") ? [path] : [];
  });
}

const docs = [join(root, "README.md"), ...markdownFiles(join(root, "docs"))];

describe("the documentation", () => {
  test("README.md is at most 250 lines", () => {
    expect(readFileSync(join(root, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(250);
  });

  test("every relative link and every `docs/...` path named in the docs exists", () => {
    const missing: string[] = [];
    for (const file of docs) {
      const text = readFileSync(file, "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        if (!existsSync(resolve(dirname(file), target!))) missing.push(`${file.slice(root.length + 1)} -> ${target}`);
      }
      for (const [, path] of text.matchAll(/`(docs\/[\w./-]+\.md)`/g)) {
        if (!existsSync(join(root, path!))) missing.push(`${file.slice(root.length + 1)} -> ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test("decision records are numbered without gaps, dated in order, and all in the index", () => {
    const dir = join(root, "docs/decisions");
    const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name)).sort();
    const index = readFileSync(join(dir, "README.md"), "utf8");
    let lastDate = "";
    records.forEach((name, i) => {
      expect(name.slice(0, 4)).toBe(String(i + 1).padStart(4, "0"));
      const text = readFileSync(join(dir, name), "utf8");
      expect(text.split("\n")[0]).toStartWith(`# ${name.slice(0, 4)}. `);
      const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
      expect(date, name).toBeDefined();
      expect(date! >= lastDate, `${name} is dated before the record above it`).toBe(true);
      lastDate = date!;
      for (const section of ["## Context", "## Decision", "## Consequences"]) expect(text, name).toContain(section);
      expect(index, name).toContain(`](${name})`);
    });
  });

  test("a `decision NNNN` cited in the docs names a record that exists", () => {
    const numbers = new Set(readdirSync(join(root, "docs/decisions")).map((name) => name.slice(0, 4)));
    const cited = (text: string) => [...text.matchAll(/decisions? (\d{4})\b/g)].map((m) => m[1]!);
    const missing = docs.flatMap((file) => cited(readFileSync(file, "utf8")).filter((n) => !numbers.has(n)).map((n) => `${file}: ${n}`));
    expect(missing).toEqual([]);
  });
});
