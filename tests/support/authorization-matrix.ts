import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { ZApplyRequestSchema } from "../../src/shared/application-schema.ts";
import { adminUsers, documents, emailOutbox, forumCategories, members, rateLimits, subscriptions } from "../../src/server/db/schema.ts";
import { POSTS_PER_HOUR } from "../../src/server/domain/community/posting-limits.ts";
import { clearRateLimit, rateLimitKey } from "../../src/server/domain/rate-limit.ts";
import { TENANT_LIMITS } from "../../src/server/domain/portal/tenants.ts";
import { applyForMembership } from "../../src/server/domain/applications.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { applicationPayload, applyAndSign, linkTokenFromEmail } from "./fixtures.ts";
import { pdfBytes, PNG_BYTES } from "./files.ts";
import { createTestApp, TEST_ORIGIN, type ApiClient, type TestApp } from "./harness.ts";
import { sessionIdOf, trpcCall } from "./billing.ts";
import { demoTrpcProcedures, restRoutes, trpcProcedures } from "./surface.ts";
import { demoPortalRoutes } from "../../src/server/http/routes/demo.ts";
import { keepSampleBooks } from "../../src/server/domain/portal/sample-books.ts";
import { chicagoToday } from "../../src/shared/calendar.ts";

// The authorization matrix: every REST route (read from the Hono app) and every tRPC procedure
// (read from the router) against six callers, each answer either allowed (past the gate: any
// status but 401/403) or refused (401/403). One table below says which; a route or procedure
// without an entry fails the test, so nothing new ships without a decision about who may call it.

// The owner portal adds owners: "paid" is owner A (Standard, whose books the portal routes name),
// "ownerB" another Standard owner, "premium" a Premium owner, and "downgraded" a former owner now
// Basic, who keeps reading and exporting but may not write.
// The tenant portal adds tenants: "tenant" rents from owner A (the lease the routes name), "tenantB"
// from owner B; neither is a member.
export type Role = "anonymous" | "applicant" | "basic" | "other" | "paid" | "ownerB" | "premium" | "downgraded" | "tenant" | "tenantB" | "admin";
export const ROLES: Role[] = ["anonymous", "applicant", "basic", "other", "paid", "ownerB", "premium", "downgraded", "tenant", "tenantB", "admin"];

/** What a request is about: the basic member owns the member-scoped resources, the applicant the pending application. */
interface Fixture {
  basic: { memberId: string; email: string; applicationId: string; contractId: string; checkoutSessionId: string };
  other: { memberId: string; email: string };
  paid: { memberId: string; email: string };
  ownerB: { memberId: string; email: string };
  premium: { memberId: string; email: string };
  downgraded: { memberId: string; email: string };
  /** Owner A's books. */
  books: { propertyId: string; unitId: string; leaseId: string; entryId: string; tenantId: string; expenseId: string; statementId: string };
  /** Tenants' accounts, and what the tenant and owner routes name: requests, a photo, a payment. */
  tenant: { accountId: string };
  tenantB: { accountId: string };
  care: { ownerRequestId: string; tenantRequestId: string; fileId: string; rentPaymentId: string; autopayId: string; paymentEntryId: string; contractorId: string };
  /** A property, lease or ledger entry of owner A made for one destructive call. */
  spareProperty(): Promise<string>;
  spareLease(): Promise<string>;
  spareEntry(): Promise<string>;
  spareUnit(): Promise<string>;
  spareExpense(): Promise<string>;
  /** A lease of owner A's with a tenant (not invited): for one revocation of access. */
  spareTenancy(): Promise<{ id: string; tenantId: string }>;
  /** A photo on owner A's request: for one deletion. */
  sparePhoto(): Promise<{ id: string; fileId: string }>;
  /** Owner B's invitation to tenant A's address, waiting for tenant A's answer. */
  spareInvitation(): Promise<string>;
  pendingApplicationId: string;
  applicantToken: string;
  documentId: string;
  outboxId: string;
  community: {
    categoryId: string;
    topicId: string;
    otherPostId: string;
    /** A post of the other member's that nobody flags. */
    quietPostId: string;
    freshPost(): Promise<string>;
    updateId: string;
    updateSlug: string;
    webinarId: string;
    contractorId: string;
    reviewId: string;
    /** A certificate with the paid member's listing, and a fresh one for each delete. */
    documentId: string;
    spareDocument(): Promise<string>;
  };
  /** Owner A's eviction case (paid), its notice, a document on it and a service job; fresh ones for moves. */
  evictions: {
    caseId: string;
    noticeId: string;
    fileId: string;
    jobId: string;
    spareCase(): Promise<string>;
    /** An unpaid case at notice prepared, for the owner's own moves (withdrawing it). */
    spareUnpaidCase(): Promise<string>;
    spareNotice(): Promise<string>;
    spareJob(): Promise<string>;
    spareAssignedJob(): Promise<string>;
  };
  /** A member made for a destructive admin call, so the fixture's members stay as they are. */
  victim(): Promise<string>;
  /** A member who signed Standard and has not paid: the one a payment link is for. */
  unpaidSigner(): Promise<string>;
  /** A subscription of the test provider (a member who paid). */
  testSubscriptionId: string;
  /** The live demo's sample books (PORTAL.md 1). */
  demo: { propertyId: string; leaseId: string; requestId: string; expenseId: string; paymentEntryId: string; caseId: string; noticeId: string };
  /** Owner A's lease sent to tenant A for signature (never signed: the matrix signs with a wrong SHA-256); fresh ones for one answer each. */
  signing: { requestId: string; spareRequest(): Promise<string> };
  /** Owner A's move-in and move-out condition reports of tenant A's lease, for one signature each. */
  conditionReports: { moveInId: string; moveOutId: string };
  /** Premium services: owner A granted staff access and opened a ticket; a fresh ticket for each close. */
  services: { granted: number; ticketFileId: string; ticketId: string; spareTicket(): Promise<string>; requestId: string; spareRequest(): Promise<string> };
}

interface Entry {
  allow: Role[];
  /** Path parameters (REST) or input (tRPC); the body of a REST write. */
  params?: (f: Fixture) => Record<string, string> | Promise<Record<string, string>>;
  input?: (f: Fixture) => unknown;
  /** A stranger is told "not found" rather than "forbidden", so the record's existence stays private. */
  hidden?: boolean;
  /**
   * What the route answers a rightful caller here, when it is not a success: the fixture's state
   * makes it refuse for a reason of its own (say why beside the entry). Otherwise every allowed
   * caller must get a 2xx: an allowed caller refused for any reason would hide a broken route.
   */
  answers?: number | Partial<Record<Role, number>>;
  /** The query string of a GET. */
  query?: (f: Fixture) => string;
  /** An upload: a PNG in the multipart field `file`, with these form fields. */
  file?: Record<string, string>;
}


const ANYONE: Role[] = ROLES;
/**
 * An open door sent no body: it answers what it was sent, for anyone (REST 422, tRPC 400), and
 * refuses nobody for who they are. Its own tests send real bodies and credentials.
 */
const DOOR: Entry = { allow: ANYONE, answers: 422 };
const TRPC_DOOR: Entry = { allow: ANYONE, answers: 400 };
/** A single-use token made up here: the route opens for anyone and says the link is not valid. */
const MADE_UP_TOKEN = "abcdefghijklmnopqrstuvwxyz234567";
const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@matrix.example.org`;
const MEMBERS: Role[] = ["basic", "other", "paid", "ownerB", "premium", "downgraded"];
/** Anyone with books to read: running owners and the downgraded one. */
const OWNERS_READ: Role[] = ["paid", "ownerB", "premium", "downgraded"];
/** Owners whose membership is running. */
const OWNERS_WRITE: Role[] = ["paid", "ownerB", "premium"];
/** Owner A alone: the route names owner A's records, which answer others 404. */
const OWNER_A: Role[] = ["paid"];
/** The community: every member (Basic included) and the association's staff. */
const COMMUNITY: Role[] = [...MEMBERS, "admin"];
/** Every member but "paid", who runs the fixture's contractor listing and may not review it. */
const REVIEWERS: Role[] = MEMBERS.filter((role) => role !== "paid");
const ADMIN: Role[] = ["admin"];
const TENANTS: Role[] = ["tenant", "tenantB"];
/** Tenant A alone: the route names tenant A's lease, request or payment, which answer others 404. */
const TENANT_A: Role[] = ["tenant"];
const OWNER_OR_ADMIN: Role[] = ["basic", "admin"];
const OWNER: Role[] = ["basic"];
const APPLICANT_OR_ADMIN: Role[] = ["applicant", "admin"];

const basicEmail = (f: Fixture) => ({ email: f.basic.email });
const matrixLease = (unitId: string) => ({
  unit_id: unitId,
  start_date: "2026-01-01",
  rent_cents: 100_000,
  due_day: 1,
  tenants: [{ first_name: "Matrix", last_name: "Tenant" }],
});
const basicMember = (f: Fixture) => ({ id: f.basic.memberId });
const matrixExpense = (propertyId: string) => ({ property_id: propertyId, date: "2026-01-15", amount_cents: 4_200, payee: "Matrix Hardware", category: "repairs" });
const MATRIX_TICKET = { subject: "Matrix ticket", body: "Matrix question" };
const MATRIX_BOOKKEEPING = { note: "Matrix bookkeeping help" };
const MATRIX_BANK_CSV = "Date,Description,Amount\n01/03/2025,MATRIX HARDWARE,-12.00\n";
const LAST_YEAR = new Date().getUTCFullYear() - 1;
const MATRIX_TODAY = () => chicagoToday(new Date());
const victim = async (f: Fixture) => ({ id: await f.victim() });
const upgrade = (f: Fixture) => ({
  current_membership_level: "Basic",
  target_membership_level: "Standard",
  billing_frequency: "monthly",
  member_email: f.basic.email,
});

const MATRIX_REPORT = (kind: "move_in" | "move_out") => ({ kind, inspected_on: "2026-01-01", items: [{ room: "Kitchen", item: "Oven", condition: "good" }] });
const MATRIX_INSTITUTION = { institution: { name: "Matrix Savings", address: "1 Matrix Way, Chicago, IL" } };
const MATRIX_MOVE_OUT = { vacated_on: "2026-02-01", forwarding_address: "2 Matrix Way", casualty: false };

const MATRIX: Record<string, Entry> = {
  // Public site and applying.
  "GET /api/health": { allow: ANYONE },
  "GET /api/ready": { allow: ANYONE },
  // Without METRICS_TOKEN the metrics do not exist (404); tests/api/observability.test.ts opens them with the token.
  "GET /api/metrics": { allow: ANYONE, answers: 404 },
  "GET /api/openapi.json": { allow: ANYONE },
  "GET /api/docs": { allow: ANYONE },
  "GET /api/docs/:asset": { allow: ANYONE, params: () => ({ asset: "start.js" }) },
  "POST /api/membership/apply": { allow: ANYONE, input: () => applicationPayload({ email: unique("apply") }) },
  "GET /api/membership/application/:id": { allow: APPLICANT_OR_ADMIN, params: (f) => ({ id: f.pendingApplicationId }) },
  "POST /api/membership/contract-signed/:id": {
    allow: ["applicant"],
    params: (f) => ({ id: f.pendingApplicationId }),
    input: () => ({ consent: true, signature_name: "Maria Gonzalez" }),
  },
  // The emailed link that continues an application: the token is the key, not a session.
  "POST /api/membership/continue": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "POST /api/site/strategy-sessions": { allow: ANYONE, input: () => ({ name: "Matrix Planner", email: unique("plan"), phone: "", preferred_time: "", message: "" }) },
  "GET /api/site/demo-status": { allow: ANYONE },
  "POST /api/contracts/verify": { allow: ANYONE, input: () => ({ sha256: "0".repeat(64) }) },
  // Without Stripe keys there is no Stripe webhook (404); the Stripe tests sign real deliveries.
  "POST /api/stripe/webhook": { allow: ANYONE, answers: 404 },

  // Payments and subscriptions: the member whose email or checkout it is, or an admin.
  // Paying and upgrading are the member's own acts: an admin cannot start them for someone.
  // The basic member has no paid subscription: the route's own answer to that (the billing tests take the paid path).
  "POST /api/membership/initiate-payment/:id": { allow: OWNER, params: (f) => ({ id: f.basic.applicationId }), answers: 409 },
  "GET /api/payments/status/:sessionId": { allow: OWNER_OR_ADMIN, params: (f) => ({ sessionId: f.basic.checkoutSessionId }) },
  "GET /api/subscriptions/status/:email": { allow: OWNER_OR_ADMIN, params: basicEmail },
  "GET /api/subscriptions/billing-portal/:email": { allow: OWNER_OR_ADMIN, params: basicEmail },
  // The basic member has no paid subscription: the route's own answer to that (the billing tests take the paid path).
  "POST /api/subscriptions/cancel": { allow: OWNER_OR_ADMIN, input: (f) => ({ member_email: f.basic.email, reason: "" }), answers: 409 },
  "POST /api/upgrades/initiate": { allow: OWNER, input: upgrade },
  // The basic member has no paid subscription: the route's own answer to that (the billing tests take the paid path).
  "POST /api/upgrades/preview": { allow: OWNER_OR_ADMIN, input: (f) => ({ member_email: f.basic.email, target_membership_level: "Premium" }), answers: 409 },
  // The basic member has no paid subscription: the route's own answer to that (the billing tests take the paid path).
  "POST /api/subscriptions/resume": { allow: OWNER_OR_ADMIN, input: (f) => ({ member_email: f.basic.email }), answers: 409 },
  // The basic member's upgrade checkout was started, not paid.
  "POST /api/upgrades/complete/:sessionId": { allow: OWNER_OR_ADMIN, params: (f) => ({ sessionId: f.basic.checkoutSessionId }), answers: 409 },

  // The member portal.
  "GET /api/portal/member-info/:email": { allow: OWNER_OR_ADMIN, params: basicEmail },
  "GET /api/portal/documents/categories": { allow: MEMBERS },
  "GET /api/portal/documents": { allow: MEMBERS },
  "GET /api/portal/documents/:id/download": { allow: MEMBERS, params: (f) => ({ id: f.documentId }) },
  "GET /api/portal/skills": { allow: MEMBERS },
  "GET /api/portal/skills/profile": { allow: MEMBERS },
  "PUT /api/portal/skills/profile": { allow: MEMBERS, input: () => ({ specialty_skills: ["General Contractor"], skills_listed: true, skills_bio: "" }) },
  "GET /api/portal/skills/members": { allow: MEMBERS, query: () => "skill=General%20Contractor" },
  // The basic member is the one listed: nobody finds themselves in the network.
  "POST /api/portal/skills/introductions": { allow: MEMBERS, input: (f) => ({ member_id: f.basic.memberId, skill: "General Contractor", message: "Matrix job: a porch step" }), answers: { basic: 404 } },
  // The owner portal (PORTAL.md 1 and 8): reads for owners (the downgraded one too), writes for
  // running owners, owner A's records for owner A alone (404 to every other owner).
  "GET /api/portal/access": { allow: ANYONE },
  "GET /api/portal/dashboard": { allow: OWNERS_READ },
  "GET /api/portal/properties": { allow: OWNERS_READ },
  "POST /api/portal/properties": { allow: OWNERS_WRITE, input: () => ({ address: { line1: "1 Matrix Way", city: "Chicago", zip: "60601" }, property_type: "land" }) },
  "GET /api/portal/properties/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.propertyId }), hidden: true },
  "PATCH /api/portal/properties/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.propertyId }), input: () => ({ name: "Matrix two-flat" }), hidden: true },
  "DELETE /api/portal/properties/:id": { allow: OWNER_A, params: async (f) => ({ id: await f.spareProperty() }), hidden: true },
  "POST /api/portal/properties/:id/units": { allow: OWNER_A, params: (f) => ({ id: f.books.propertyId }), input: () => ({ label: `U${Math.random().toString(36).slice(2, 8)}` }), hidden: true },
  "PATCH /api/portal/units/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.unitId }), input: () => ({ bedrooms: 2 }), hidden: true },
  "GET /api/portal/leases": { allow: OWNERS_READ },
  "POST /api/portal/leases": { allow: OWNER_A, input: async (f) => matrixLease(await f.spareUnit()), hidden: true },
  "GET /api/portal/leases/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "POST /api/portal/leases/:id/end": { allow: OWNER_A, params: async (f) => ({ id: await f.spareLease() }), input: () => ({ end_date: "2026-01-31" }), hidden: true },
  "GET /api/portal/leases/:id/ledger": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "POST /api/portal/leases/:id/charges": {
    allow: OWNER_A,
    params: (f) => ({ id: f.books.leaseId }),
    input: () => ({ kind: "fee", amount_cents: 100, date: "2026-01-15", description: "Matrix fee" }),
    hidden: true,
  },
  "POST /api/portal/leases/:id/payments": {
    allow: OWNER_A,
    params: (f) => ({ id: f.books.leaseId }),
    input: () => ({ amount_cents: 100, paid_on: "2026-01-15", method: "cash" }),
    hidden: true,
  },
  "POST /api/portal/ledger/:entryId/void": { allow: OWNER_A, params: async (f) => ({ entryId: await f.spareEntry() }), input: () => ({ reason: "Matrix void" }), hidden: true },
  // Receipts (issue 30, item 4): of tenant A's online payment, on owner A's ledger.
  "GET /api/portal/ledger/:entryId/receipt": { allow: OWNER_A, params: (f) => ({ entryId: f.care.paymentEntryId }), hidden: true },
  "POST /api/portal/ledger/:entryId/receipt/send": { allow: OWNER_A, params: (f) => ({ entryId: f.care.paymentEntryId }), hidden: true },
  "GET /api/portal/payments": { allow: OWNERS_READ },
  "POST /api/portal/imports/rent-roll": { allow: OWNERS_WRITE, input: () => ({ csv: "Property address,City,ZIP,Unit\n1 Matrix Way,Chicago,60601,1\n" }) },
  "GET /api/portal/export": { allow: OWNERS_READ },
  "PATCH /api/portal/leases/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), input: () => ({ reminder_days: 3 }), hidden: true },
  "POST /api/portal/leases/:id/tenants/:tenantId/invite": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId, tenantId: f.books.tenantId }), hidden: true },
  "DELETE /api/portal/leases/:id/tenants/:tenantId/access": { allow: OWNER_A, params: (f) => f.spareTenancy(), hidden: true },
  // Deposits and the compliance calendar (PORTAL.md 3b). The matrix lease holds no deposit: a receipt
  // or an interest settlement is refused for that reason (409, 422), a statement before a move-out too.
  "GET /api/portal/compliance": { allow: OWNERS_READ },
  "PUT /api/portal/settings/compliance-digest": { allow: OWNERS_WRITE, input: () => ({ enabled: true }) },
  "GET /api/portal/leases/:id/deposit": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "PUT /api/portal/leases/:id/deposit": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), input: () => MATRIX_INSTITUTION, hidden: true },
  "POST /api/portal/leases/:id/deposit/receipt": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), answers: 409, hidden: true },
  "POST /api/portal/leases/:id/deposit/interest": {
    allow: OWNER_A,
    params: (f) => ({ id: f.books.leaseId }),
    input: () => ({ period_start: "2026-01-01", settled_as: "cash", settled_on: "2026-02-01" }),
    answers: 422,
    hidden: true,
  },
  "POST /api/portal/leases/:id/move-out": { allow: OWNER_A, params: async (f) => ({ id: await f.spareLease() }), input: () => MATRIX_MOVE_OUT, hidden: true },
  "POST /api/portal/leases/:id/deposit/statement": { allow: OWNER_A, params: async (f) => ({ id: await f.spareLease() }), input: () => ({ deductions: [] }), answers: 409, hidden: true },
  "POST /api/portal/leases/:id/deposit/statement/receipts": {
    allow: OWNER_A,
    params: (f) => ({ id: f.books.leaseId }),
    input: (f) => ({ file_ids: [f.care.fileId] }),
    answers: 409,
    hidden: true,
  },
  "GET /api/portal/search": { allow: OWNERS_READ, query: () => "q=Matrix" },
  // Leases signed online and renewals (PORTAL.md 8a).
  "GET /api/portal/leases/:id/signature-requests": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  // The body names a PDF owner A never uploaded: past the gate, owner A is told to choose one.
  "POST /api/portal/leases/:id/signature-requests": {
    allow: OWNER_A,
    params: async (f) => ({ id: await f.spareLease() }),
    input: () => ({ document: "upload", file_id: "00000000-0000-4000-8000-000000000000" }),
    answers: 422,
    hidden: true,
  },
  // Tenant A has not signed: owner A may not countersign yet.
  "POST /api/portal/signature-requests/:id/countersign": { allow: OWNER_A, params: (f) => ({ id: f.signing.requestId }), input: () => ({ consent: true, signature_name: "Matrix Owner" }), answers: 409, hidden: true },
  "POST /api/portal/signature-requests/:id/withdraw": { allow: OWNER_A, params: async (f) => ({ id: await f.signing.spareRequest() }), hidden: true },
  "GET /api/portal/signature-requests/:id/pdf": { allow: OWNER_A, params: (f) => ({ id: f.signing.requestId }), hidden: true },
  "POST /api/portal/leases/:id/rlto-summary": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), input: () => ({ given_on: "2026-01-02" }), hidden: true },
  "GET /api/portal/leases/:id/renewal-check": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), query: () => "start_date=2031-01-01&rent_cents=100000", hidden: true },
  "POST /api/portal/leases/:id/renew": { allow: OWNER_A, params: async (f) => ({ id: await f.spareLease() }), input: () => ({ start_date: "2031-01-01", rent_cents: 105_000 }), hidden: true },
  "GET /api/portal/leases/:id/condition-reports": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "POST /api/portal/leases/:id/condition-reports": { allow: OWNER_A, params: async (f) => ({ id: await f.spareLease() }), input: () => MATRIX_REPORT("move_in"), hidden: true },
  "GET /api/portal/leases/:id/documents": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "POST /api/portal/leases/:id/documents": { allow: OWNER_A, params: (f) => ({ id: f.books.leaseId }), file: { title: "Matrix lease", shared_with_tenants: "true" }, hidden: true },
  "GET /api/portal/maintenance": { allow: OWNERS_READ },
  "POST /api/portal/maintenance": {
    allow: OWNER_A,
    input: (f) => ({ property_id: f.books.propertyId, title: "Matrix leak", description: "Drip", category: "plumbing" }),
    hidden: true,
  },
  "GET /api/portal/maintenance/:id": { allow: OWNER_A, params: (f) => ({ id: f.care.ownerRequestId }), hidden: true },
  "POST /api/portal/maintenance/:id/transitions": { allow: OWNER_A, params: (f) => ({ id: f.care.ownerRequestId }), input: () => ({ to: "acknowledged", note: "" }), hidden: true },
  "POST /api/portal/maintenance/:id/comments": { allow: OWNER_A, params: (f) => ({ id: f.care.ownerRequestId }), input: () => ({ body: "Matrix comment" }), hidden: true },
  "POST /api/portal/maintenance/:id/photos": { allow: OWNER_A, params: (f) => ({ id: f.care.ownerRequestId }), file: {}, hidden: true },
  "DELETE /api/portal/maintenance/:id/photos/:fileId": { allow: OWNER_A, params: (f) => f.sparePhoto(), hidden: true },
  "GET /api/portal/maintenance/:id/contractors": { allow: OWNER_A, params: (f) => ({ id: f.care.ownerRequestId }), hidden: true },
  "POST /api/portal/maintenance/:id/assign": { allow: OWNER_A, params: (f) => ({ id: f.care.ownerRequestId }), input: (f) => ({ contractor_id: f.care.contractorId }), hidden: true },
  "GET /api/portal/files/:id": { allow: OWNER_A, params: (f) => ({ id: f.care.fileId }), hidden: true },
  "GET /api/portal/files/:id/thumbnail": { allow: OWNER_A, params: (f) => ({ id: f.care.fileId }), hidden: true },
  "GET /api/portal/payouts": { allow: OWNERS_READ },
  "POST /api/portal/payouts": { allow: OWNERS_WRITE },
  "PUT /api/portal/settings": { allow: OWNERS_WRITE, input: () => ({ payment_instructions: "Checks to the office" }) },
  // Expenses, reports and purchases (PORTAL.md 6, 7.5): owner A's expense and kept statement answer
  // others 404; Schedule E is Premium's (a Standard owner needs the purchase of the year).
  "GET /api/portal/expense-categories": { allow: OWNERS_READ },
  "GET /api/portal/expenses": { allow: OWNERS_READ },
  "POST /api/portal/expenses": { allow: OWNER_A, input: (f) => matrixExpense(f.books.propertyId), hidden: true },
  "POST /api/portal/expenses/import": { allow: OWNERS_WRITE, input: () => ({ csv: MATRIX_BANK_CSV }) },
  "GET /api/portal/expenses/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.expenseId }), hidden: true },
  "PATCH /api/portal/expenses/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.expenseId }), input: () => ({ memo: "Matrix memo" }), hidden: true },
  "DELETE /api/portal/expenses/:id": { allow: OWNER_A, params: async (f) => ({ id: await f.spareExpense() }), hidden: true },
  "POST /api/portal/expenses/:id/receipt": { allow: OWNER_A, params: (f) => ({ id: f.books.expenseId }), file: {}, hidden: true },
  "DELETE /api/portal/expenses/:id/receipt": { allow: OWNER_A, params: (f) => ({ id: f.books.expenseId }), hidden: true },
  "GET /api/portal/reports/monthly": { allow: OWNERS_READ },
  "GET /api/portal/reports/statements": { allow: OWNERS_READ },
  "GET /api/portal/reports/statements/:id": { allow: OWNER_A, params: (f) => ({ id: f.books.statementId }), hidden: true },
  "PUT /api/portal/reports/settings": { allow: OWNERS_WRITE, input: () => ({ monthly_email: false }) },
  "GET /api/portal/reports/schedule-e": { allow: ["premium"] },
  // Eviction coordination and the process server (PORTAL.md 7.2, 7.3): owner A's case and job answer
  // others 404; the process server alone is Premium's (a Standard owner's job is for a paid case).
  "GET /api/portal/evictions": { allow: OWNERS_READ },
  "POST /api/portal/evictions": { allow: OWNER_A, input: async (f) => ({ lease_id: await f.spareLease(), ground: "unpaid_rent", jurisdiction: "chicago" }), hidden: true },
  "GET /api/portal/evictions/:id": { allow: OWNER_A, params: (f) => ({ id: f.evictions.caseId }), hidden: true },
  "POST /api/portal/evictions/:id/notices": { allow: OWNER_A, params: (f) => ({ id: f.evictions.caseId }), input: () => ({ kind: "5_day" }), hidden: true },
  "POST /api/portal/evictions/:id/notices/:notice_id/service": {
    allow: OWNER_A,
    params: async (f) => ({ id: f.evictions.caseId, notice_id: await f.evictions.spareNotice() }),
    input: () => ({ served_on: MATRIX_TODAY(), service_method: "personal", served_by: "Matrix Server" }),
    hidden: true,
  },
  "GET /api/portal/evictions/:id/notices/:notice_id/pdf": { allow: OWNER_A, params: (f) => ({ id: f.evictions.caseId, notice_id: f.evictions.noticeId }), hidden: true },
  "POST /api/portal/evictions/:id/notes": { allow: OWNER_A, params: (f) => ({ id: f.evictions.caseId }), input: () => ({ body: "Matrix note" }), hidden: true },
  "POST /api/portal/evictions/:id/transitions": { allow: OWNER_A, params: async (f) => ({ id: await f.evictions.spareUnpaidCase() }), input: () => ({ to: "closed", note: "" }), hidden: true },
  "POST /api/portal/evictions/:id/documents": { allow: OWNER_A, params: (f) => ({ id: f.evictions.caseId }), file: {}, hidden: true },
  "GET /api/portal/service-jobs": { allow: OWNERS_READ },
  "POST /api/portal/service-jobs": { allow: ["premium"], input: () => ({ person_name: "Matrix Person", addresses: ["1 Matrix Way, Chicago"], due_on: "2030-01-01" }) },
  "GET /api/portal/service-jobs/:id": { allow: OWNER_A, params: (f) => ({ id: f.evictions.jobId }), hidden: true },
  "POST /api/portal/service-jobs/:id/documents": { allow: OWNER_A, params: (f) => ({ id: f.evictions.jobId }), file: {}, hidden: true },
  "GET /api/admin/evictions": { allow: ADMIN },
  "GET /api/admin/evictions/:id": { allow: ADMIN, params: (f) => ({ id: f.evictions.caseId }) },
  "POST /api/admin/evictions/:id/transitions": { allow: ADMIN, params: async (f) => ({ id: await f.evictions.spareCase() }), input: () => ({ to: "cured", note: "" }) },
  "PATCH /api/admin/evictions/:id/court": { allow: ADMIN, params: (f) => ({ id: f.evictions.caseId }), input: () => ({ case_number: `2026-M1-${Math.floor(Math.random() * 99999)}` }) },
  "POST /api/admin/evictions/:id/notes": { allow: ADMIN, params: (f) => ({ id: f.evictions.caseId }), input: () => ({ body: "Matrix staff note" }) },
  "POST /api/admin/evictions/:id/documents": { allow: ADMIN, params: (f) => ({ id: f.evictions.caseId }), file: {} },
  "POST /api/admin/evictions/:id/notices/:notice_id/service": {
    allow: ADMIN,
    params: async (f) => ({ id: f.evictions.caseId, notice_id: await f.evictions.spareNotice() }),
    input: () => ({ served_on: MATRIX_TODAY(), service_method: "substitute", served_by: "Matrix Staff" }),
  },
  "GET /api/admin/evictions/:id/notices/:notice_id/pdf": { allow: ADMIN, params: (f) => ({ id: f.evictions.caseId, notice_id: f.evictions.noticeId }) },
  "GET /api/admin/premium-files/:id": { allow: ADMIN, params: (f) => ({ id: f.evictions.fileId }) },
  "GET /api/admin/premium-files/:id/thumbnail": { allow: ADMIN, params: (f) => ({ id: f.evictions.fileId }) },
  "GET /api/admin/service-jobs": { allow: ADMIN },
  "GET /api/admin/service-jobs/:id": { allow: ADMIN, params: (f) => ({ id: f.evictions.jobId }) },
  "POST /api/admin/service-jobs/:id/transitions": { allow: ADMIN, params: async (f) => ({ id: await f.evictions.spareJob() }), input: () => ({ to: "assigned", server_name: "Matrix Server" }) },
  "POST /api/admin/service-jobs/:id/attempts": {
    allow: ADMIN,
    params: async (f) => ({ id: await f.evictions.spareAssignedJob() }),
    input: () => ({ attempted_at: new Date(Date.now() - 60_000).toISOString(), address: "1 Matrix Way", outcome: "not_served" }),
  },
  // The matrix uploads a PNG: an affidavit of service is a PDF (the eviction tests upload one).
  "POST /api/admin/service-jobs/:id/affidavit": { allow: ADMIN, params: (f) => ({ id: f.evictions.jobId }), file: {}, answers: 415 },
  "GET /api/portal/purchases": { allow: OWNERS_READ },
  // Premium includes the report: nothing to buy.
  "POST /api/portal/purchases": { allow: OWNERS_WRITE, input: () => ({ item: "tax_report", year: LAST_YEAR }), answers: { premium: 409 } },
  // Premium services (PORTAL.md 7.1, 7.4). Revoking comes before granting, so owner A's grant stands
  // for the staff entries below; revoking needs no running membership (a downgraded owner may too).
  "GET /api/portal/staff-access": { allow: OWNERS_READ },
  "DELETE /api/portal/staff-access": { allow: OWNERS_READ },
  "PUT /api/portal/staff-access": { allow: OWNERS_WRITE },
  "GET /api/portal/support/tickets": { allow: OWNERS_READ },
  "POST /api/portal/support/tickets": { allow: OWNERS_WRITE, input: () => MATRIX_TICKET },
  "GET /api/portal/support/tickets/:id": { allow: OWNER_A, params: (f) => ({ id: f.services.ticketId }), hidden: true },
  "POST /api/portal/support/tickets/:id/messages": { allow: OWNER_A, params: (f) => ({ id: f.services.ticketId }), input: () => ({ body: "Matrix message" }), hidden: true },
  "POST /api/portal/support/tickets/:id/files": { allow: OWNER_A, params: (f) => ({ id: f.services.ticketId }), file: { body: "Matrix file" }, hidden: true },
  "GET /api/portal/bookkeeping/requests": { allow: OWNERS_READ },
  // Premium includes bookkeeping support; the Standard owners have bought no month and are told what it costs.
  "POST /api/portal/bookkeeping/requests": { allow: OWNERS_WRITE, input: () => MATRIX_BOOKKEEPING, answers: { paid: 403, ownerB: 403 } },
  "GET /api/portal/bookkeeping/requests/:id": { allow: ["premium"], params: (f) => ({ id: f.services.requestId }), hidden: true },
  "POST /api/portal/bookkeeping/requests/:id/files": { allow: ["premium"], params: (f) => ({ id: f.services.requestId }), file: {}, hidden: true },

  // The tenant portal (PORTAL.md 1 and 8): sign-in doors are open; the rest is the tenant's own.
  "POST /api/tenant/sign-in-link": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "POST /api/tenant/sign-in-link/confirm": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "POST /api/tenant/login": { allow: ANYONE, input: () => ({ email: unique("nobody"), password: "not the password" }), answers: 401 },
  "POST /api/tenant/logout": { allow: ANYONE },
  "POST /api/tenant/password": { allow: TENANTS, input: () => ({ new_password: "a matrix tenant password" }) },
  "GET /api/tenant/me": { allow: TENANTS },
  "GET /api/tenant/signature-requests": { allow: TENANTS },
  "GET /api/tenant/signature-requests/:id/pdf": { allow: TENANT_A, params: (f) => ({ id: f.signing.requestId }), hidden: true },
  // A signature over another document's SHA-256: tenant A is past the gate and refused for it.
  "POST /api/tenant/signature-requests/:id/sign": {
    allow: TENANT_A,
    params: (f) => ({ id: f.signing.requestId }),
    input: () => ({ consent: true, signature_name: "Matrix Tenant", document_sha256: "0".repeat(64) }),
    answers: 409,
    hidden: true,
  },
  "POST /api/tenant/signature-requests/:id/decline": { allow: TENANT_A, params: async (f) => ({ id: await f.signing.spareRequest() }), input: () => ({ reason: "Matrix decline" }), hidden: true },
  "GET /api/tenant/leases/:id/condition-reports": { allow: TENANT_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "POST /api/tenant/condition-reports/:id/sign": {
    allow: TENANT_A,
    params: (f) => ({ id: f.conditionReports.moveInId }),
    input: () => ({ consent: true, signature_name: "Matrix Tenant" }),
    hidden: true,
  },
  "POST /api/tenant/invitations/:id/accept": { allow: TENANT_A, params: async (f) => ({ id: await f.spareInvitation() }), hidden: true },
  "POST /api/tenant/invitations/:id/decline": { allow: TENANT_A, params: async (f) => ({ id: await f.spareInvitation() }), hidden: true },
  "GET /api/tenant/leases/:id/ledger": { allow: TENANT_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "POST /api/tenant/leases/:id/pay": { allow: TENANT_A, params: (f) => ({ id: f.books.leaseId }), input: () => ({ amount_cents: 100 }), hidden: true },
  "GET /api/tenant/payments/:id": { allow: TENANT_A, params: (f) => ({ id: f.care.rentPaymentId }), hidden: true },
  "GET /api/tenant/payments/:id/receipt": { allow: TENANT_A, params: (f) => ({ id: f.care.paymentEntryId }), hidden: true },
  // Autopay (issue 30, item 3): tenant A's lease and setup only.
  "POST /api/tenant/leases/:id/autopay": { allow: TENANT_A, params: (f) => ({ id: f.books.leaseId }), input: () => ({ limit_cents: 150_000 }), hidden: true },
  "DELETE /api/tenant/leases/:id/autopay": { allow: TENANT_A, params: (f) => ({ id: f.books.leaseId }), hidden: true },
  "GET /api/tenant/autopay/:id": { allow: TENANT_A, params: (f) => ({ id: f.care.autopayId }), hidden: true },
  "GET /api/tenant/maintenance": { allow: TENANTS },
  "POST /api/tenant/maintenance": {
    allow: TENANT_A,
    input: (f) => ({ lease_id: f.books.leaseId, title: "Matrix drip", description: "Drip", category: "plumbing" }),
    hidden: true,
  },
  "GET /api/tenant/maintenance/:id": { allow: TENANT_A, params: (f) => ({ id: f.care.tenantRequestId }), hidden: true },
  "POST /api/tenant/maintenance/:id/comments": { allow: TENANT_A, params: (f) => ({ id: f.care.tenantRequestId }), input: () => ({ body: "Matrix" }), hidden: true },
  "POST /api/tenant/maintenance/:id/photos": { allow: TENANT_A, params: (f) => ({ id: f.care.tenantRequestId }), file: {}, hidden: true },
  "POST /api/tenant/maintenance/:id/cancel": { allow: TENANT_A, params: (f) => ({ id: f.care.tenantRequestId }), hidden: true },
  "GET /api/tenant/files/:id": { allow: TENANT_A, params: (f) => ({ id: f.care.fileId }), hidden: true },
  "GET /api/tenant/files/:id/thumbnail": { allow: TENANT_A, params: (f) => ({ id: f.care.fileId }), hidden: true },
  "GET /api/contracts/mine": { allow: MEMBERS },
  "GET /api/contracts/:id/pdf": { allow: OWNER_OR_ADMIN, params: (f) => ({ id: f.basic.contractId }), hidden: true },

  // Member sign-in: open doors (they check credentials, not sessions).
  "POST /api/auth/login": { allow: ANYONE, input: () => ({ username: unique("nobody"), password: "not the password" }), answers: 401 },
  "GET /api/auth/me": { allow: MEMBERS },
  "POST /api/auth/verify-token": { allow: MEMBERS },
  "POST /api/auth/logout": { allow: ANYONE },
  "POST /api/auth/sign-in-link": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "POST /api/auth/sign-in-link/confirm": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "POST /api/auth/password-link": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "POST /api/auth/password-reset": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN, password: "a matrix password 1" }), answers: 400 },
  // A first password needs the emailed code (422 naming it); the account tests send one.
  "POST /api/auth/password": { allow: MEMBERS, input: () => ({ new_password: "a matrix password 1" }), answers: 422 },
  "POST /api/auth/email-code": { allow: MEMBERS },

  // Administrators.
  "POST /api/auth/admin/login": { allow: ANYONE, input: () => ({ username: unique("nobody"), password: "not the password" }), answers: 401 },
  "POST /api/auth/admin/logout": { allow: ANYONE },
  "POST /api/auth/admin/sign-in-link": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "POST /api/auth/admin/sign-in-link/confirm": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "GET /api/auth/admin/me": { allow: ADMIN },
  "GET /api/admin/dashboard/stats": { allow: ADMIN },
  "GET /api/admin/dashboard/charts": { allow: ADMIN },
  "GET /api/admin/members": { allow: ADMIN },
  "GET /api/admin/members/search": { allow: ADMIN },
  "GET /api/admin/members/export.csv": { allow: ADMIN },
  "GET /api/admin/members/:id": { allow: ADMIN, params: basicMember },
  "PUT /api/admin/members/:id": { allow: ADMIN, params: victim, input: () => ({ is_active: false }) },
  "DELETE /api/admin/members/:id": { allow: ADMIN, params: victim },
  "POST /api/admin/members/:id/reset-password": { allow: ADMIN, params: victim },
  "POST /api/admin/members/:id/payment-link": { allow: ADMIN, params: async (f) => ({ id: await f.unpaidSigner() }) },
  "GET /api/admin/contractors": { allow: ADMIN },
  "GET /api/admin/applications": { allow: ADMIN },
  "GET /api/admin/applications/search": { allow: ADMIN },
  "GET /api/admin/contracts": { allow: ADMIN },
  "GET /api/admin/contracts/:id": { allow: ADMIN, params: (f) => ({ id: f.basic.contractId }) },
  "POST /api/admin/contracts/:id/resend-email": { allow: ADMIN, params: (f) => ({ id: f.basic.contractId }) },
  "GET /api/admin/payments": { allow: ADMIN },
  "GET /api/admin/data/overview": { allow: ADMIN },
  "GET /api/admin/export-data": { allow: ADMIN },
  "POST /api/admin/cleanup-test-data": { allow: ADMIN },
  "GET /api/admin/audit-log": { allow: ADMIN },
  "GET /api/admin/outbox": { allow: ADMIN },
  "GET /api/admin/outbox/:id": { allow: ADMIN, params: (f) => ({ id: f.outboxId }) },

  // The community (COMMUNITY.md 5): members and staff; a post is changed by its author or an admin.
  "GET /api/community/categories": { allow: COMMUNITY },
  "PUT /api/community/categories/:id/watch": { allow: MEMBERS, params: (f) => ({ id: f.community.categoryId }), input: () => ({ level: "watching" }) },
  "GET /api/community/topics": { allow: COMMUNITY },
  "POST /api/community/topics": { allow: COMMUNITY, input: (f) => ({ category_id: f.community.categoryId, title: "Matrix topic title", body: "Matrix body" }) },
  "GET /api/community/topics/:id": { allow: COMMUNITY, params: (f) => ({ id: f.community.topicId }) },
  "POST /api/community/topics/:id/posts": { allow: COMMUNITY, params: (f) => ({ id: f.community.topicId }), input: () => ({ body: "Matrix reply" }) },
  "PUT /api/community/topics/:id/watch": { allow: MEMBERS, params: (f) => ({ id: f.community.topicId }), input: () => ({ level: "watching" }) },
  "PATCH /api/community/posts/:id": { allow: OWNER_OR_ADMIN, params: async (f) => ({ id: await f.community.freshPost() }), input: () => ({ body: "Edited in the matrix" }) },
  "DELETE /api/community/posts/:id": { allow: OWNER_OR_ADMIN, params: async (f) => ({ id: await f.community.freshPost() }) },
  "GET /api/community/posts/:id/revisions": { allow: COMMUNITY, params: (f) => ({ id: f.community.quietPostId }) },
  // Nobody flags their own post.
  "POST /api/community/posts/:id/flags": { allow: MEMBERS, params: (f) => ({ id: f.community.otherPostId }), input: () => ({ reason: "Matrix flag" }), answers: { other: 400 } },
  "GET /api/community/search": { allow: COMMUNITY, query: () => "q=matrix" },
  "GET /api/community/mentions": { allow: COMMUNITY, query: (f) => `q=ma&topic_id=${f.community.topicId}` },
  "GET /api/notifications": { allow: MEMBERS },
  "POST /api/notifications/read": { allow: MEMBERS },
  "GET /api/email-preferences": { allow: MEMBERS },
  "PUT /api/email-preferences": { allow: MEMBERS, input: () => ({ legal_updates: true, webinars: true, forum_digest: false, forum_notifications: true }) },
  "GET /api/admin/community/flags": { allow: ADMIN },
  // Legal updates: anyone reads (the answer says how much); admins write.
  "GET /api/updates": { allow: ANYONE },
  "GET /api/updates/:slug": { allow: ANYONE, params: (f) => ({ slug: f.community.updateSlug }) },
  "GET /api/admin/updates": { allow: ADMIN },
  // Webinars: anyone sees the programme; members register; the calendar file for members and staff.
  "GET /api/webinars": { allow: ANYONE },
  "GET /api/webinars/:id": { allow: ANYONE, params: (f) => ({ id: f.community.webinarId }) },
  "POST /api/webinars/:id/registration": { allow: MEMBERS, params: (f) => ({ id: f.community.webinarId }) },
  "DELETE /api/webinars/:id/registration": { allow: MEMBERS, params: (f) => ({ id: f.community.webinarId }) },
  "GET /api/webinars/:id/calendar.ics": { allow: COMMUNITY, params: (f) => ({ id: f.community.webinarId }) },
  "GET /api/admin/webinars": { allow: ADMIN },
  // The contractor directory: members and staff search; any member signs up; the reviewed contractor answers.
  "GET /api/contractors": { allow: COMMUNITY },
  "GET /api/contractors/me": { allow: MEMBERS },
  "PUT /api/contractors/me": { allow: MEMBERS, input: () => ({ business_name: "Matrix Builders", trades: ["Carpentry"] }) },
  // Every member has a listing by now (PUT /api/contractors/me above).
  "POST /api/contractors/me/documents": { allow: MEMBERS, file: { title: "Matrix certificate" } },
  "GET /api/contractors/me/documents/:docId": { allow: ["paid"], params: (f) => ({ docId: f.community.documentId }), hidden: true },
  "DELETE /api/contractors/me/documents/:docId": { allow: ["paid"], params: async (f) => ({ docId: await f.community.spareDocument() }), hidden: true },
  "GET /api/admin/contractor-directory/documents/:id": { allow: ADMIN, params: (f) => ({ id: f.community.documentId }) },
  "POST /api/contractors/reviews/:id/reply": { allow: ["paid"], params: (f) => ({ id: f.community.reviewId }), input: () => ({ reply: "Thanks" }) },
  "GET /api/contractors/:id": { allow: COMMUNITY, params: (f) => ({ id: f.community.contractorId }) },
  "POST /api/contractors/:id/reviews": { allow: REVIEWERS, params: (f) => ({ id: f.community.contractorId }), input: () => ({ rating: 4, body: "Matrix review text" }) },
  // The paid member runs the business: no introduction to oneself.
  "POST /api/contractors/:id/introductions": { allow: MEMBERS, params: (f) => ({ id: f.community.contractorId }), input: () => ({ message: "Matrix job request" }), answers: { paid: 400 } },
  "POST /api/admin/contractors/:id/verification": { allow: ADMIN, params: (f) => ({ id: f.community.contractorId }), input: () => ({ status: "approved" }) },
  "GET /api/admin/contractor-directory": { allow: ADMIN },
  "POST /api/admin/contractor-directory/reviews/:id/moderation": { allow: ADMIN, params: (f) => ({ id: f.community.reviewId }), input: () => ({ hidden: false, reason: "Matrix check" }) },
  "POST /api/admin/webinars": { allow: ADMIN, input: () => ({ title: "Matrix webinar", starts_at: "2030-01-01T18:00:00Z", ends_at: "2030-01-01T19:00:00Z", capacity: 10 }) },
  "PATCH /api/admin/webinars/:id": { allow: ADMIN, params: (f) => ({ id: f.community.webinarId }), input: () => ({ capacity: 20 }) },
  "GET /api/admin/webinars/:id/registrations": { allow: ADMIN, params: (f) => ({ id: f.community.webinarId }) },
  // The matrix's webinar is in 2030: attendance waits for its start.
  "POST /api/admin/webinars/:id/attendance": { allow: ADMIN, params: (f) => ({ id: f.community.webinarId }), input: () => ({ member_ids: [] }), answers: 409 },
  "POST /api/admin/updates": { allow: ADMIN, input: () => ({ title: "Matrix draft", body: "Text", visibility: "members", status: "draft" }) },
  "PATCH /api/admin/updates/:id": { allow: ADMIN, params: (f) => ({ id: f.community.updateId }), input: () => ({ excerpt: "Changed" }) },
  "POST /api/admin/community/topics/:id/moderation": { allow: ADMIN, params: (f) => ({ id: f.community.topicId }), input: () => ({ action: "pin", reason: "Matrix check" }) },

  // tRPC, the same rules.
  "trpc public.site.config": { allow: ANYONE },
  "trpc public.site.whoami": { allow: ANYONE },
  "trpc public.landing.demoStatus": { allow: ANYONE },
  "trpc public.landing.requestStrategySession": { allow: ANYONE, input: () => ({ name: "Matrix Planner", email: unique("plan"), phone: "", preferred_time: "", message: "" }) },
  "trpc public.membership.submitApplication": { allow: ANYONE, input: () => applicationPayload({ email: unique("apply") }) },
  "trpc public.membership.application": { allow: APPLICANT_OR_ADMIN, input: (f) => ({ applicationId: f.pendingApplicationId }) },
  "trpc public.membership.sign": {
    allow: ["applicant"],
    input: (f) => ({ applicationId: f.pendingApplicationId, consent: true, signature_name: "Maria Gonzalez" }),
  },
  "trpc public.membership.continueByLink": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "trpc public.contracts.verify": { allow: ANYONE, input: () => ({ sha256: "0".repeat(64) }) },
  "trpc public.adminAuth.login": { allow: ANYONE, input: () => ({ username: unique("nobody"), password: "not the password" }), answers: 401 },
  "trpc public.adminAuth.logout": { allow: ANYONE },
  "trpc public.adminAuth.requestSignInLink": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "trpc public.adminAuth.confirmSignInLink": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "trpc public.auth.signIn": { allow: ANYONE, input: () => ({ username: unique("nobody"), password: "not the password" }), answers: 401 },
  "trpc public.auth.requestSignInLink": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "trpc public.auth.confirmSignInLink": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "trpc public.auth.requestPasswordLink": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "trpc public.auth.resetPassword": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN, new_password: "a matrix password 1" }), answers: 400 },
  "trpc public.auth.signOut": { allow: ANYONE },
  "trpc public.auth.ownerPortalAccess": { allow: ANYONE },
  // The test provider's checkout and billing pages: the unguessable session id is the key, as at Stripe.
  "trpc public.testProvider.checkout": TRPC_DOOR,
  "trpc public.testProvider.pay": TRPC_DOOR,
  "trpc public.testProvider.billing": TRPC_DOOR,
  "trpc public.testProvider.cancelInBilling": TRPC_DOOR,
  "trpc public.testProvider.completeOnboarding": TRPC_DOOR,
  "trpc public.testProvider.rentCheckout": TRPC_DOOR,
  "trpc public.testProvider.payRent": TRPC_DOOR,
  "trpc public.testProvider.autopaySetup": TRPC_DOOR,
  "trpc public.testProvider.saveAutopayMethod": TRPC_DOOR,
  "trpc public.tenantAuth.session": { allow: ANYONE },
  "trpc public.tenantAuth.requestLink": { allow: ANYONE, input: () => ({ email: unique("link") }) },
  "trpc public.tenantAuth.confirmLink": { allow: ANYONE, input: () => ({ token: MADE_UP_TOKEN }), answers: 400 },
  "trpc public.tenantAuth.login": { allow: ANYONE, input: () => ({ email: unique("nobody"), password: "not the password" }), answers: 401 },
  "trpc public.tenantAuth.logout": { allow: ANYONE },
  "trpc tenant.me": { allow: TENANTS },
  "trpc tenant.conditionReports": { allow: TENANT_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc tenant.leaseSigning.list": { allow: TENANTS },
  "trpc tenant.leaseSigning.sign": {
    allow: TENANT_A,
    input: (f) => ({ id: f.signing.requestId, consent: true, signature_name: "Matrix Tenant", document_sha256: "0".repeat(64) }),
    answers: 409,
    hidden: true,
  },
  "trpc tenant.leaseSigning.decline": { allow: TENANT_A, input: async (f) => ({ id: await f.signing.spareRequest(), reason: "Matrix decline" }), hidden: true },
  "trpc tenant.signConditionReport": { allow: TENANT_A, input: (f) => ({ id: f.conditionReports.moveOutId, consent: true, signature_name: "Matrix Tenant" }), hidden: true },
  "trpc tenant.setPassword": { allow: TENANTS, input: () => ({ current_password: "a matrix tenant password", new_password: "a matrix tenant password" }) },
  "trpc tenant.ledger": { allow: TENANT_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc tenant.pay": { allow: TENANT_A, input: (f) => ({ id: f.books.leaseId, amount_cents: 100 }), hidden: true },
  "trpc tenant.payment": { allow: TENANT_A, input: (f) => ({ id: f.care.rentPaymentId }), hidden: true },
  "trpc tenant.autopay.start": { allow: TENANT_A, input: (f) => ({ id: f.books.leaseId, limit_cents: 150_000 }), hidden: true },
  "trpc tenant.autopay.stop": { allow: TENANT_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc tenant.autopay.setup": { allow: TENANT_A, input: (f) => ({ id: f.care.autopayId }), hidden: true },
  "trpc tenant.maintenance.list": { allow: TENANTS },
  "trpc tenant.maintenance.get": { allow: TENANT_A, input: (f) => ({ id: f.care.tenantRequestId }), hidden: true },
  "trpc tenant.maintenance.create": {
    allow: TENANT_A,
    input: (f) => ({ lease_id: f.books.leaseId, title: "Matrix drip", description: "Drip", category: "plumbing" }),
    hidden: true,
  },
  "trpc tenant.maintenance.comment": { allow: TENANT_A, input: (f) => ({ id: f.care.tenantRequestId, body: "Matrix" }), hidden: true },
  "trpc tenant.answerInvitation": { allow: TENANT_A, input: async (f) => ({ id: await f.spareInvitation(), answer: "decline" }), hidden: true },
  // The REST call before it cancelled the request.
  "trpc tenant.maintenance.cancel": { allow: TENANT_A, input: (f) => ({ id: f.care.tenantRequestId, note: "" }), hidden: true, answers: 409 },
  "trpc member.account.me": { allow: MEMBERS },
  "trpc member.contracts.list": { allow: MEMBERS },
  "trpc member.password.change": { allow: MEMBERS, input: () => ({ new_password: "a matrix password 1" }), answers: 422 },
  "trpc member.password.sendEmailCode": { allow: MEMBERS },
  "trpc member.portal.documentCategories": { allow: MEMBERS },
  "trpc member.portal.documents": { allow: MEMBERS },
  "trpc member.skills.counts": { allow: MEMBERS },
  "trpc member.skills.profile": { allow: MEMBERS },
  "trpc member.skills.updateProfile": { allow: MEMBERS, input: () => ({ specialty_skills: ["General Contractor"], skills_listed: true, skills_bio: "" }) },
  "trpc member.skills.membersWithSkill": { allow: MEMBERS, input: () => ({ skill: "General Contractor" }) },
  "trpc member.skills.sendIntroduction": { allow: MEMBERS, input: (f) => ({ member_id: f.basic.memberId, skill: "General Contractor", message: "Matrix job: a porch step" }), answers: { basic: 404 } },
  "trpc member.billing.initiatePayment": { allow: OWNER, input: (f) => ({ applicationId: f.basic.applicationId }), answers: 409 },
  "trpc member.billing.paymentStatus": { allow: OWNER_OR_ADMIN, input: (f) => ({ session_id: f.basic.checkoutSessionId }) },
  "trpc member.billing.subscription": { allow: OWNER_OR_ADMIN, input: basicEmail },
  "trpc member.billing.billingPortal": { allow: OWNER_OR_ADMIN, input: basicEmail },
  "trpc member.billing.cancel": { allow: OWNER_OR_ADMIN, input: (f) => ({ member_email: f.basic.email, reason: "" }), answers: 409 },
  "trpc member.billing.startUpgrade": { allow: OWNER, input: upgrade },
  "trpc member.billing.previewPlanChange": { allow: OWNER_OR_ADMIN, input: (f) => ({ member_email: f.basic.email, target_membership_level: "Premium" }), answers: 409 },
  "trpc member.billing.resume": { allow: OWNER_OR_ADMIN, input: (f) => ({ member_email: f.basic.email }), answers: 409 },
  "trpc member.billing.completeUpgrade": { allow: OWNER_OR_ADMIN, input: (f) => ({ session_id: f.basic.checkoutSessionId }), answers: 409 },
  // The portal account's password needs the emailed code too (422 naming it).
  "trpc member.billing.createPortalAccount": { allow: MEMBERS, input: () => ({ username: "matrixuser", password: "a matrix password 1" }), answers: 422 },
  "trpc member.owner.status": { allow: ANYONE },
  "trpc member.owner.dashboard": { allow: OWNERS_READ },
  "trpc member.owner.properties.list": { allow: OWNERS_READ },
  "trpc member.owner.properties.get": { allow: OWNER_A, input: (f) => ({ id: f.books.propertyId }), hidden: true },
  "trpc member.owner.properties.create": { allow: OWNERS_WRITE, input: () => ({ address: { line1: "2 Matrix Way", city: "Chicago", zip: "60601" }, property_type: "land" }) },
  "trpc member.owner.properties.update": { allow: OWNER_A, input: (f) => ({ id: f.books.propertyId, patch: { name: "Matrix" } }), hidden: true },
  "trpc member.owner.properties.remove": { allow: OWNER_A, input: async (f) => ({ id: await f.spareProperty() }), hidden: true },
  "trpc member.owner.properties.addUnit": {
    allow: OWNER_A,
    input: (f) => ({ id: f.books.propertyId, unit: { label: `T${Math.random().toString(36).slice(2, 8)}` } }),
    hidden: true,
  },
  "trpc member.owner.properties.updateUnit": { allow: OWNER_A, input: (f) => ({ id: f.books.unitId, patch: { bedrooms: 3 } }), hidden: true },
  "trpc member.owner.leases.list": { allow: OWNERS_READ },
  "trpc member.owner.leases.get": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc member.owner.leases.create": { allow: OWNER_A, input: async (f) => matrixLease(await f.spareUnit()), hidden: true },
  "trpc member.owner.leases.end": { allow: OWNER_A, input: async (f) => ({ id: await f.spareLease(), end_date: "2026-01-31" }), hidden: true },
  "trpc member.owner.leases.ledger": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc member.owner.leases.recordPayment": {
    allow: OWNER_A,
    input: (f) => ({ id: f.books.leaseId, payment: { amount_cents: 100, paid_on: "2026-01-15", method: "cash" } }),
    hidden: true,
  },
  "trpc member.owner.leases.recordCharge": {
    allow: OWNER_A,
    input: (f) => ({ id: f.books.leaseId, charge: { kind: "fee", amount_cents: 100, date: "2026-01-15", description: "Matrix fee" } }),
    hidden: true,
  },
  "trpc member.owner.leases.voidEntry": { allow: OWNER_A, input: async (f) => ({ entryId: await f.spareEntry(), reason: "Matrix void" }), hidden: true },
  "trpc member.owner.leases.sendReceipt": { allow: OWNER_A, input: (f) => ({ entryId: f.care.paymentEntryId }), hidden: true },
  "trpc member.owner.leases.updateSettings": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId, reminder_days: 2 }), hidden: true },
  "trpc member.owner.compliance": { allow: OWNERS_READ },
  "trpc member.owner.setComplianceDigest": { allow: OWNERS_WRITE, input: () => ({ enabled: true }) },
  "trpc member.owner.deposits.get": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc member.owner.deposits.setInstitution": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId, ...MATRIX_INSTITUTION }), hidden: true },
  "trpc member.owner.deposits.giveReceipt": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId }), answers: 409, hidden: true },
  "trpc member.owner.deposits.settleInterest": {
    allow: OWNER_A,
    input: (f) => ({ id: f.books.leaseId, period_start: "2026-01-01", settled_as: "cash", settled_on: "2026-02-01" }),
    answers: 422,
    hidden: true,
  },
  "trpc member.owner.deposits.moveOut": { allow: OWNER_A, input: async (f) => ({ id: await f.spareLease(), ...MATRIX_MOVE_OUT }), hidden: true },
  "trpc member.owner.deposits.statement": { allow: OWNER_A, input: async (f) => ({ id: await f.spareLease(), deductions: [] }), answers: 409, hidden: true },
  "trpc member.owner.deposits.conditionReports": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc member.owner.search": { allow: OWNERS_READ, input: () => ({ q: "Matrix" }) },
  "trpc member.owner.leaseSigning.list": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc member.owner.leaseSigning.send": {
    allow: OWNER_A,
    input: async (f) => ({ id: await f.spareLease(), request: { document: "upload", file_id: "00000000-0000-4000-8000-000000000000" } }),
    answers: 422,
    hidden: true,
  },
  "trpc member.owner.leaseSigning.countersign": { allow: OWNER_A, input: (f) => ({ id: f.signing.requestId, consent: true, signature_name: "Matrix Owner" }), answers: 409, hidden: true },
  "trpc member.owner.leaseSigning.withdraw": { allow: OWNER_A, input: async (f) => ({ id: await f.signing.spareRequest() }), hidden: true },
  "trpc member.owner.leaseSigning.summaryGiven": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId, given_on: "2026-01-02" }), hidden: true },
  "trpc member.owner.leaseSigning.renewalCheck": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId, renewal: { start_date: "2031-01-01", rent_cents: 100_000 } }), hidden: true },
  "trpc member.owner.leaseSigning.renew": { allow: OWNER_A, input: async (f) => ({ id: await f.spareLease(), renewal: { start_date: "2031-01-01", rent_cents: 105_000 } }), hidden: true },
  "trpc member.owner.deposits.saveConditionReport": { allow: OWNER_A, input: async (f) => ({ id: await f.spareLease(), report: MATRIX_REPORT("move_out") }), hidden: true },
  "trpc member.owner.leases.inviteTenant": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId, tenantId: f.books.tenantId }), hidden: true },
  "trpc member.owner.leases.revokeTenantAccess": { allow: OWNER_A, input: async (f) => { const spare = await f.spareTenancy(); return { id: spare.id, tenantId: spare.tenantId }; }, hidden: true },
  "trpc member.owner.leases.documents": { allow: OWNER_A, input: (f) => ({ id: f.books.leaseId }), hidden: true },
  "trpc member.owner.maintenance.list": { allow: OWNERS_READ },
  "trpc member.owner.maintenance.get": { allow: OWNER_A, input: (f) => ({ id: f.care.ownerRequestId }), hidden: true },
  "trpc member.owner.maintenance.create": {
    allow: OWNER_A,
    input: (f) => ({ property_id: f.books.propertyId, title: "Matrix leak", description: "Drip", category: "plumbing" }),
    hidden: true,
  },
  "trpc member.owner.maintenance.move": { allow: OWNER_A, input: (f) => ({ id: f.care.ownerRequestId, to: "on_hold", note: "" }), hidden: true },
  "trpc member.owner.maintenance.comment": { allow: OWNER_A, input: (f) => ({ id: f.care.ownerRequestId, body: "Matrix" }), hidden: true },
  "trpc member.owner.maintenance.deletePhoto": { allow: OWNER_A, input: (f) => f.sparePhoto(), hidden: true },
  "trpc member.owner.maintenance.contractors": { allow: OWNER_A, input: (f) => ({ id: f.care.ownerRequestId }), hidden: true },
  "trpc member.owner.maintenance.assign": { allow: OWNER_A, input: (f) => ({ id: f.care.ownerRequestId, contractor_id: f.care.contractorId }), hidden: true },
  "trpc member.owner.payouts.status": { allow: OWNERS_READ },
  "trpc member.owner.payouts.connect": { allow: OWNERS_WRITE },
  "trpc member.owner.payouts.saveInstructions": { allow: OWNERS_WRITE, input: () => ({ payment_instructions: "Cash" }) },
  "trpc member.owner.rentRoll": { allow: OWNERS_READ },
  "trpc member.owner.importRentRoll": { allow: OWNERS_WRITE, input: () => ({ csv: "Property address,City,ZIP,Unit\n3 Matrix Way,Chicago,60601,1\n" }) },
  "trpc member.owner.export": { allow: OWNERS_READ },
  "trpc member.owner.expenses.categories": { allow: OWNERS_READ },
  "trpc member.owner.expenses.list": { allow: OWNERS_READ },
  "trpc member.owner.expenses.get": { allow: OWNER_A, input: (f) => ({ id: f.books.expenseId }), hidden: true },
  "trpc member.owner.expenses.create": { allow: OWNER_A, input: (f) => matrixExpense(f.books.propertyId), hidden: true },
  "trpc member.owner.expenses.update": { allow: OWNER_A, input: (f) => ({ id: f.books.expenseId, patch: { memo: "Matrix" } }), hidden: true },
  "trpc member.owner.expenses.remove": { allow: OWNER_A, input: async (f) => ({ id: await f.spareExpense() }), hidden: true },
  // The REST call before it removed the receipt.
  "trpc member.owner.expenses.removeReceipt": { allow: OWNER_A, input: (f) => ({ id: f.books.expenseId }), hidden: true, answers: 409 },
  "trpc member.owner.expenses.import": { allow: OWNERS_WRITE, input: () => ({ csv: MATRIX_BANK_CSV }) },
  "trpc member.owner.reports.monthly": { allow: OWNERS_READ },
  "trpc member.owner.reports.statements": { allow: OWNERS_READ },
  "trpc member.owner.reports.statement": { allow: OWNER_A, input: (f) => ({ id: f.books.statementId }), hidden: true },
  "trpc member.owner.reports.saveSettings": { allow: OWNERS_WRITE, input: () => ({ monthly_email: false }) },
  "trpc member.owner.reports.scheduleE": { allow: ["premium"] },
  "trpc member.evictions.list": { allow: OWNERS_READ },
  "trpc member.evictions.get": { allow: OWNER_A, input: (f) => ({ id: f.evictions.caseId }), hidden: true },
  "trpc member.evictions.open": { allow: OWNER_A, input: async (f) => ({ lease_id: await f.spareLease(), ground: "unpaid_rent", jurisdiction: "suburban_cook" }), hidden: true },
  "trpc member.evictions.addNotice": { allow: OWNER_A, input: (f) => ({ id: f.evictions.caseId, notice: { kind: "5_day" } }), hidden: true },
  "trpc member.evictions.recordService": {
    allow: OWNER_A,
    input: async (f) => ({ id: f.evictions.caseId, noticeId: await f.evictions.spareNotice(), served_on: MATRIX_TODAY(), service_method: "certified_mail", served_by: "Matrix Owner" }),
    hidden: true,
  },
  "trpc member.evictions.note": { allow: OWNER_A, input: (f) => ({ id: f.evictions.caseId, body: "Matrix note" }), hidden: true },
  "trpc member.evictions.move": { allow: OWNER_A, input: async (f) => ({ id: await f.evictions.spareUnpaidCase(), to: "closed", note: "" }), hidden: true },
  "trpc member.serviceJobs.list": { allow: OWNERS_READ },
  "trpc member.serviceJobs.get": { allow: OWNER_A, input: (f) => ({ id: f.evictions.jobId }), hidden: true },
  "trpc member.serviceJobs.create": { allow: ["premium"], input: () => ({ person_name: "Matrix Person", addresses: ["1 Matrix Way, Chicago"], due_on: "2030-01-01" }) },
  "trpc admin.evictions.list": { allow: ADMIN },
  "trpc admin.evictions.get": { allow: ADMIN, input: (f) => ({ id: f.evictions.caseId }) },
  "trpc admin.evictions.move": { allow: ADMIN, input: async (f) => ({ id: await f.evictions.spareCase(), to: "cured", note: "" }) },
  "trpc admin.evictions.court": { allow: ADMIN, input: (f) => ({ id: f.evictions.caseId, facts: { courtroom: `Room ${Math.floor(Math.random() * 2000)}` } }) },
  "trpc admin.evictions.note": { allow: ADMIN, input: (f) => ({ id: f.evictions.caseId, body: "Matrix staff note" }) },
  "trpc admin.evictions.recordService": {
    allow: ADMIN,
    input: async (f) => ({ id: f.evictions.caseId, noticeId: await f.evictions.spareNotice(), served_on: MATRIX_TODAY(), service_method: "personal", served_by: "Matrix Staff" }),
  },
  "trpc admin.serviceJobs.list": { allow: ADMIN },
  "trpc admin.serviceJobs.get": { allow: ADMIN, input: (f) => ({ id: f.evictions.jobId }) },
  "trpc admin.serviceJobs.move": { allow: ADMIN, input: async (f) => ({ id: await f.evictions.spareJob(), to: "assigned", server_name: "Matrix Server" }) },
  "trpc admin.serviceJobs.attempt": {
    allow: ADMIN,
    input: async (f) => ({ id: await f.evictions.spareAssignedJob(), attempted_at: new Date(Date.now() - 60_000).toISOString(), address: "1 Matrix Way", outcome: "bad_address" }),
  },
  "trpc member.owner.purchases.list": { allow: OWNERS_READ },
  "trpc member.owner.purchases.start": { allow: OWNERS_WRITE, input: () => ({ item: "tax_report", year: LAST_YEAR }), answers: { premium: 409 } },
  "trpc member.owner.services.staffAccess": { allow: OWNERS_READ },
  "trpc member.owner.services.revokeStaffAccess": { allow: OWNERS_READ },
  "trpc member.owner.services.grantStaffAccess": { allow: OWNERS_WRITE },
  "trpc member.owner.services.tickets.list": { allow: OWNERS_READ },
  "trpc member.owner.services.tickets.get": { allow: OWNER_A, input: (f) => ({ id: f.services.ticketId }), hidden: true },
  "trpc member.owner.services.tickets.open": { allow: OWNERS_WRITE, input: () => MATRIX_TICKET },
  "trpc member.owner.services.tickets.message": { allow: OWNER_A, input: (f) => ({ id: f.services.ticketId, body: "Matrix message" }), hidden: true },
  "trpc member.owner.services.bookkeeping.list": { allow: OWNERS_READ },
  "trpc member.owner.services.bookkeeping.get": { allow: ["premium"], input: (f) => ({ id: f.services.requestId }), hidden: true },
  "trpc member.owner.services.bookkeeping.file": { allow: OWNERS_WRITE, input: () => MATRIX_BOOKKEEPING, answers: { paid: 403, ownerB: 403 } },
  "trpc member.forum.categories": { allow: MEMBERS },
  "trpc member.forum.topics": { allow: MEMBERS, input: () => ({}) },
  "trpc member.forum.topic": { allow: MEMBERS, input: (f) => ({ id: f.community.topicId }) },
  "trpc member.forum.createTopic": { allow: MEMBERS, input: (f) => ({ category_id: f.community.categoryId, title: "Matrix topic title", body: "Matrix body" }) },
  "trpc member.forum.reply": { allow: MEMBERS, input: (f) => ({ topic_id: f.community.topicId, body: "Matrix reply" }) },
  "trpc member.forum.editPost": { allow: OWNER, input: async (f) => ({ id: await f.community.freshPost(), body: "Edited in the matrix" }) },
  "trpc member.forum.deletePost": { allow: OWNER, input: async (f) => ({ id: await f.community.freshPost() }) },
  "trpc member.forum.revisions": { allow: MEMBERS, input: (f) => ({ id: f.community.quietPostId }) },
  // Flagged already by the REST call before it; the author cannot flag their own.
  "trpc member.forum.flag": { allow: MEMBERS, input: (f) => ({ id: f.community.otherPostId, reason: "Matrix flag" }), answers: { basic: 409, paid: 409, ownerB: 409, premium: 409, downgraded: 409, other: 400 } },
  "trpc member.forum.watch": { allow: MEMBERS, input: (f) => ({ target: "topic", id: f.community.topicId, level: "watching" }) },
  "trpc member.forum.search": { allow: MEMBERS, input: () => ({ q: "matrix" }) },
  "trpc member.forum.mentions": { allow: MEMBERS, input: (f) => ({ q: "ma", topic_id: f.community.topicId }) },
  "trpc member.notifications.list": { allow: MEMBERS },
  "trpc member.notifications.markRead": { allow: MEMBERS },
  "trpc member.emailPreferences.get": { allow: MEMBERS },
  "trpc member.emailPreferences.save": { allow: MEMBERS, input: () => ({ legal_updates: true, webinars: true, forum_digest: false, forum_notifications: true }) },
  "trpc public.updates.list": { allow: ANYONE },
  "trpc public.updates.get": { allow: ANYONE, input: (f) => ({ slug: f.community.updateSlug }) },
  "trpc admin.updates.list": { allow: ADMIN },
  "trpc public.webinars.list": { allow: ANYONE },
  "trpc public.webinars.get": { allow: ANYONE, input: (f) => ({ id: f.community.webinarId }) },
  "trpc member.webinars.register": { allow: MEMBERS, input: (f) => ({ id: f.community.webinarId }) },
  "trpc member.webinars.cancel": { allow: MEMBERS, input: (f) => ({ id: f.community.webinarId }) },
  "trpc admin.webinars.list": { allow: ADMIN },
  "trpc member.contractors.search": { allow: MEMBERS, input: () => ({}) },
  "trpc member.contractors.get": { allow: MEMBERS, input: (f) => ({ id: f.community.contractorId }) },
  "trpc member.contractors.mine": { allow: MEMBERS },
  "trpc member.contractors.saveProfile": { allow: MEMBERS, input: () => ({ business_name: "Matrix Builders", trades: ["Carpentry"] }) },
  "trpc member.contractors.review": { allow: REVIEWERS, input: (f) => ({ id: f.community.contractorId, rating: 4, body: "Matrix review text" }) },
  // The REST call before it answered the review; an answer is given once.
  "trpc member.contractors.reply": { allow: ["paid"], input: (f) => ({ id: f.community.reviewId, reply: "Thanks" }), answers: 409 },
  "trpc member.contractors.introduce": { allow: MEMBERS, input: (f) => ({ id: f.community.contractorId, message: "Matrix job request" }), answers: { paid: 400 } },
  "trpc admin.directory.list": { allow: ADMIN },
  "trpc admin.directory.verify": { allow: ADMIN, input: (f) => ({ id: f.community.contractorId, status: "approved" }) },
  "trpc admin.directory.moderateReview": { allow: ADMIN, input: (f) => ({ id: f.community.reviewId, hidden: false, reason: "Matrix check" }) },
  "trpc admin.webinars.create": { allow: ADMIN, input: () => ({ title: "Matrix webinar", starts_at: "2030-01-01T18:00:00Z", ends_at: "2030-01-01T19:00:00Z", capacity: 10 }) },
  "trpc admin.webinars.change": { allow: ADMIN, input: (f) => ({ id: f.community.webinarId, capacity: 20 }) },
  "trpc admin.webinars.registrations": { allow: ADMIN, input: (f) => ({ id: f.community.webinarId }) },
  "trpc admin.webinars.markAttendance": { allow: ADMIN, input: (f) => ({ id: f.community.webinarId, member_ids: [] }), answers: 409 },
  "trpc admin.updates.create": { allow: ADMIN, input: () => ({ title: "Matrix draft", body: "Text", visibility: "members", status: "draft" }) },
  "trpc admin.updates.change": { allow: ADMIN, input: (f) => ({ id: f.community.updateId, excerpt: "Changed" }) },
  "trpc admin.forum.categories": { allow: ADMIN },
  "trpc admin.forum.topics": { allow: ADMIN, input: () => ({}) },
  "trpc admin.forum.topic": { allow: ADMIN, input: (f) => ({ id: f.community.topicId }) },
  "trpc admin.forum.createTopic": { allow: ADMIN, input: (f) => ({ category_id: f.community.categoryId, title: "Matrix staff topic", body: "Matrix body" }) },
  "trpc admin.forum.flags": { allow: ADMIN },
  "trpc admin.forum.moderate": { allow: ADMIN, input: (f) => ({ topic_id: f.community.topicId, action: "pin", reason: "Matrix check" }) },
  "trpc admin.me": { allow: ADMIN },
  "trpc admin.dashboard.stats": { allow: ADMIN },
  "trpc admin.dashboard.charts": { allow: ADMIN },
  "trpc admin.members.list": { allow: ADMIN },
  "trpc admin.members.contractors": { allow: ADMIN },
  "trpc admin.members.get": { allow: ADMIN, input: basicMember },
  "trpc admin.members.setActive": { allow: ADMIN, input: async (f) => ({ id: await f.victim(), is_active: false }) },
  "trpc admin.members.resetPassword": { allow: ADMIN, input: async (f) => ({ id: await f.victim() }) },
  "trpc admin.members.delete": { allow: ADMIN, input: async (f) => ({ id: await f.victim() }) },
  "trpc admin.members.sendPaymentLink": { allow: ADMIN, input: async (f) => ({ id: await f.unpaidSigner() }) },
  "trpc admin.applications.list": { allow: ADMIN },
  "trpc admin.contracts.list": { allow: ADMIN },
  "trpc admin.contracts.get": { allow: ADMIN, input: (f) => ({ id: f.basic.contractId }) },
  "trpc admin.contracts.resendEmail": { allow: ADMIN, input: (f) => ({ id: f.basic.contractId }) },
  "trpc admin.payments.list": { allow: ADMIN },
  "trpc admin.data.overview": { allow: ADMIN },
  "trpc admin.data.cleanupTestData": { allow: ADMIN },
  "trpc admin.records.auditLog": { allow: ADMIN },
  "trpc admin.records.outbox": { allow: ADMIN },
  "trpc admin.records.outboxMessage": { allow: ADMIN, input: (f) => ({ id: f.outboxId }) },
  "trpc admin.billing.testClock": { allow: ADMIN },
  "trpc admin.billing.advanceTestClock": { allow: ADMIN, input: () => ({ days: 0.01 }) },
  "trpc admin.billing.setRenewalFailure": { allow: ADMIN, input: (f) => ({ subscription_id: f.testSubscriptionId, fail: false }) },
  "trpc admin.payments.purchases": { allow: ADMIN },
  // The staff workspace: owner A granted staff access (owner B did not: see the test below the table).
  "trpc admin.ownerBooks.owners": { allow: ADMIN },
  // A file owner A sent with a ticket (the fixture's ticket carries one).
  "GET /api/admin/services/files/:id": { allow: ADMIN, params: (f) => ({ id: f.services.ticketFileId }) },
  "trpc admin.ownerBooks.books": { allow: ADMIN, input: (f) => ({ owner_id: f.paid.memberId }) },
  "trpc admin.ownerBooks.addExpense": { allow: ADMIN, input: (f) => ({ owner_id: f.paid.memberId, expense: matrixExpense(f.books.propertyId) }) },
  "trpc admin.ownerBooks.updateExpense": { allow: ADMIN, input: (f) => ({ owner_id: f.paid.memberId, id: f.books.expenseId, patch: { memo: "Staff memo" } }) },
  "trpc admin.ownerBooks.ledger": { allow: ADMIN, input: (f) => ({ owner_id: f.paid.memberId, lease_id: f.books.leaseId }) },
  "trpc admin.ownerBooks.recordPayment": {
    allow: ADMIN,
    input: (f) => ({ owner_id: f.paid.memberId, lease_id: f.books.leaseId, payment: { amount_cents: 100, paid_on: "2026-01-15", method: "cash" } }),
  },
  "trpc admin.ownerBooks.recordCharge": {
    allow: ADMIN,
    input: (f) => ({ owner_id: f.paid.memberId, lease_id: f.books.leaseId, charge: { kind: "fee", amount_cents: 100, date: "2026-01-15", description: "Staff fee" } }),
  },
  "trpc admin.ownerBooks.voidEntry": { allow: ADMIN, input: async (f) => ({ owner_id: f.paid.memberId, entry_id: await f.spareEntry(), reason: "Staff void" }) },
  "trpc admin.support.queue": { allow: ADMIN },
  "trpc admin.support.get": { allow: ADMIN, input: (f) => ({ id: f.services.ticketId }) },
  "trpc admin.support.reply": { allow: ADMIN, input: (f) => ({ id: f.services.ticketId, body: "Matrix reply" }) },
  "trpc admin.support.close": { allow: ADMIN, input: async (f) => ({ id: await f.services.spareTicket() }) },
  "trpc admin.bookkeeping.queue": { allow: ADMIN },
  "GET /api/admin/deposit-interest-rates": { allow: ADMIN },
  "POST /api/admin/deposit-interest-rates": { allow: ADMIN, input: () => ({ rule_set: "cook_county", year: 2020, rate_percent: "0.01", source: "Matrix notice" }) },
  "trpc admin.depositRates.list": { allow: ADMIN },
  "trpc admin.depositRates.add": { allow: ADMIN, input: () => ({ rule_set: "cook_county", year: 2021, rate_percent: "0.01", source: "Matrix notice" }) },
  "trpc admin.bookkeeping.complete": { allow: ADMIN, input: async (f) => ({ id: await f.services.spareRequest(), note: "Matrix done" }) },
  "trpc admin.billing.refundRentPayment": { allow: ADMIN, input: (f) => ({ rent_payment_id: f.care.rentPaymentId, amount_cents: 1 }) },
  ...demoEntries(),
};

/**
 * The live demo (PORTAL.md 1) serves the owner portal's REST routes again under /api/demo/portal
 * and its tRPC procedures at /api/demo/trpc, where whoever calls is the demo visitor: every read
 * answers the sample books to anyone (ids of the sample books), every write is refused to everyone,
 * and the ids of owner A's records that have no sample counterpart answer 404 as if they did not exist.
 */
function demoEntries(): Record<string, Entry> {
  const sampleId: Record<string, (f: Fixture) => string> = {
    properties: (f) => f.demo.propertyId,
    leases: (f) => f.demo.leaseId,
    maintenance: (f) => f.demo.requestId,
    expenses: (f) => f.demo.expenseId,
    evictions: (f) => f.demo.caseId,
  };
  /** Owner A's records behind the routes that name something the sample books do not have. */
  const ownerAId: Record<string, (f: Fixture) => string> = { files: (f) => f.care.fileId, reports: (f) => f.books.statementId, "service-jobs": (f) => f.evictions.jobId };
  const entries: Record<string, Entry> = {};
  for (const route of demoPortalRoutes.flatMap((routes) => routes.routes)) {
    if (route.method === "ALL") continue;
    const key = `${route.method} /api/demo/portal${route.path}`;
    const resource = route.path.split("/")[1]!;
    if (route.method !== "GET") entries[key] = { allow: [] };
    // A receipt of a payment on the sample books.
    else if (route.path.includes(":entryId")) entries[key] = { allow: ANYONE, params: (f) => ({ entryId: f.demo.paymentEntryId }) };
    // The notice of the sample eviction case.
    else if (route.path.includes(":notice_id")) entries[key] = { allow: ANYONE, params: (f) => ({ id: f.demo.caseId, notice_id: f.demo.noticeId }) };
    else if (!route.path.includes(":id")) entries[key] = { allow: ANYONE };
    else if (sampleId[resource]) entries[key] = { allow: ANYONE, params: (f) => ({ id: sampleId[resource]!(f) }) };
    else entries[key] = { allow: [], hidden: true, params: (f) => ({ id: ownerAId[resource]!(f) }) };
  }
  const procedureIds: Record<string, (f: Fixture) => unknown> = {
    "member.owner.properties.get": (f) => ({ id: f.demo.propertyId }),
    "member.owner.leases.get": (f) => ({ id: f.demo.leaseId }),
    "member.owner.leases.ledger": (f) => ({ id: f.demo.leaseId }),
    "member.owner.leases.documents": (f) => ({ id: f.demo.leaseId }),
    "member.owner.deposits.get": (f) => ({ id: f.demo.leaseId }),
    "member.owner.deposits.conditionReports": (f) => ({ id: f.demo.leaseId }),
    "member.owner.leaseSigning.list": (f) => ({ id: f.demo.leaseId }),
    "member.owner.search": () => ({ q: "Loomis" }),
    // A renewal the day after the sample lease starts: a date its term allows, whatever its end.
    "member.owner.leaseSigning.renewalCheck": async (f) => {
      const { leases } = await import("../../src/server/db/schema.ts");
      const [lease] = await t.services.db.select({ startDate: leases.startDate }).from(leases).where(eq(leases.id, f.demo.leaseId));
      const next = new Date(`${lease!.startDate}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      return { id: f.demo.leaseId, renewal: { start_date: next.toISOString().slice(0, 10), rent_cents: 100_000 } };
    },
    "member.owner.maintenance.get": (f) => ({ id: f.demo.requestId }),
    "member.owner.maintenance.contractors": (f) => ({ id: f.demo.requestId }),
    "member.owner.expenses.get": (f) => ({ id: f.demo.expenseId }),
    "member.evictions.get": (f) => ({ id: f.demo.caseId }),
  };
  /** Owner A's records named by procedures the sample books have nothing for: they answer 404 there. */
  const ownerARecord: Record<string, (f: Fixture) => unknown> = {
    "member.owner.reports.statement": (f) => ({ id: f.books.statementId }),
    "member.serviceJobs.get": (f) => ({ id: f.evictions.jobId }),
    "member.owner.services.tickets.get": (f) => ({ id: f.services.ticketId }),
    "member.owner.services.bookkeeping.get": (f) => ({ id: f.services.requestId }),
  };
  for (const procedure of demoTrpcProcedures()) {
    const key = `demo-trpc ${procedure.path}`;
    if (procedure.type !== "query") entries[key] = { allow: [] };
    else if (ownerARecord[procedure.path]) entries[key] = { allow: [], hidden: true, input: ownerARecord[procedure.path] };
    else entries[key] = { allow: ANYONE, input: procedureIds[procedure.path] };
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let fixture: Fixture;
let adminId: string;

async function credentials(role: Role): Promise<Record<string, string>> {
  const now = t.services.now();
  const db = t.services.db;
  switch (role) {
    case "anonymous":
      return {};
    case "applicant":
      return { cookie: `lpa_applicant=${fixture.applicantToken}` };
    case "admin":
      return { cookie: `lpa_admin=${(await createSession(db, { kind: "admin", adminId }, now)).token}` };
    case "tenant":
    case "tenantB":
      return { cookie: `lpa_tenant=${(await createSession(db, { kind: "tenant", tenantAccountId: fixture[role].accountId }, now)).token}` };
    default: {
      // A fresh session per request, so a logout under test ends only its own.
      const memberId = fixture[role].memberId;
      return { cookie: `lpa_member=${(await createSession(db, { kind: "member", memberId }, now)).token}` };
    }
  }
}

let calls = 0;
/** What the entry says a rightful caller is answered, if not a success. */
const answerFor = (entry: Entry, role: Role): number | undefined => (typeof entry.answers === "number" ? entry.answers : entry.answers?.[role]);

async function call(key: string, role: Role): Promise<{ status: number; body: string }> {
  const entry = MATRIX[key]!;
  // Each call comes from an address of its own, as different people would: the per-address rate
  // limits are the security tests' subject, not this one's.
  calls += 1;
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    "content-type": "application/json",
    "x-forwarded-for": `10.77.${(calls >> 8) & 255}.${calls & 255}`,
    ...(await credentials(role)),
  };
  if (key.startsWith("trpc ") || key.startsWith("demo-trpc ")) {
    const demo = key.startsWith("demo-trpc ");
    const path = key.slice(key.indexOf(" ") + 1);
    const endpoint = demo ? "/api/demo/trpc" : "/trpc";
    const type = (demo ? demoTrpcProcedures() : trpcProcedures()).find((p) => p.path === path)!.type;
    const input = entry.input ? await entry.input(fixture) : undefined;
    const res =
      type === "query"
        ? await t.app.request(`${endpoint}/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
        : await t.app.request(`${endpoint}/${path}`, { method: "POST", headers, body: JSON.stringify(input ?? {}) });
    return { status: res.status, body: await res.text() };
  }
  const [method, pattern] = key.split(" ") as [string, string];
  const params = entry.params ? await entry.params(fixture) : {};
  const path =
    pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "00000000-0000-4000-8000-000000000000")) +
    (entry.query ? `?${entry.query(fixture)}` : "");
  let body: string | FormData | undefined = method === "GET" || method === "DELETE" ? undefined : JSON.stringify(entry.input ? await entry.input(fixture) : {});
  if (entry.file) {
    const form = new FormData();
    for (const [name, value] of Object.entries(entry.file)) form.set(name, value);
    form.set("file", new File([PNG_BYTES as Uint8Array<ArrayBuffer>], "matrix.png", { type: "image/png" }));
    body = form;
    delete headers["content-type"];
  }
  const res = await t.app.request(path, { method, headers, body });
  return { status: res.status, body: await res.text() };
}


/** A topic by the other member in Landlord Q&A, and fresh posts by the basic member to edit or delete. */
async function communityFixture(basicId: string, otherId: string, paidEmail: string, paidClient: ApiClient): Promise<Fixture["community"]> {
  const { createTopic, createPost } = await import("../../src/server/domain/community/forum.ts");
  const [other] = await t.services.db.select().from(members).where(eq(members.id, otherId));
  const [basic] = await t.services.db.select().from(members).where(eq(members.id, basicId));
  // Older than a day: the new-member posting interval is the forum tests' subject, not this one's.
  const old = new Date(t.services.now().getTime() - 3 * 24 * 3600_000);
  for (const row of [other!, basic!]) row.createdAt = old;
  await t.services.db.update(members).set({ createdAt: old });
  const [category] = await t.services.db.select().from(forumCategories).where(eq(forumCategories.slug, "landlord-qa"));
  const topic = await createTopic(t.services, { kind: "member", member: other! }, { category_id: category!.id, title: "Matrix topic", body: "Matrix first post" });
  const { createUpdate } = await import("../../src/server/domain/community/updates.ts");
  const [admin] = await t.services.db.select().from(adminUsers).limit(1);
  const update = await createUpdate(t.services, { admin: admin!, ip: null }, { title: "Matrix update", excerpt: "", body: "Text", visibility: "paid", tags: [], status: "published", send_email: false });
  const { createWebinar } = await import("../../src/server/domain/community/webinars.ts");
  const webinar = await createWebinar(t.services, { admin: admin!, ip: null }, { title: "Matrix webinar", description: "", starts_at: "2030-01-01T18:00:00Z", ends_at: "2030-01-01T19:00:00Z", capacity: 50, audience: "members", join_url: "", announce: false });
  // The paid member runs a verified business; the other member has reviewed it.
  const { saveContractorProfile, verifyContractor, reviewContractor } = await import("../../src/server/domain/community/contractors.ts");
  const [paid] = await t.services.db.select().from(members).where(eq(members.email, paidEmail));
  const listing = await saveContractorProfile(t.services, { kind: "member", member: paid! }, { business_name: "Matrix Roofing", description: "", trades: ["Roofing"], counties: ["Cook"], zips: [], phone: "", email: "", credentials: [] });
  await verifyContractor(t.services, { admin: admin!, ip: null }, listing.id, { status: "approved", note: "" });
  const review = await reviewContractor(t.services, { kind: "member", member: other! }, listing.id, { rating: 5, body: "Matrix review of the roof" });
  const certificate = async () =>
    (await paidClient.upload("/api/contractors/me/documents", { name: "licence.png", bytes: PNG_BYTES, type: "image/png" }, { title: "Matrix licence" })).body.id as string;
  const quiet = await createPost(t.services, { kind: "member", member: other! }, topic.id, { body: "A quiet matrix post" });
  return {
    contractorId: listing.id,
    reviewId: review.id,
    webinarId: webinar.id,
    updateId: update.id,
    updateSlug: update.slug,
    categoryId: category!.id,
    topicId: topic.id,
    otherPostId: topic.post_id,
    quietPostId: quiet.id,
    documentId: await certificate(),
    spareDocument: certificate,
    freshPost: async () => {
      // Nine callers try each edit and delete: the hourly posting limit is the forum tests' subject.
      await t.services.db.delete(rateLimits).where(eq(rateLimits.key, rateLimitKey(POSTS_PER_HOUR, basic!.id)));
      return (await createPost(t.services, { kind: "member", member: basic! }, topic.id, { body: "A post to change" })).id;
    },
  };
}

async function memberIdOf(email: string): Promise<string> {
  const [row] = await t.services.db.select({ id: members.id }).from(members).where(eq(members.email, email));
  return row!.id;
}

/**
 * The matrix for some of the callers (a test file per group, run side by side): the fixture, the
 * calls of those callers, and with `coverage` the checks that every route has an entry.
 */
export function defineMatrix(roles: Role[], options: { coverage: boolean }) {
  if (options.coverage) {
    // The group files together call as every role: a role left out of all of them is untested.
    const grouped = ["visitors-and-members", "owners", "tenants", "staff"]
      .map((name) => readFileSync(new URL(`../api/authorization-matrix-${name}.test.ts`, import.meta.url), "utf8"))
      .join("\n");
    test("the group files together call as every role", () => {
      expect(ROLES.filter((role) => !grouped.includes(`"${role}"`))).toEqual([]);
    });
  }
  beforeAll(async () => {
    t = await createTestApp();
    const basic = await applyAndSign(t.client(), "Basic");
    const basicClient = t.client();
    basicClient.cookies.set("lpa_member", (await createSession(t.services.db, { kind: "member", memberId: await memberIdOf(basic.email) }, t.services.now())).token);
    const started = await basicClient.post("/api/upgrades/initiate", {
      current_membership_level: "Basic",
      target_membership_level: "Standard",
      billing_frequency: "monthly",
      member_email: basic.email,
    });
    const checkoutSessionId = String(started.body?.checkout_url ?? "").match(/session_id=([^&]+)/)?.[1] ?? String(started.body?.checkout_url ?? "").split("/").pop() ?? "";
    const other = await applyAndSign(t.client(), "Basic");
    const paid = await applyAndSign(t.client(), "Standard");
    // Paid members and owners: the payment itself is the billing tests' subject; here only the level matters.
    await t.services.db.update(members).set({ status: "active" }).where(eq(members.email, paid.email));
    const ownerB = await applyAndSign(t.client(), "Standard");
    const premium = await applyAndSign(t.client(), "Premium");
    const downgraded = await applyAndSign(t.client(), "Standard");
    await t.services.db.update(members).set({ status: "active" }).where(inArray(members.email, [ownerB.email, premium.email, downgraded.email]));
    const asMember = async (email: string) => {
      const client = t.client();
      client.cookies.set("lpa_member", (await createSession(t.services.db, { kind: "member", memberId: await memberIdOf(email) }, t.services.now())).token);
      return client;
    };
    const ownerA = await asMember(paid.email);
    const premiumOwner = await asMember(premium.email);
    const newProperty = async (client = ownerA) => {
      const res = await client.post("/api/portal/properties", {
        address: { line1: `${Math.floor(Math.random() * 9000) + 100} W Matrix St`, city: "Chicago", zip: "60601" },
        property_type: "multi_family",
        units: [{ label: "1" }, { label: "2" }],
      });
      return res.body as { id: string; units: { id: string }[] };
    };
    const newLease = async (unitId: string) => (await ownerA.post("/api/portal/leases", matrixLease(unitId))).body.id as string;
    const property = await newProperty();
    // Tenants: tenant A on a lease of owner A's, tenant B on owner B's, each signed in by their invitation.
    const tenantOf = async (owner: ApiClient, unitId: string, name: string) => {
      const email = `${name}.${Date.now()}@tenants.example.net`;
      const lease = await owner.post("/api/portal/leases", { ...matrixLease(unitId), tenants: [{ first_name: name, last_name: "Tenant", email }] });
      await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${lease.body.tenants[0].id}/invite`);
      const client = t.client();
      const signed = await client.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, email, "tenant_invite") });
      return { leaseId: lease.body.id as string, tenantId: lease.body.tenants[0].id as string, client, accountId: signed.body.tenant.id as string, email };
    };
    // Owner A's lease that the routes name is tenant A's.
    const tenantA = await tenantOf(ownerA, property.units[0]!.id, "matrixa");
    const leaseId = tenantA.leaseId;
    const ownerBClient = await asMember(ownerB.email);
    const tenantB = await tenantOf(ownerBClient, (await newProperty(ownerBClient)).units[0]!.id, "matrixb");
    // Owner A takes rent online (test provider); tenant A started a payment.
    const onboarding = await ownerA.post("/api/portal/payouts");
    await trpcCall(ownerA, "mutation", "public.testProvider.completeOnboarding", { account: onboarding.body.account_id });
    const rentStarted = await tenantA.client.post(`/api/tenant/leases/${tenantA.leaseId}/pay`, { amount_cents: 100 });
    const rentPaymentId = rentStarted.body.rent_payment_id as string;
    // Tenant A started an autopay setup.
    const autopayId = (await tenantA.client.post(`/api/tenant/leases/${tenantA.leaseId}/autopay`, { limit_cents: 150_000 })).body.autopay_id as string;
    // Paid by test card, so an admin can refund a cent of it.
    await trpcCall(tenantA.client, "mutation", "public.testProvider.payRent", { session_id: sessionIdOf(rentStarted.body.checkout_url), method: "card", card_number: "4242424242424242" });
    // A member who paid Standard by test card: a running subscription of the test provider.
    const subscriber = t.client();
    const subscribed = await applyAndSign(subscriber, "Standard");
    const checkout = await subscriber.post(`/api/membership/initiate-payment/${subscribed.applicationId}`, { billing_frequency: "monthly" });
    await trpcCall(subscriber, "mutation", "public.testProvider.pay", { session_id: sessionIdOf(checkout.body.checkout_url), card_number: "4242424242424242" });
    const [subscription] = await t.services.db.select({ id: subscriptions.providerSubscriptionId }).from(subscriptions).where(eq(subscriptions.memberId, await memberIdOf(subscribed.email)));
    const ownerRequest = await ownerA.post("/api/portal/maintenance", { property_id: property.id, title: "Matrix gutter", description: "Clogged", category: "other" });
    const tenantRequest = await tenantA.client.post("/api/tenant/maintenance", { lease_id: tenantA.leaseId, title: "Matrix sink", description: "Drip", category: "plumbing" });
    const photo = await tenantA.client.upload(`/api/tenant/maintenance/${tenantRequest.body.id}/photos`, { name: "sink.png", bytes: PNG_BYTES });
    const fileId = photo.body.timeline.at(-1).file.id as string;
    // The basic member is listed in the skills network (introductions); a verified general contractor
    // of the directory serves owner A's property, whose request is of category "other".
    const basicLister = await asMember(basic.email);
    await basicLister.put("/api/portal/skills/profile", { specialty_skills: ["General Contractor"], skills_listed: true });
    const handyman = await applyAndSign(t.client(), "Basic", { first_name: "Matrix", last_name: "Handyman" });
    const [handymanRow] = await t.services.db.select().from(members).where(eq(members.email, handyman.email));
    const { saveContractorProfile, verifyContractor } = await import("../../src/server/domain/community/contractors.ts");
    const handymanListing = await saveContractorProfile(t.services, { kind: "member", member: handymanRow! }, { business_name: "Matrix Handyman Co", description: "", trades: ["General Contractor"], counties: ["Cook"], zips: ["60601"], phone: "", email: "", credentials: [] });
    const [firstAdmin] = await t.services.db.select().from(adminUsers).limit(1);
    await verifyContractor(t.services, { admin: firstAdmin!, ip: null }, handymanListing.id, { status: "approved", note: "" });
    const entryId = (await ownerA.get(`/api/portal/leases/${leaseId}/ledger`)).body.entries[0].id as string;
    const expenseId = (await ownerA.post("/api/portal/expenses", matrixExpense(property.id))).body.id as string;
    // Owner A's statement of this month, kept as the job keeps it on the 1st of the next.
    const { closeMonthlyStatements } = await import("../../src/server/domain/portal/reports.ts");
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    await closeMonthlyStatements(t.services, nextMonth);
    const { ownerStatements } = await import("../../src/server/db/schema.ts");
    const [statement] = await t.services.db.select({ id: ownerStatements.id }).from(ownerStatements).where(eq(ownerStatements.ownerId, await memberIdOf(paid.email)));
    // Owner A's eviction case on tenant A's lease, paid (the provider's event is the eviction tests' subject).
    const { evictionCases, serviceJobs } = await import("../../src/server/db/schema.ts");
    const paidCase = async (lease: string) => {
      const opened = await ownerA.post("/api/portal/evictions", { lease_id: lease, ground: "unpaid_rent", jurisdiction: "chicago" });
      await t.services.db.update(evictionCases).set({ paidAt: t.services.now() }).where(eq(evictionCases.id, opened.body.id));
      return opened.body.id as string;
    };
    const caseId = await paidCase(leaseId);
    const { evictionNotices } = await import("../../src/server/db/schema.ts");
    // Each spare is made again only once a caller has used it: the refused callers leave it as it was.
    const reusable = (make: () => Promise<string>, unused: (id: string) => Promise<boolean>) => {
      let last: string | null = null;
      return async () => (last && (await unused(last)) ? last : (last = await make()));
    };
    const stateOf = async (id: string) => (await t.services.db.select({ state: serviceJobs.state }).from(serviceJobs).where(eq(serviceJobs.id, id)))[0]!.state;
    const spareNotice = reusable(
      async () => (await ownerA.post(`/api/portal/evictions/${caseId}/notices`, { kind: "5_day" })).body.id as string,
      async (id) => (await t.services.db.select({ servedOn: evictionNotices.servedOn }).from(evictionNotices).where(eq(evictionNotices.id, id)))[0]!.servedOn === null,
    );
    const noticeId = await spareNotice();
    const caseDocument = await ownerA.upload(`/api/portal/evictions/${caseId}/documents`, { name: "lease.png", bytes: PNG_BYTES });
    const newJob = async () =>
      (await ownerA.post("/api/portal/service-jobs", { eviction_case_id: caseId, notice_id: noticeId, person_name: "Matrix Tenant", addresses: ["1 Matrix Way"], due_on: "2030-01-01" })).body
        .id as string;
    const evictions: Fixture["evictions"] = {
      caseId,
      noticeId: (await ownerA.post(`/api/portal/evictions/${caseId}/notices`, { kind: "5_day" })).body.id as string,
      fileId: caseDocument.body.documents[0].id as string,
      jobId: await newJob(),
      spareCase: reusable(
        async () => paidCase(await newLease((await newProperty()).units[0]!.id)),
        async (id) => (await t.services.db.select({ stage: evictionCases.stage }).from(evictionCases).where(eq(evictionCases.id, id)))[0]!.stage === "notice_prepared",
      ),
      spareUnpaidCase: reusable(
        async () => (await ownerA.post("/api/portal/evictions", { lease_id: await newLease((await newProperty()).units[0]!.id), ground: "unpaid_rent" })).body.id as string,
        async (id) => (await t.services.db.select({ open: evictionCases.open }).from(evictionCases).where(eq(evictionCases.id, id)))[0]!.open,
      ),
      spareNotice,
      spareJob: reusable(newJob, async (id) => (await stateOf(id)) === "received"),
      spareAssignedJob: reusable(
        async () => {
          const id = await newJob();
          await t.services.db.update(serviceJobs).set({ state: "assigned", serverName: "Matrix Server" }).where(eq(serviceJobs.id, id));
          return id;
        },
        async (id) => (await stateOf(id)) === "assigned",
      ),
    };
    // Owner A sends tenant A's lease for signature (a Chicago lease: with the City's two summaries).
    const summaryPdf = async () =>
      (await ownerA.upload(`/api/portal/leases/${leaseId}/documents`, { name: "summary.pdf", bytes: await pdfBytes("City summary") }, { title: "City summary" })).body.file.id as string;
    const summaries = { rlto_summary_file_id: await summaryPdf(), interest_rate_summary_file_id: await summaryPdf() };
    const sendLease = async (lease: string) =>
      (await ownerA.post(`/api/portal/leases/${lease}/signature-requests`, { document: "template", notice_address: "1 Matrix Way, Chicago, IL 60601", ...summaries })).body.id as string;
    const { leaseSignatureRequests } = await import("../../src/server/db/schema.ts");
    const signing: Fixture["signing"] = {
      requestId: await sendLease(leaseId),
      spareRequest: reusable(
        async () => sendLease((await ownerA.post("/api/portal/leases", { ...matrixLease((await newProperty()).units[0]!.id), tenants: [{ first_name: "matrixa", last_name: "Tenant", email: tenantA.email }] })).body.id),
        async (id) => (await t.services.db.select({ status: leaseSignatureRequests.status }).from(leaseSignatureRequests).where(eq(leaseSignatureRequests.id, id)))[0]!.status === "sent",
      ),
    };
    // A former owner, now Basic, with books of their own.
    await newProperty(await asMember(downgraded.email));
    await t.services.db.update(members).set({ membershipLevel: "Basic" }).where(eq(members.email, downgraded.email));
    const pending = await applyForMembership(t.services, ZApplyRequestSchema.parse(applicationPayload()), { ip: null, userAgent: null });
    const [doc] = await t.services.db.select({ id: documents.id }).from(documents).limit(1);
    const [mail] = await t.services.db.select({ id: emailOutbox.id }).from(emailOutbox).limit(1);
    const [admin] = await t.services.db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
    adminId = admin!.id;
    fixture = {
      basic: { memberId: await memberIdOf(basic.email), email: basic.email, applicationId: basic.applicationId, contractId: basic.contractId, checkoutSessionId },
      other: { memberId: await memberIdOf(other.email), email: other.email },
      paid: { memberId: await memberIdOf(paid.email), email: paid.email },
      ownerB: { memberId: await memberIdOf(ownerB.email), email: ownerB.email },
      premium: { memberId: await memberIdOf(premium.email), email: premium.email },
      downgraded: { memberId: await memberIdOf(downgraded.email), email: downgraded.email },
      books: { propertyId: property.id, unitId: property.units[0]!.id, leaseId, entryId, tenantId: tenantA.tenantId, expenseId, statementId: statement!.id },
      tenant: { accountId: tenantA.accountId },
      signing,
      tenantB: { accountId: tenantB.accountId },
      care: {
        contractorId: handymanListing.id,
        ownerRequestId: ownerRequest.body.id,
        tenantRequestId: tenantRequest.body.id,
        fileId,
        rentPaymentId,
        autopayId,
        paymentEntryId: ((await ownerA.get(`/api/portal/leases/${leaseId}/ledger`)).body.entries as { id: string; kind: string }[]).find((e) => e.kind === "payment")!.id,
      },
      spareProperty: async () => (await newProperty()).id,
      spareUnit: async () => (await newProperty()).units[0]!.id,
      spareLease: async () => newLease((await newProperty()).units[0]!.id),
      spareExpense: async () => (await ownerA.post("/api/portal/expenses", matrixExpense(property.id))).body.id as string,
      spareTenancy: async () => {
        const lease = await ownerA.post("/api/portal/leases", matrixLease((await newProperty()).units[0]!.id));
        return { id: lease.body.id as string, tenantId: lease.body.tenants[0].id as string };
      },
      sparePhoto: async () => {
        const added = await ownerA.upload(`/api/portal/maintenance/${ownerRequest.body.id}/photos`, { name: "spare.png", bytes: PNG_BYTES });
        return { id: ownerRequest.body.id as string, fileId: added.body.timeline.at(-1).file.id as string };
      },
      spareInvitation: async () => {
        // A landlord of its own each time: once tenant A accepts a landlord, that landlord's next invitation needs no answer.
        const landlord = await applyAndSign(t.client(), "Standard");
        await t.services.db.update(members).set({ status: "active" }).where(eq(members.email, landlord.email));
        const client = await asMember(landlord.email);
        const lease = await client.post("/api/portal/leases", { ...matrixLease((await newProperty(client)).units[0]!.id), tenants: [{ first_name: "Matrix", last_name: "Again", email: tenantA.email }] });
        await clearRateLimit(t.services.db, TENANT_LIMITS.invitesPerAddress, tenantA.email.toLowerCase());
        await client.post(`/api/portal/leases/${lease.body.id}/tenants/${lease.body.tenants[0].id}/invite`);
        return lease.body.tenants[0].id as string;
      },
      spareEntry: async () => {
        const paidEntry = await ownerA.post(`/api/portal/leases/${leaseId}/payments`, { amount_cents: 100, paid_on: "2026-01-10", method: "cash" });
        return paidEntry.body.entry.id as string;
      },
      pendingApplicationId: pending.applicationId,
      applicantToken: pending.session.token,
      documentId: doc?.id ?? "00000000-0000-4000-8000-000000000000",
      outboxId: mail!.id,
      victim: async () => memberIdOf((await applyAndSign(t.client(), "Basic")).email),
      unpaidSigner: async () => memberIdOf((await applyAndSign(t.client(), "Standard")).email),
      testSubscriptionId: subscription!.id!,
      evictions,
      conditionReports: {
        moveInId: (await ownerA.post(`/api/portal/leases/${leaseId}/condition-reports`, MATRIX_REPORT("move_in"))).body.id as string,
        moveOutId: (await ownerA.post(`/api/portal/leases/${leaseId}/condition-reports`, MATRIX_REPORT("move_out"))).body.id as string,
      },
      services: {
        granted: (await ownerA.put("/api/portal/staff-access")).status,
        ...(await (async () => {
          const ticketId = (await ownerA.post("/api/portal/support/tickets", MATRIX_TICKET)).body.id as string;
          const withFile = await ownerA.upload(`/api/portal/support/tickets/${ticketId}/files`, { name: "matrix.png", bytes: PNG_BYTES });
          return { ticketId, ticketFileId: withFile.body.messages.at(-1).files[0].id as string };
        })()),
        spareTicket: async () => (await ownerA.post("/api/portal/support/tickets", MATRIX_TICKET)).body.id as string,
        // The Premium owner granted staff access too and asked for bookkeeping help (included in Premium).
        requestId: await premiumOwner.put("/api/portal/staff-access").then(async () => (await premiumOwner.post("/api/portal/bookkeeping/requests", MATRIX_BOOKKEEPING)).body.id as string),
        spareRequest: async () => (await premiumOwner.post("/api/portal/bookkeeping/requests", MATRIX_BOOKKEEPING)).body.id as string,
      },
      community: await communityFixture(await memberIdOf(basic.email), await memberIdOf(other.email), paid.email, ownerA),
      demo: await demoFixture(),
    };
    // Many members, owners, tenants, a year of sample books: more than the default minute on a busy machine.
  }, 240_000);

  /** The sample books, made as the server makes them at start-up, and one record of each kind the demo's routes name. */
  async function demoFixture(): Promise<Fixture["demo"]> {
    await keepSampleBooks(t.services);
    const demo = t.client();
    const first = async (path: string) => ((await demo.get(`/api/demo/portal/${path}`)).body as { id: string }[])[0]!.id;
    const expenses = (await demo.get("/api/demo/portal/expenses")).body as { expenses?: { id: string }[] } | { id: string }[];
    const leaseId = await first("leases");
    const ledger = (await demo.get(`/api/demo/portal/leases/${leaseId}/ledger`)).body as { entries: { id: string; kind: string }[] };
    const caseId = await first("evictions");
    const evictionCase = (await demo.get(`/api/demo/portal/evictions/${caseId}`)).body as { notices: { id: string }[] };
    return {
      propertyId: await first("properties"),
      leaseId,
      paymentEntryId: ledger.entries.find((e) => e.kind === "payment")!.id,
      requestId: await first("maintenance"),
      expenseId: (Array.isArray(expenses) ? expenses : expenses.expenses!)[0]!.id,
      caseId,
      noticeId: evictionCase.notices[0]!.id,
    };
  }
  afterAll(() => t.close());

  describe(`the authorization matrix: ${roles.join(", ")}`, () => {
    test.if(options.coverage)("every REST route and tRPC procedure has an entry, and every entry still exists", () => {
      const present = [...restRoutes(t.app), ...trpcProcedures().map((p) => `trpc ${p.path}`), ...demoTrpcProcedures().map((p) => `demo-trpc ${p.path}`)];
      const missing = present.filter((key) => !(key in MATRIX));
      expect(missing, "routes without an entry in MATRIX").toEqual([]);
      const stale = Object.keys(MATRIX).filter((key) => !present.includes(key));
      expect(stale, "MATRIX entries for routes that no longer exist").toEqual([]);
    });

    test.if(options.coverage)("staff see an owner's books only under that owner's grant: owner A granted it, owner B did not", async () => {
      await t.app.request("/api/portal/staff-access", { method: "PUT", headers: { origin: TEST_ORIGIN, ...(await credentials("paid")) } });
      const books = async (ownerId: string) => {
        const res = await t.app.request(`/trpc/admin.ownerBooks.books?input=${encodeURIComponent(JSON.stringify({ owner_id: ownerId }))}`, { headers: await credentials("admin") });
        return { status: res.status, body: await res.text() };
      };
      expect((await books(fixture.paid.memberId)).status).toBe(200);
      const refused = await books(fixture.ownerB.memberId);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain("has not granted staff access");
    });

    test("each caller is allowed or refused exactly as the table says, and nothing answers 5xx", async () => {
      const wrong: string[] = [];
      for (const key of Object.keys(MATRIX)) {
        // The signing calls consume the pending application: give each caller a fresh one.
        for (const role of roles) {
          if (/contract-signed|membership\.sign/.test(key)) {
            const pending = await applyForMembership(t.services, ZApplyRequestSchema.parse(applicationPayload()), { ip: null, userAgent: null });
            fixture.pendingApplicationId = pending.applicationId;
            fixture.applicantToken = pending.session.token;
          }
          const { status, body } = await call(key, role);
          const entry = MATRIX[key]!;
          const allowed = entry.allow.includes(role);
          const said = `${key} as ${role}: got ${status} ${body.slice(0, 160)}`;
          if (status >= 500) wrong.push(`${said} (a fault)`);
          else if (allowed && !(answerFor(entry, role) === undefined ? status >= 200 && status < 300 : status === answerFor(entry, role))) {
            wrong.push(`${said} (allowed: should answer ${answerFor(entry, role) ?? "2xx"})`);
          } else if (!allowed && !(status === 401 || status === 403 || (status === 404 && entry.hidden === true))) {
            wrong.push(`${said} (should be refused with 401 or 403${entry.hidden ? ", or 404" : ""})`);
          }
        }
      }
      expect(wrong).toEqual([]);
    }, 600_000);
  });
}
