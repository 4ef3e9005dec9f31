import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { BENCH_PARTS, benchSmoke } from "../support/bench-smoke.ts";

// The bench's cold starts and idle memory, and its load runs, at smoke size (tests/support/bench-smoke.ts).
benchSmoke(["start", "load"]);

// Every part the bench has is in one of the smoke files: a part added to tests/bench/run.ts and to
// none of them would not run in CI.
test("every part of the bench has its smoke run", () => {
  const bench = readFileSync(new URL("../bench/run.ts", import.meta.url), "utf8");
  const parts = [...bench.matchAll(/only\.includes\("([a-z]+)"\)/g)].map((m) => m[1]);
  expect(parts.length).toBeGreaterThan(5);
  expect(parts.sort()).toEqual(Object.keys(BENCH_PARTS).sort());
  const smoked = ["serving", "books"].flatMap((file) =>
    [...readFileSync(new URL(`./bench-smoke-${file}.test.ts`, import.meta.url), "utf8").matchAll(/benchSmoke\(\[([^\]]*)\]/g)].flatMap((m) => m[1]!.match(/[a-z]+/g) ?? []),
  );
  expect(smoked.sort()).toEqual(Object.keys(BENCH_PARTS).sort());
});
