import { z } from "zod";

// What the admin area and the server agree on: page sizes, list queries, the test-data rule.

/** SPEC.md 9: the first page of each admin list. */
export const ADMIN_PAGE_SIZES = {
  members: 20,
  contractors: 20,
  applications: 20,
  contracts: 20,
  payments: 50,
  search: 50,
  auditLog: 50,
  outbox: 50,
} as const;

export const ADMIN_MAX_PAGE = 200;
/** SPEC.md 9: how much of a contract the admin sees on screen. */
export const CONTRACT_PREVIEW_CHARS = 1000;
/** SPEC.md 9: how much of a checkout session id a payment row shows. */
export const SESSION_ID_PREVIEW_CHARS = 20;

/**
 * SPEC.md 5 "Test-data detection", case-insensitive: an email containing one of these markers, or
 * a name (first and last name together) containing one of the name markers, is test data.
 */
export const TEST_EMAIL_MARKERS = ["test@", "example@", "demo@", "sample@", "@test.com", "@example.com"] as const;
export const TEST_NAME_MARKERS = ["test user", "demo user", "sample user", "test member"] as const;

export function isTestData(person: { email: string; firstName: string; lastName: string }): boolean {
  const email = person.email.toLowerCase();
  const name = `${person.firstName} ${person.lastName}`.toLowerCase();
  return TEST_EMAIL_MARKERS.some((m) => email.includes(m)) || TEST_NAME_MARKERS.some((m) => name.includes(m));
}

export const DATA_FILTERS = ["all", "real", "test"] as const;
export type DataFilter = (typeof DATA_FILTERS)[number];
/** The Enhanced Database Admin's filter labels (SPEC.md 2). */
export const DATA_FILTER_LABELS: Record<DataFilter, string> = {
  all: "All Data",
  real: "Real Users Only",
  test: "Test Data Only",
};

const optionalText = z
  .string()
  .trim()
  .max(200, "At most 200 characters")
  .optional()
  .transform((v) => (v ? v : undefined));

/** A list page: how many, from where, which people. Query strings arrive as text, hence coerce. */
export const ZAdminListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** Email, first name or last name contains this (case-insensitive). */
  q: optionalText,
  email: optionalText,
  /** First name, last name or the whole name contains this. */
  name: optionalText,
  filter: z.enum(DATA_FILTERS).default("all"),
});
export type TAdminListQuery = z.input<typeof ZAdminListQuerySchema>;
export type TAdminListQueryParsed = z.output<typeof ZAdminListQuerySchema>;

export const ZAdminLoginRequestSchema = z.object({
  username: z.string("Username or email is required").trim().min(1, "Username or email is required").max(254),
  password: z.string("Password is required").min(1, "Password is required").max(1000),
});
export type TAdminLoginRequest = z.infer<typeof ZAdminLoginRequestSchema>;

export const ZSetMemberActiveSchema = z.object({ is_active: z.boolean("is_active must be true or false") });

/** "1 test member", "2 test members". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The words of the admin area (SPEC.md 8), shared by the page and the tests. */
export const ADMIN_TEXT = {
  loginFailed: "Login failed",
  loginNetwork: "Login failed. Please check your connection.",
  dashboardFailed: "Failed to load dashboard data.",
  actionFailed: "Action failed. Please try again.",
  actionDone: "Action completed successfully!",
  confirmDelete: "Are you sure you want to delete this member and all their data?",
  /** SPEC.md 5's question, naming the member it is about. */
  confirmDeleteOf: (name: string, email: string) => `Are you sure you want to delete ${name} (${email}) and all their data?`,
  exportDone: "Database backup exported successfully!",
  /** SPEC.md calls the download a backup; what it is for, beside its button and in the file itself. */
  exportNote:
    "An export of members, applications, contracts, subscriptions and payments to read elsewhere. It is not a backup " +
    "and cannot be restored: the server's backups (npm run db:backup) hold everything.",
  exportFailed: (message: string) => `Export failed: ${message}`,
  cleanupFailed: (message: string) => `Cleanup failed: ${message}`,
  cleanupDone: (members: number, applications: number) =>
    `Test data cleaned successfully! Removed ${countOf(members, "test member")} and ${countOf(applications, "test application")}.`,
  contractFailed: "Failed to load contract details",
  contractError: "Error loading contract.",
} as const;
