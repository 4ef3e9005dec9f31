import { readFileSync } from "node:fs";

// What `npm run mutate` mutates, and the tests that must kill those mutants. Pure rule modules
// run their unit tests (a second a mutant); the domain functions that hold money, records and
// access run the API tests that speak for them on the embedded database (several seconds a
// mutant), mutating only the lines of those functions.
export interface MutationGroup {
  name: string;
  /** Stryker's mutate patterns: files, or `file:line-line` for a function of a larger module. */
  mutate: string[];
  tests: string[];
  timeoutMs?: number;
}

const community = (file: string) => `src/server/domain/community/${file}.ts`;

export const groups: MutationGroup[] = [
  // The owner portal's rules.
  {
    name: "rent",
    mutate: ["rent", "ledger-rules", "allocation"].map((m) => `src/server/domain/portal/${m}.ts`),
    // Allocation decides what every figure built on it shows: the cash basis, statements, deposits held and the notice's amount.
    tests: [
      "tests/unit/portal-rules.test.ts",
      "tests/unit/allocation.test.ts",
      "tests/unit/renewal-carry.test.ts",
      "tests/unit/books-rules.test.ts",
      "tests/unit/statement-rules.test.ts",
      "tests/unit/deposit-rules.test.ts",
      "tests/unit/eviction-rules.test.ts",
      // The late fee's base under each preset (Chicago's and Cook County's ordinances).
      "tests/unit/late-fee-limits.test.ts",
    ],
  },
  // Deposits, their deadlines and the balance a renewal carries.
  {
    name: "deposits",
    mutate: ["src/server/domain/portal/deposit-rules.ts", linesOf("src/server/domain/portal/renewal-carry.ts", "carryOf")],
    tests: ["tests/unit/deposit-rules.test.ts", "tests/unit/renewal-carry.test.ts"],
  },
  // Dates the law sets: Fair Notice, court days, which ordinance applies, late-fee caps, support's business hours, a case's moves.
  {
    name: "dates",
    mutate: ["fair-notice", "court-calendar", "jurisdiction", "late-fee-limits", "support-rules", "eviction-case-rules"].map((m) => `src/server/domain/portal/${m}.ts`),
    tests: [
      "tests/unit/fair-notice.test.ts",
      "tests/unit/eviction-rules.test.ts",
      "tests/unit/jurisdiction.test.ts",
      "tests/unit/late-fee-limits.test.ts",
      "tests/unit/support-rules.test.ts",
      "tests/unit/eviction-case-rules.test.ts",
    ],
  },
  { name: "maintenance", mutate: ["src/server/domain/portal/maintenance-rules.ts"], tests: ["tests/unit/maintenance-rules.test.ts"] },
  // The notices' dates (9-205, 9-207, Fair Notice) are read by the Fair Notice and case tests too.
  {
    name: "eviction",
    mutate: ["src/server/domain/portal/eviction-rules.ts"],
    tests: ["tests/unit/eviction-rules.test.ts", "tests/unit/fair-notice.test.ts", "tests/unit/eviction-case-rules.test.ts"],
  },
  {
    name: "books",
    mutate: ["depreciation", "cash-rules", "schedule-e-rules", "statement-rules"].map((m) => `src/server/domain/portal/${m}.ts`),
    tests: ["tests/unit/books-rules.test.ts", "tests/unit/statement-rules.test.ts", "tests/unit/schedule-e-rules.test.ts"],
  },
  { name: "bank-import", mutate: ["src/server/domain/portal/bank-import-rules.ts"], tests: ["tests/unit/bank-import-rules.test.ts", "tests/unit/books-rules.test.ts"] },
  // The community's rules.
  {
    name: "community",
    mutate: ["markdown", "mentions", "slug", "access", "posting-limits", "notification-rules", "waitlist", "schedule", "unsubscribe-token"].map(community),
    tests: ["tests/unit/community-rules.test.ts"],
  },
];

const applications = "src/server/domain/applications.ts";
const signBatch = "src/server/domain/sign-batch.ts";
const billingEvents = "src/server/domain/billing-events.ts";
const subscriptions = "src/server/domain/subscriptions.ts";
const compliance = "src/server/domain/portal/compliance.ts";
const posting = "src/server/domain/portal/posting.ts";
const search = "src/server/domain/portal/search.ts";
/** The lines of one function (or function-valued constant) of a module, for Stryker's `file:from-to` patterns. */
function linesOf(file: string, name: string): string {
  const lines = readFileSync(new URL(`../../${file}`, import.meta.url), "utf8").split("\n");
  const start = lines.findIndex((l) => new RegExp(`^(export )?((async )?function|const) ${name}\\b`).test(l));
  if (start < 0) throw new Error(`${name} not found in ${file}`);
  const end = lines.findIndex((l, i) => i > start && (l === "}" || l === "});"));
  return `${file}:${start + 1}-${end + 1}`;
}

// The domain functions that hold money, records and access, with the API tests that speak for them.
groups.push(
  {
    name: "signing",
    mutate: [linesOf(applications, "signAgreement"), linesOf(signBatch, "signQueue")],
    tests: ["tests/api/application-flow.test.ts", "tests/api/contracts.test.ts", "tests/api/sign-concurrency.test.ts", "tests/api/account-hardening.test.ts"],
    timeoutMs: 60_000,
  },
  // The webhook's once-per-event transaction and the payment it records; the subscription changes a member makes.
  { name: "webhooks", mutate: [linesOf(billingEvents, "applyBillingEvent"), linesOf(billingEvents, "markPaymentCompleted")], tests: ["tests/api/stripe.test.ts", "tests/api/payments.test.ts"], timeoutMs: 90_000 },
  { name: "subscriptions", mutate: [linesOf(subscriptions, "cancelSubscription"), linesOf(subscriptions, "expireOverdueSubscriptions")], tests: ["tests/api/payments.test.ts", "tests/api/stripe.test.ts"], timeoutMs: 90_000 },
  { name: "rate-limits", mutate: ["src/server/domain/rate-limit.ts"], tests: ["tests/api/accounts.test.ts", "tests/api/security.test.ts"], timeoutMs: 120_000 },
  { name: "sessions", mutate: ["src/server/domain/sessions.ts"], tests: ["tests/api/sessions.test.ts", "tests/api/accounts.test.ts", "tests/api/account-hardening.test.ts"], timeoutMs: 90_000 },
  { name: "portal-access", mutate: ["src/server/domain/portal/access.ts"], tests: ["tests/api/owner-portal.test.ts", "tests/api/demo-portal.test.ts"], timeoutMs: 90_000 },
  // The compliance calendar's lines (pure), read by its unit tests.
  { name: "compliance", mutate: [linesOf(compliance, "statusOf"), linesOf(compliance, "leaseCompliance")], tests: ["tests/unit/deposit-rules.test.ts", "tests/unit/compliance-rules.test.ts"] },
  // Posting what is due (pure: the entries to add), and which leases a tenant sees and may write on.
  // The day-by-day stories (a bounced check's daily fee, posting once per day) are pure too.
  { name: "posting", mutate: [linesOf(posting, "duePostings"), linesOf(posting, "feeStates")], tests: ["tests/unit/portal-rules.test.ts", "tests/unit/posting-rules.test.ts"] },
  { name: "tenant-access", mutate: ["src/server/domain/portal/tenant-access.ts"], tests: ["tests/api/tenant-trust.test.ts", "tests/api/lease-history.test.ts"], timeoutMs: 120_000 },
  { name: "search", mutate: [linesOf(search, "readQuery"), linesOf(search, "searchBooks")], tests: ["tests/api/search.test.ts"], timeoutMs: 60_000 },
);
