// What `npm run mutate` mutates, and the tests that must kill those mutants.
export interface MutationGroup {
  name: string;
  /** Stryker's mutate patterns: files, or `file:line-line` for a function of a larger module. */
  mutate: string[];
  tests: string[];
  timeoutMs?: number;
}

export const groups: MutationGroup[] = [
  { name: "eviction", mutate: ["src/server/domain/portal/eviction-rules.ts"], tests: ["tests/unit/eviction-rules.test.ts"] },
];
