import { z } from "zod";
import { ZWhenSchema } from "./routes/webinars.ts";
import { ZVerifyRequestSchema } from "./routes/contracts.ts";
import { ZSignBodySchema } from "./routes/membership.ts";
import { ZNotificationIdsSchema } from "./routes/community.ts";
import { ZFreshQuerySchema } from "./routes/site.ts";
import { ZDocumentsQuerySchema, ZSkillQuerySchema } from "./routes/portal.ts";
import { ZCancelBodySchema, ZInitiateSchema } from "./routes/billing.ts";
import { ZAuditLogQuerySchema } from "./routes/admin.ts";
import { ZNoticeCopyQuerySchema, ZQueueQuerySchema } from "./routes/evictions.ts";
import { ZMaintenanceListQuerySchema, ZPropertyListQuerySchema } from "./routes/owner-portal.ts";
import { ZTenantLoginSchema, ZTenantPasswordSchema } from "./routes/tenant.ts";
import { ZBooksSearchQuerySchema, ZRenewalCheckQuerySchema } from "./routes/lease-signing.ts";
import { ZAutopayRequestSchema } from "../../shared/autopay-schema.ts";
import { ZChangePasswordRequestSchema, ZEmailRequestSchema, ZIntroductionRequestSchema, ZLinkTokenRequestSchema, ZLoginRequestSchema, ZResetPasswordRequestSchema, ZSkillsProfileSchema } from "../../shared/account-schema.ts";
import { ZAdminListQuerySchema, ZAdminLoginRequestSchema, ZSetMemberActiveSchema } from "../../shared/admin.ts";
import { ZApplyRequestSchema } from "../../shared/application-schema.ts";
import { ZPlanChangePreviewSchema, ZResumeRequestSchema, ZUpgradeRequestSchema } from "../../shared/billing.ts";
import { ZBankImportRequestSchema, ZExpenseListQuerySchema, ZExpensePatchSchema, ZExpenseSchema, ZMonthlyReportQuerySchema, ZPurchaseRequestSchema, ZScheduleEQuerySchema, ZStatementQuerySchema, ZStatementSettingsSchema } from "../../shared/books.ts";
import { ZAttendanceSchema, ZContractorIntroductionSchema, ZContractorProfileSchema, ZContractorSearchSchema, ZDirectoryStatusQuerySchema, ZEditPostSchema, ZEmailPreferencesSchema, ZFlagSchema, ZMentionQuerySchema, ZModerationSchema, ZNewPostSchema, ZNewTopicSchema, ZNotificationsQuerySchema, ZReviewModerationSchema, ZReviewReplySchema, ZReviewSchema, ZSearchQuerySchema, ZTopicListQuerySchema, ZTopicPageQuerySchema, ZUpdateListQuerySchema, ZUpdatePatchSchema, ZUpdateSchema, ZVerificationSchema, ZWatchSchema, ZWebinarPatchSchema, ZWebinarSchema } from "../../shared/community.ts";
import { ZCourtFactsSchema, ZEvictionCaseSchema, ZEvictionMoveSchema, ZEvictionNoteSchema, ZNoticeSchema, ZNoticeServiceSchema, ZServiceAttemptSchema, ZServiceJobMoveSchema, ZServiceJobSchema } from "../../shared/evictions.ts";
import { ZAssignSchema, ZChargeSchema, ZCommentSchema, ZEndLeaseSchema, ZImportRequestSchema, ZLeaseListQuerySchema, ZLeaseSchema, ZLeaseSettingsSchema, ZMaintenanceRequestSchema, ZPaymentSchema, ZPayoutSettingsSchema, ZPropertyPatchSchema, ZPropertySchema, ZRentPaymentRequestSchema, ZRentRollQuerySchema, ZTenantCancelSchema, ZTransitionSchema, ZUnitPatchSchema, ZUnitSchema, ZVoidSchema } from "../../shared/portal.ts";
import {
  ZConditionReportSchema,
  ZConditionSignatureSchema,
  ZCountersignSchema,
  ZDeclineSignatureSchema,
  ZDepositInstitutionSchema,
  ZDepositRateSchema,
  ZDepositReceiptSchema,
  ZDepositReceiptsSchema,
  ZDepositStatementSchema,
  ZDisclosureGivenSchema,
  ZInterestSettlementSchema,
  ZMoveOutSchema,
  ZRenewSchema,
  ZSignatureRequestSchema,
  ZTenantSignSchema,
} from "../../shared/portal.ts";
import { ZBookkeepingRequestSchema, ZTicketMessageSchema, ZTicketSchema } from "../../shared/services.ts";
import { ZStrategySessionRequestSchema } from "../../shared/strategy-session.ts";

// Every REST route the app serves under /api, by `METHOD /path` as Hono registers it: what it is,
// the Zod schemas of its query and body (the very ones its handler validates with), and the schema
// of each answer. openapi.ts turns this into the OpenAPI document; tests/api/openapi.test.ts fails
// when a route is missing here, or an answer of a representative call does not match its schema.
//
// The answers' schemas name the fields an answer has, with the types the tests have seen (or null),
// and let an answer carry more (`shape` is a loose object): where a contract is not fixed yet they
// say less, never something false. Refine them as contracts settle; a new route needs an entry.

/** A JSON answer's schema, or a file's kind. */
export type Answer = z.ZodType | "pdf" | "csv" | "calendar" | "file" | "image" | "json-file";

const THUMBNAIL_NOTE =
  "A WebP at most 256 px on its longer side of a photo (JPEG, PNG or WebP) the caller may see, checked as the file itself is; 404 for a PDF or a deleted file.";

export interface Operation {
  tag: string;
  summary: string;
  description?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart form with one file in `file` (and text fields beside it). */
  upload?: boolean;
  /** The answers by status; refusals are SPEC.md's error body. */
  answers: Record<number, Answer>;
  /** The same answer in other formats (`?format=pdf|csv`). */
  alsoAs?: ("pdf" | "csv")[];
}

/** `GET /api/openapi.json?version=3.0`: the document in OpenAPI 3.0.3 (decision 0091). */
export const ZOpenApiQuerySchema = z.object({ version: z.enum(["3.1", "3.0"], "Ask for version 3.1 or 3.0").optional() });

const str = z.string();
const num = z.number();
const bool = z.boolean();
const list = z.array(z.unknown());
const obj = z.looseObject({});
const nul = <T extends z.ZodType>(type: T) => type.nullable();
const opt = <T extends z.ZodType>(type: T) => type.optional();
/**
 * An object with these fields (and maybe more), each of the type the tests have seen or null: a
 * field seen with a value may well be empty for another record.
 */
const shape = (fields: Record<string, z.ZodType>) =>
  z.looseObject(Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, type.nullable()])));
/** A JSON answer not described yet: an object or a list. */
const LOOSE = z.union([z.looseObject({}), z.array(z.unknown())]).describe("JSON, not described in detail yet");
/** A lease sent for signature (PORTAL.md 8a). */
const SIGNATURE_REQUEST = shape({ id: str, lease_id: str, title: str, document: str, document_sha256: str, attachments: list, status: str, sent_at: str, countersigned_at: str, pdf_sha256: str, signers: list });

export const API_OPERATIONS: Record<string, Operation> = {
  "GET /api/health": { tag: "Operations", summary: "Liveness: the process runs", answers: { 200: z.object({ status: z.literal("ok") }) } },
  "GET /api/ready": {
    tag: "Operations",
    summary: "Readiness: the database answers, the migrations are done, the server is not shutting down",
    answers: { 200: z.object({ status: z.literal("ready") }), 503: z.object({ status: z.literal("not ready"), detail: str }) },
  },
  "GET /api/metrics": {
    tag: "Operations",
    summary: "Prometheus metrics, with `Authorization: Bearer $METRICS_TOKEN` (404 when no token is configured)",
    answers: { 200: "file" },
  },
  "GET /api/openapi.json": {
    tag: "Operations",
    summary: "This OpenAPI document (3.1), or with version=3.0 the same in OpenAPI 3.0.3",
    query: ZOpenApiQuerySchema,
    answers: { 200: shape({ openapi: str, info: obj, paths: obj }) },
  },
  "GET /api/docs": { tag: "Operations", summary: "The API reference page (HTML)", answers: { 200: "file" } },
  "GET /api/docs/:asset": { tag: "Operations", summary: "A file of the reference page (its script and stylesheet)", answers: { 200: "file" } },
  "POST /api/membership/apply": { tag: "Membership", summary: "Apply for membership", body: ZApplyRequestSchema, answers: { 201: shape({ application_id: str, next_steps: list, message: str, access_token: str }) } },
  "POST /api/membership/continue": { tag: "Membership", summary: "Continue application by link", body: ZLinkTokenRequestSchema, answers: { 200: LOOSE } },
  "GET /api/membership/application/:id": { tag: "Membership", summary: "Find application", answers: { 200: shape({ application_id: str, status: str, membership_level: str, member_name: str, first_name: str, last_name: str, email: str, phone: str, property_management_status: str, license_status: str, specialty_skills: list, other_specialty: str, message: str, created_at: str, signed_at: nul(str), portal_username: str, next_steps: list, agreement: nul(obj), agreement_text: str, agreement_sha256: str, consent_wording: str, contract_id: nul(str) }) } },
  "POST /api/membership/contract-signed/:id": { tag: "Membership", summary: "Sign agreement", body: ZSignBodySchema, answers: { 200: shape({ success: bool, contract_id: str, membership_level: str, status: str, signed_at: str, access_token: opt(str) }) } },
  "POST /api/membership/initiate-payment/:id": { tag: "Membership", summary: "Initiate payment", body: ZInitiateSchema, answers: { 200: shape({ success: bool, checkout_url: str, session_id: str }) } },
  "GET /api/payments/status/:sessionId": { tag: "Billing", summary: "Payment status", answers: { 200: shape({ session_id: str, amount: num, amount_cents: num, currency: str, status: str, membership_level: str, billing_frequency: str, kind: str, created_at: str }) } },
  "GET /api/subscriptions/status/:email": { tag: "Billing", summary: "Get subscription status", answers: { 200: shape({ success: bool, subscription: obj }) } },
  "GET /api/subscriptions/billing-portal/:email": { tag: "Billing", summary: "Open billing portal", answers: { 200: shape({ success: bool, portal_url: str }) } },
  "POST /api/subscriptions/cancel": { tag: "Billing", summary: "Cancel subscription", body: ZCancelBodySchema, answers: { 200: shape({ success: bool, detail: str, subscription: obj }) } },
  "POST /api/subscriptions/resume": { tag: "Billing", summary: "Resume subscription", body: ZResumeRequestSchema, answers: { 200: shape({ success: bool, detail: str, subscription: obj }) } },
  "POST /api/upgrades/preview": { tag: "Billing", summary: "Preview plan change", body: ZPlanChangePreviewSchema, answers: { 200: shape({ current_level: str, target_level: str, current_amount_cents: num, new_amount_cents: num, proration_cents: num, currency: str, next_billing_date: str, cancels_on: z.unknown(), summary: str }) } },
  "POST /api/upgrades/initiate": { tag: "Billing", summary: "Start upgrade", body: ZUpgradeRequestSchema, answers: { 200: shape({ success: bool, checkout_url: str, session_id: str }) } },
  "POST /api/upgrades/complete/:sessionId": { tag: "Billing", summary: "Complete upgrade", answers: { 200: shape({ success: bool, new_membership_level: str, next_billing_date: str, message: str, redirect_url: str, billing_amount_cents: num, currency: str }) } },
  "POST /api/stripe/webhook": { tag: "Billing", summary: "Stripe webhook (signed with the endpoint secret; raw body)", answers: { 200: LOOSE } },
  "GET /api/portal/member-info/:email": { tag: "Member portal", summary: "Find member by email", answers: { 200: shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, username: z.unknown(), membership_level: str, status: str, member_since: str, application_id: str, has_password: bool, email_verified: bool, must_change_password: bool, next_steps: list, available_features: list }) } },
  "GET /api/portal/documents/categories": { tag: "Member portal", summary: "List document categories", answers: { 200: z.array(shape({ id: str, name: str, description: str, document_count: num, access_level: str })) } },
  "GET /api/portal/documents": { tag: "Member portal", summary: "List documents", query: ZDocumentsQuerySchema, answers: { 200: z.array(shape({ id: str, title: str, description: str, category: str, category_id: str, file_type: str, file_name: str, access_level: str, created_at: str, size_bytes: num })) } },
  "GET /api/portal/documents/:id/download": { tag: "Member portal", summary: "Open document for download", answers: { 200: "file" } },
  "GET /api/portal/skills": { tag: "Member portal", summary: "Count members by skill", answers: { 200: z.array(shape({ skill: str, member_count: num })) } },
  "GET /api/portal/skills/profile": { tag: "Member portal", summary: "GET /api/portal/skills/profile", answers: { 200: shape({ display_name: str, specialty_skills: list, other_specialty: str, skills_bio: str, skills_listed: bool, license_status: z.unknown(), property_management_status: str }) } },
  "PUT /api/portal/skills/profile": { tag: "Member portal", summary: "Update skills profile", body: ZSkillsProfileSchema, answers: { 200: shape({ display_name: str, specialty_skills: list, other_specialty: str, skills_bio: str, skills_listed: bool, license_status: z.unknown(), property_management_status: str }) } },
  "GET /api/portal/skills/members": { tag: "Member portal", summary: "List members with skill", query: ZSkillQuerySchema, answers: { 200: z.array(shape({ id: str, display_name: str, specialty_skills: list, other_specialty: str, skills_bio: str, license_status: z.unknown(), member_since: str })) } },
  "POST /api/portal/skills/introductions": { tag: "Member portal", summary: "Send skills introduction", body: ZIntroductionRequestSchema, answers: { 200: shape({ success: bool, message: str }) } },
  "GET /api/portal/access": { tag: "Owner portal", summary: "Owner portal status", answers: { 200: shape({ signed_in: bool, allowed: bool, can_write: bool, membership_level: nul(str), reason: nul(str) }) } },
  "GET /api/portal/dashboard": { tag: "Owner portal", summary: "Owner dashboard", answers: { 200: shape({ empty: bool, can_write: bool, today: str, properties: num, units: num, occupied_units: num, occupancy_percent: num, active_leases: num, month: obj, outstanding_cents: num, late: list, ending_soon: list, recent_payments: list, maintenance: obj, chart: list }) } },
  "GET /api/portal/properties": { tag: "Owner portal", summary: "List properties", query: ZPropertyListQuerySchema, answers: { 200: z.array(shape({ id: str, name: nul(str), address: obj, display_name: str, property_type: str, schedule_e_code: num, placed_in_service: nul(str), building_basis_cents: z.unknown(), owner_occupied: bool, owner_occupied_confirmed: bool, jurisdiction: str, jurisdiction_confirmed: bool, rules: str, rules_reason: str, rules_warnings: list, archived: bool, created_at: str, units: list })) } },
  "POST /api/portal/properties": { tag: "Owner portal", summary: "Add property", body: ZPropertySchema, answers: { 201: shape({ id: str, name: nul(str), address: obj, display_name: str, property_type: str, schedule_e_code: num, placed_in_service: nul(str), building_basis_cents: nul(num), owner_occupied: bool, owner_occupied_confirmed: bool, jurisdiction: str, jurisdiction_confirmed: bool, rules: str, rules_reason: str, rules_warnings: list, archived: bool, created_at: str, units: list }) } },
  "GET /api/portal/properties/:id": { tag: "Owner portal", summary: "Get property", answers: { 200: shape({ id: str, name: str, address: obj, display_name: str, property_type: str, schedule_e_code: num, placed_in_service: z.unknown(), building_basis_cents: z.unknown(), owner_occupied: bool, owner_occupied_confirmed: bool, jurisdiction: str, jurisdiction_confirmed: bool, rules: str, rules_reason: str, rules_warnings: list, archived: bool, created_at: str, units: list }) } },
  "PATCH /api/portal/properties/:id": { tag: "Owner portal", summary: "Update property", body: ZPropertyPatchSchema, answers: { 200: shape({ id: str, name: nul(str), address: obj, display_name: str, property_type: str, schedule_e_code: num, placed_in_service: nul(str), building_basis_cents: z.unknown(), owner_occupied: bool, owner_occupied_confirmed: bool, jurisdiction: str, jurisdiction_confirmed: bool, rules: str, rules_reason: str, rules_warnings: list, archived: bool, created_at: str, units: list }) } },
  "DELETE /api/portal/properties/:id": { tag: "Owner portal", summary: "Delete property", answers: { 200: shape({ success: bool, id: str }) } },
  "POST /api/portal/properties/:id/units": { tag: "Owner portal", summary: "Add unit", body: ZUnitSchema, answers: { 201: shape({ id: str, property_id: str, label: str, bedrooms: z.unknown(), bathrooms: z.unknown(), market_rent_cents: nul(num), archived: bool }) } },
  "PATCH /api/portal/units/:id": { tag: "Owner portal", summary: "Update unit", body: ZUnitPatchSchema, answers: { 200: shape({ id: str, property_id: str, label: str, bedrooms: num, bathrooms: z.unknown(), market_rent_cents: num, archived: bool }) } },
  "GET /api/portal/leases": { tag: "Owner portal", summary: "List leases", query: ZLeaseListQuerySchema, answers: { 200: z.array(shape({ id: str, unit_id: str, unit: obj, property: obj, start_date: str, end_date: nul(str), month_to_month: bool, rent_cents: num, due_day: num, deposit_cents: num, books_from: str, returned_payment_fee_cents: z.unknown(), late_fee: z.unknown(), late_fee_warnings: list, reminder_days: num, state: str, balance_cents: num, tenants: list })) } },
  "POST /api/portal/leases": { tag: "Owner portal", summary: "Add lease", body: ZLeaseSchema, answers: { 201: shape({ id: str, unit_id: str, unit: obj, property: obj, start_date: str, end_date: nul(str), month_to_month: bool, rent_cents: num, due_day: num, deposit_cents: num, books_from: z.unknown(), returned_payment_fee_cents: z.unknown(), late_fee: nul(obj), late_fee_warnings: list, reminder_days: num, state: str, balance_cents: num, tenants: list }) } },
  "GET /api/portal/leases/:id": { tag: "Owner portal", summary: "Get lease", answers: { 200: shape({ id: str, unit_id: str, unit: obj, property: obj, start_date: str, end_date: z.unknown(), month_to_month: bool, rent_cents: num, due_day: num, deposit_cents: num, books_from: z.unknown(), returned_payment_fee_cents: z.unknown(), late_fee: obj, late_fee_warnings: list, reminder_days: num, state: str, balance_cents: num, tenants: list }) } },
  "PATCH /api/portal/leases/:id": { tag: "Owner portal", summary: "Update lease settings", body: ZLeaseSettingsSchema, answers: { 200: shape({ id: str, unit_id: str, unit: obj, property: obj, start_date: str, end_date: z.unknown(), month_to_month: bool, rent_cents: num, due_day: num, deposit_cents: num, books_from: z.unknown(), returned_payment_fee_cents: z.unknown(), late_fee: obj, late_fee_warnings: list, reminder_days: num, state: str, balance_cents: num, tenants: list }) } },
  "POST /api/portal/leases/:id/tenants/:tenantId/invite": { tag: "Owner portal", summary: "Invite tenant", answers: { 200: shape({ success: bool, tenant_id: str, email: str, invited_at: str }) } },
  "DELETE /api/portal/leases/:id/tenants/:tenantId/access": { tag: "Owner portal", summary: "Revoke tenant access", answers: { 200: LOOSE } },
  "GET /api/portal/leases/:id/documents": { tag: "Owner portal", summary: "List lease documents", answers: { 200: z.array(shape({ id: str, title: str, shared_with_tenants: bool, created_at: str, file: obj })) } },
  "POST /api/portal/leases/:id/documents": { tag: "Owner portal", summary: "Find owned lease", upload: true, answers: { 201: shape({ id: str, title: str, shared_with_tenants: bool, created_at: str, file: obj }) } },
  "POST /api/portal/leases/:id/end": { tag: "Owner portal", summary: "End lease", body: ZEndLeaseSchema, answers: { 200: shape({ id: str, unit_id: str, unit: obj, property: obj, start_date: str, end_date: str, month_to_month: bool, rent_cents: num, due_day: num, deposit_cents: num, books_from: z.unknown(), returned_payment_fee_cents: z.unknown(), late_fee: z.unknown(), late_fee_warnings: list, reminder_days: num, state: str, balance_cents: num, tenants: list }) } },
  "GET /api/portal/leases/:id/ledger": { tag: "Owner portal", summary: "Lease ledger", answers: { 200: shape({ lease: obj, balance_cents: num, entries: list, accruing_late_fees: list }) } },
  "POST /api/portal/leases/:id/charges": { tag: "Owner portal", summary: "Record charge", body: ZChargeSchema, answers: { 201: shape({ entry: obj, balance_cents: num }) } },
  "POST /api/portal/leases/:id/payments": { tag: "Owner portal", summary: "Record payment", body: ZPaymentSchema, answers: { 201: shape({ entry: obj, balance_cents: num, receipts_sent: num }) } },
  "POST /api/portal/ledger/:entryId/void": { tag: "Owner portal", summary: "Void entry", body: ZVoidSchema, answers: { 201: shape({ entry: obj, balance_cents: num }) } },
  "GET /api/portal/payments": { tag: "Owner portal", summary: "The rent roll of a month (SPEC.md's path); CSV with `format=csv`", query: ZRentRollQuerySchema, answers: { 200: shape({ month: str, label: str, rows: list, totals: obj }) }, alsoAs: ["csv"] },
  "POST /api/portal/imports/rent-roll": { tag: "Owner portal", summary: "Import rent roll", body: ZImportRequestSchema, answers: { 200: shape({ confirmed: bool, ok: bool, summary: obj, rows: list }) } },
  "GET /api/portal/maintenance": { tag: "Maintenance", summary: "List owner requests", query: ZMaintenanceListQuerySchema, answers: { 200: z.array(shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str })) } },
  "POST /api/portal/maintenance": { tag: "Maintenance", summary: "Create owner request", body: ZMaintenanceRequestSchema, answers: { 201: shape({ id: str, property_id: str, unit_id: nul(str), lease_id: nul(str), place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str }) } },
  "GET /api/portal/maintenance/:id": { tag: "Maintenance", summary: "Get owner request", answers: { 200: shape({ id: str, property_id: str, unit_id: str, lease_id: nul(str), place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str, timeline: list, matching_skill: str, assigned_to: z.unknown(), expenses: list }) } },
  "POST /api/portal/maintenance/:id/transitions": { tag: "Maintenance", summary: "Move request", body: ZTransitionSchema, answers: { 200: shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str, timeline: list }) } },
  "POST /api/portal/maintenance/:id/comments": { tag: "Maintenance", summary: "Owner comment", body: ZCommentSchema, answers: { 201: LOOSE } },
  "POST /api/portal/maintenance/:id/photos": { tag: "Maintenance", summary: "Owned request", upload: true, answers: { 201: shape({ id: str, property_id: str, unit_id: z.unknown(), lease_id: z.unknown(), place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: nul(str), created_at: str, updated_at: str, timeline: list }) } },
  "DELETE /api/portal/maintenance/:id/photos/:fileId": { tag: "Maintenance", summary: "Delete request photo", answers: { 200: LOOSE } },
  "GET /api/portal/maintenance/:id/contractors": {
    tag: "Maintenance",
    summary: "Contractors the directory offers a request: verified, of the matching trade, serving the property's ZIP code",
    answers: { 200: shape({ skill: nul(str), zip: str, contractors: z.array(shape({ id: str, business_name: str, trades: list, counties: list, phone: str, verified: bool, review_count: num, rating_average: nul(num) })), elsewhere: num }) },
  },
  "POST /api/portal/maintenance/:id/assign": { tag: "Maintenance", summary: "Assign request", body: ZAssignSchema, answers: { 200: shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: str, created_at: str, updated_at: str, timeline: list }) } },
  "GET /api/portal/files/:id": { tag: "Owner portal", summary: "Owner file", answers: { 200: "file" } },
  "GET /api/portal/files/:id/thumbnail": { tag: "Owner portal", summary: "Owner photo thumbnail", description: THUMBNAIL_NOTE, answers: { 200: "image" } },
  "GET /api/portal/payouts": { tag: "Online rent", summary: "Payout status", answers: { 200: shape({ provider: str, test_mode: bool, connected: bool, charges_enabled: bool, payouts_enabled: bool, details_submitted: bool, payment_instructions: str }) } },
  "POST /api/portal/payouts": { tag: "Online rent", summary: "Start payout onboarding", answers: { 200: shape({ onboarding_url: str, account_id: str }) } },
  "PUT /api/portal/settings": { tag: "Online rent", summary: "Save payment instructions", body: ZPayoutSettingsSchema, answers: { 200: shape({ provider: str, test_mode: bool, connected: bool, charges_enabled: bool, payouts_enabled: bool, details_submitted: bool, payment_instructions: str }) } },
  "GET /api/portal/export": { tag: "Owner portal", summary: "Export owner books", answers: { 200: shape({ exported_at: str, as_of: str, owner: obj, properties: list, leases: list, expenses: list, statements: list, purchases: list, eviction_cases: list, service_jobs: list, staff_access: obj, support_tickets: list, bookkeeping_requests: list }) }, description: "A JSON file, as a download (Content-Disposition: attachment)." },
  "GET /api/portal/expense-categories": { tag: "Books and reports", summary: "GET /api/portal/expense-categories", answers: { 200: z.array(shape({ key: str, label: str, schedule_e_line: str, schedule_e_label: str, group: str, group_label: str, deductible: bool })) } },
  "GET /api/portal/expenses": { tag: "Books and reports", summary: "List expenses", query: ZExpenseListQuerySchema, answers: { 200: shape({ expenses: list, count: num, total_cents: num }) } },
  "POST /api/portal/expenses": { tag: "Books and reports", summary: "Add expense", body: ZExpenseSchema, answers: { 201: shape({ id: str, property: obj, unit: nul(obj), date: str, amount_cents: num, payee: str, memo: nul(str), category: nul(str), category_label: str, schedule_e_line: nul(str), maintenance_request: nul(obj), receipt: z.unknown(), source: str, created_at: str, updated_at: str }) } },
  "POST /api/portal/expenses/import": { tag: "Books and reports", summary: "Import bank expenses", body: ZBankImportRequestSchema, answers: { 200: shape({ confirmed: bool, mapping: obj, guessed: bool, columns: list, rows: list, summary: obj, imported: list }) } },
  "GET /api/portal/expenses/:id": { tag: "Books and reports", summary: "Get expense", answers: { 200: LOOSE } },
  "PATCH /api/portal/expenses/:id": { tag: "Books and reports", summary: "Update expense", body: ZExpensePatchSchema, answers: { 200: shape({ id: str, property: obj, unit: obj, date: str, amount_cents: num, payee: str, memo: str, category: str, category_label: str, schedule_e_line: str, maintenance_request: obj, receipt: obj, source: str, created_at: str, updated_at: str }) } },
  "DELETE /api/portal/expenses/:id": { tag: "Books and reports", summary: "Delete expense", answers: { 200: shape({ success: bool, id: str }) } },
  "POST /api/portal/expenses/:id/receipt": { tag: "Books and reports", summary: "Find owned expense", upload: true, answers: { 201: shape({ id: str, property: obj, unit: nul(obj), date: str, amount_cents: num, payee: str, memo: nul(str), category: nul(str), category_label: str, schedule_e_line: nul(str), maintenance_request: nul(obj), receipt: obj, source: str, created_at: str, updated_at: str }) } },
  "DELETE /api/portal/expenses/:id/receipt": { tag: "Books and reports", summary: "Remove receipt", answers: { 200: LOOSE } },
  "GET /api/portal/reports/monthly": { tag: "Books and reports", summary: "The monthly owner statement: JSON, PDF or CSV by `format`", query: ZMonthlyReportQuerySchema, answers: { 200: shape({ month: str, label: str, basis: str, from: str, to: str, owner_name: str, generated_at: str, properties: list, portfolio: obj }) }, alsoAs: ["pdf", "csv"] },
  "GET /api/portal/reports/statements": { tag: "Books and reports", summary: "Kept statements", answers: { 200: shape({ monthly_email: bool, statements: list }) } },
  "GET /api/portal/reports/statements/:id": { tag: "Books and reports", summary: "A kept monthly statement: JSON, PDF or CSV by `format`", query: ZStatementQuerySchema, answers: { 200: shape({ to: str, from: str, basis: str, label: str, month: str, portfolio: obj, owner_name: str, properties: list, generated_at: str }) }, alsoAs: ["pdf", "csv"] },
  "PUT /api/portal/reports/settings": { tag: "Books and reports", summary: "Save statement email", body: ZStatementSettingsSchema, answers: { 200: shape({ monthly_email: bool, statements: list }) } },
  "GET /api/portal/reports/schedule-e": { tag: "Books and reports", summary: "Schedule E (Part I): JSON, PDF or CSV by `format`", query: ZScheduleEQuerySchema, answers: { 200: shape({ year: num, basis: str, form: str, pages: num, properties: list, lines: obj, uncategorized: list, not_deductible: list, notes: list, access: str, in_progress: bool }) }, alsoAs: ["pdf", "csv"] },
  "GET /api/portal/purchases": { tag: "Books and reports", summary: "List purchases", answers: { 200: shape({ purchases: list, prices: list }) } },
  "POST /api/portal/purchases": { tag: "Books and reports", summary: "Start purchase", body: ZPurchaseRequestSchema, answers: { 200: shape({ id: str, item: str, label: str, year: nul(num), reference: nul(str), amount_cents: num, currency: str, status: str, checkout_url: str, paid_at: z.unknown(), created_at: str, purchase_id: str }) } },
  "GET /api/portal/evictions": { tag: "Evictions", summary: "List cases", answers: { 200: z.array(shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: z.unknown(), price_cents: num, parties: list, created_at: str, updated_at: str })) } },
  "POST /api/portal/evictions": { tag: "Evictions", summary: "Open case", body: ZEvictionCaseSchema, answers: { 201: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: z.unknown(), price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "GET /api/portal/evictions/:id": { tag: "Evictions", summary: "Get case", answers: { 200: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: nul(str), price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "POST /api/portal/evictions/:id/notices": { tag: "Evictions", summary: "Add notice", body: ZNoticeSchema, answers: { 201: shape({ id: str, kind: str, title: str, statute: str, breach: str, as_of: str, dated_on: str, amount_demanded_cents: num, served: bool, served_on: nul(str), service_method: nul(str), served_by: nul(str), expires_on: str, earliest_filing_on: str, filing_rolled_past: list, terminates_on: nul(str), notice_days: num, service_window: nul(obj), rule: str, notes: list, rolled_past: list, dates_label: str, pdf_path: str, owner_pdf_path: str, created_at: str, case: obj }) } },
  "POST /api/portal/evictions/:id/notices/:notice_id/service": { tag: "Evictions", summary: "Record service", body: ZNoticeServiceSchema, answers: { 200: shape({ id: str, kind: str, title: str, statute: str, breach: str, as_of: str, dated_on: str, amount_demanded_cents: num, served: bool, served_on: str, service_method: str, served_by: str, expires_on: str, earliest_filing_on: str, filing_rolled_past: list, terminates_on: nul(str), notice_days: num, service_window: z.unknown(), rule: str, notes: list, rolled_past: list, dates_label: str, pdf_path: str, owner_pdf_path: str, created_at: str, case: obj }) } },
  "POST /api/portal/evictions/:id/transitions": { tag: "Evictions", summary: "Move case", body: ZEvictionMoveSchema, answers: { 200: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: z.unknown(), price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "GET /api/portal/evictions/:id/notices/:notice_id/pdf": { tag: "Evictions", summary: "Notice file", query: ZNoticeCopyQuerySchema, answers: { 200: "pdf" } },
  "POST /api/portal/evictions/:id/notes": { tag: "Evictions", summary: "Add case note", body: ZEvictionNoteSchema, answers: { 201: LOOSE } },
  "POST /api/portal/evictions/:id/documents": { tag: "Evictions", summary: "Assert case visible", upload: true, answers: { 201: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: str, price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "GET /api/portal/service-jobs": { tag: "Evictions", summary: "List jobs", answers: { 200: z.array(shape({ id: str, eviction_case_id: str, notice_id: str, notice_pdf_path: str, person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: str, affidavit_file_id: str, affidavit_path: str, created_at: str, updated_at: str })) } },
  "POST /api/portal/service-jobs": { tag: "Evictions", summary: "Create job", body: ZServiceJobSchema, answers: { 201: shape({ id: str, eviction_case_id: str, notice_id: nul(str), notice_pdf_path: nul(str), person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: z.unknown(), affidavit_file_id: z.unknown(), affidavit_path: z.unknown(), created_at: str, updated_at: str, owner: obj, attempts: list, documents: list, timeline: list }) } },
  "GET /api/portal/service-jobs/:id": { tag: "Evictions", summary: "Get job", answers: { 200: shape({ id: str, eviction_case_id: str, notice_id: str, notice_pdf_path: str, person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: str, affidavit_file_id: str, affidavit_path: str, created_at: str, updated_at: str, owner: obj, attempts: list, documents: list, timeline: list }) } },
  "POST /api/portal/service-jobs/:id/documents": { tag: "Evictions", summary: "Assert job visible", upload: true, answers: { 201: shape({ id: str, eviction_case_id: str, notice_id: str, notice_pdf_path: str, person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: z.unknown(), affidavit_file_id: z.unknown(), affidavit_path: z.unknown(), created_at: str, updated_at: str, owner: obj, attempts: list, documents: list, timeline: list }) } },
  "GET /api/portal/staff-access": { tag: "Premium services", summary: "Staff access status", answers: { 200: shape({ granted: bool, granted_at: nul(str), revoked_at: z.unknown(), activity: list }) } },
  "PUT /api/portal/staff-access": { tag: "Premium services", summary: "Grant staff access", answers: { 200: shape({ granted: bool, granted_at: str, revoked_at: z.unknown(), activity: list }) } },
  "DELETE /api/portal/staff-access": { tag: "Premium services", summary: "Revoke staff access", answers: { 200: shape({ granted: bool, granted_at: z.unknown(), revoked_at: str, activity: list }) } },
  "GET /api/portal/support/tickets": { tag: "Premium services", summary: "List owner tickets", answers: { 200: shape({ tickets: list, can_open: bool }) } },
  "POST /api/portal/support/tickets": { tag: "Premium services", summary: "Open ticket", body: ZTicketSchema, answers: { 201: shape({ id: str, subject: str, level: str, status: str, response_state: str, first_response_due_at: str, first_response_at: z.unknown(), breached: bool, closed_at: z.unknown(), created_at: str, updated_at: str, messages: list }) } },
  "GET /api/portal/support/tickets/:id": { tag: "Premium services", summary: "Get owner ticket", answers: { 200: shape({ id: str, subject: str, level: str, status: str, response_state: str, first_response_due_at: str, first_response_at: nul(str), breached: bool, closed_at: z.unknown(), created_at: str, updated_at: str, messages: list }) } },
  "POST /api/portal/support/tickets/:id/messages": { tag: "Premium services", summary: "Owner ticket message", body: ZTicketMessageSchema, answers: { 201: shape({ id: str, subject: str, level: str, status: str, response_state: str, first_response_due_at: str, first_response_at: str, breached: bool, closed_at: z.unknown(), created_at: str, updated_at: str, messages: list }) } },
  "POST /api/portal/support/tickets/:id/files": { tag: "Premium services", summary: "Get owner ticket", upload: true, answers: { 201: shape({ id: str, subject: str, level: str, status: str, response_state: str, first_response_due_at: str, first_response_at: nul(str), breached: bool, closed_at: z.unknown(), created_at: str, updated_at: str, messages: list }) } },
  "GET /api/portal/bookkeeping/requests": { tag: "Premium services", summary: "List bookkeeping requests", answers: { 200: shape({ requests: list, month: str, access: str, staff_access: bool, price: str }) } },
  "POST /api/portal/bookkeeping/requests": { tag: "Premium services", summary: "File bookkeeping request", body: ZBookkeepingRequestSchema, answers: { 201: shape({ id: str, month: str, note: str, status: str, files: list, done_at: z.unknown(), done_by: z.unknown(), staff_note: z.unknown(), created_at: str }) } },
  "GET /api/portal/bookkeeping/requests/:id": { tag: "Premium services", summary: "Get bookkeeping request", answers: { 200: LOOSE } },
  "POST /api/portal/bookkeeping/requests/:id/files": { tag: "Premium services", summary: "Get bookkeeping request", upload: true, answers: { 201: shape({ id: str, month: str, note: str, status: str, files: list, done_at: z.unknown(), done_by: z.unknown(), staff_note: z.unknown(), created_at: str }) } },
  "POST /api/tenant/sign-in-link": { tag: "Tenant portal", summary: "Request tenant sign in link", body: ZEmailRequestSchema, answers: { 200: shape({ success: bool, message: str }) } },
  "POST /api/tenant/sign-in-link/confirm": { tag: "Tenant portal", summary: "Confirm tenant link", body: ZLinkTokenRequestSchema, answers: { 200: shape({ access_token: str, token_type: str, expires_at: str, tenant: obj }) } },
  "POST /api/tenant/login": { tag: "Tenant portal", summary: "Sign in tenant", body: ZTenantLoginSchema, answers: { 200: shape({ access_token: str, token_type: str, expires_at: str, tenant: obj }) } },
  "POST /api/tenant/logout": { tag: "Tenant portal", summary: "Invalidate session", answers: { 200: shape({ success: bool }) } },
  "POST /api/tenant/password": { tag: "Tenant portal", summary: "Set tenant password", body: ZTenantPasswordSchema, answers: { 200: shape({ success: bool, message: str }) } },
  "GET /api/tenant/me": { tag: "Tenant portal", summary: "Tenant overview", answers: { 200: shape({ tenant: obj, invitations: list, leases: list }) } },
  "POST /api/tenant/invitations/:id/accept": { tag: "Tenant portal", summary: "Answer invitation", answers: { 200: shape({ success: bool, lease_id: str, status: str }) } },
  "POST /api/tenant/invitations/:id/decline": { tag: "Tenant portal", summary: "Answer invitation", answers: { 200: LOOSE } },
  "GET /api/tenant/leases/:id/ledger": { tag: "Tenant portal", summary: "Tenant ledger", answers: { 200: shape({ lease_id: str, balance_cents: num, entries: list }) } },
  "POST /api/tenant/leases/:id/pay": { tag: "Tenant portal", summary: "Start rent payment", body: ZRentPaymentRequestSchema, answers: { 200: shape({ rent_payment_id: str, checkout_url: str, amount_cents: num }) } },
  "GET /api/tenant/payments/:id": { tag: "Tenant portal", summary: "Rent payment status", answers: { 200: shape({ id: str, lease_id: str, amount_cents: num, status: str, method: nul(str), refunded_cents: num, created_at: str }) } },
  "GET /api/tenant/maintenance": { tag: "Tenant portal", summary: "List tenant requests", answers: { 200: z.array(z.unknown()) } },
  "POST /api/tenant/maintenance": { tag: "Tenant portal", summary: "Create tenant request", body: ZMaintenanceRequestSchema, answers: { 201: shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str }) } },
  "GET /api/tenant/maintenance/:id": { tag: "Tenant portal", summary: "Get tenant request", answers: { 200: shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str, timeline: list, can_cancel: bool }) } },
  "POST /api/tenant/maintenance/:id/comments": { tag: "Tenant portal", summary: "Tenant comment", body: ZCommentSchema, answers: { 201: shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str, timeline: list }) } },
  "POST /api/tenant/maintenance/:id/photos": { tag: "Tenant portal", summary: "Tenant request", upload: true, answers: { 201: shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str, timeline: list }) } },
  "POST /api/tenant/maintenance/:id/cancel": { tag: "Tenant portal", summary: "Cancel tenant request", body: ZTenantCancelSchema, answers: { 200: shape({ id: str, property_id: str, unit_id: str, lease_id: str, place: str, title: str, description: str, category: str, category_label: str, priority: str, permission_to_enter: bool, status: str, status_label: str, allowed_moves: list, submitted_by: str, assigned_member_id: z.unknown(), created_at: str, updated_at: str, timeline: list }) } },
  "GET /api/tenant/files/:id": { tag: "Tenant portal", summary: "Tenant file", answers: { 200: "file" } },
  "GET /api/tenant/files/:id/thumbnail": { tag: "Tenant portal", summary: "Tenant photo thumbnail", description: THUMBNAIL_NOTE, answers: { 200: "image" } },
  "POST /api/site/strategy-sessions": { tag: "Public site", summary: "Request strategy session", body: ZStrategySessionRequestSchema, answers: { 201: shape({ success: bool, id: str, message: str }) } },
  "GET /api/site/demo-status": { tag: "Public site", summary: "Check demo embed", query: ZFreshQuerySchema, answers: { 200: shape({ embeddable: bool, reason: str, checked_at: str }) } },
  "GET /api/contracts/mine": { tag: "Membership", summary: "List member contracts", answers: { 200: shape({ contracts: list }) } },
  "GET /api/contracts/:id/pdf": { tag: "Membership", summary: "Contract pdf", answers: { 200: "pdf" } },
  "POST /api/contracts/verify": { tag: "Membership", summary: "Verify contract document", body: ZVerifyRequestSchema, answers: { 200: shape({ match: bool, sha256: str, detail: str, contract: nul(obj) }) } },
  "GET /api/community/categories": { tag: "Community", summary: "List categories", answers: { 200: z.array(shape({ id: str, slug: str, name: str, description: str, read_access: str, post_access: str, can_read: bool, can_post: bool, topic_count: num })) } },
  "PUT /api/community/categories/:id/watch": { tag: "Community", summary: "Set watch", body: ZWatchSchema, answers: { 200: shape({ target: str, id: str, level: str }) } },
  "GET /api/community/topics": { tag: "Community", summary: "List topics", query: ZTopicListQuerySchema, answers: { 200: shape({ topics: list, page: num, page_size: num, total: num }) } },
  "POST /api/community/topics": { tag: "Community", summary: "Create topic", body: ZNewTopicSchema, answers: { 201: shape({ id: str, post_id: str, title: str, category_id: str }) } },
  "GET /api/community/topics/:id": { tag: "Community", summary: "Get topic", query: ZTopicPageQuerySchema, answers: { 200: shape({ id: str, title: str, category: obj, author: obj, pinned: str, locked: bool, hidden: bool, created_at: str, watch_level: str, can_reply: bool, posts: list, page: num, page_size: num, total: num }) } },
  "POST /api/community/topics/:id/posts": { tag: "Community", summary: "Create post", body: ZNewPostSchema, answers: { 201: shape({ id: str, number: num, topic_id: str, html: str }) } },
  "PUT /api/community/topics/:id/watch": { tag: "Community", summary: "Set watch", body: ZWatchSchema, answers: { 200: shape({ target: str, id: str, level: str }) } },
  "PATCH /api/community/posts/:id": { tag: "Community", summary: "Edit post", body: ZEditPostSchema, answers: { 200: shape({ id: str, body: str, html: str, edited_at: str, title: nul(str) }) } },
  "DELETE /api/community/posts/:id": { tag: "Community", summary: "Delete post", answers: { 200: shape({ success: bool, id: str }) } },
  "GET /api/community/posts/:id/revisions": { tag: "Community", summary: "Post revisions", answers: { 200: z.array(shape({ id: str, body: str, html: str, title: str, written_at: str, replaced_at: str })) } },
  "POST /api/community/posts/:id/flags": { tag: "Community", summary: "Flag post", body: ZFlagSchema, answers: { 201: shape({ success: bool, hidden: bool, message: str }) } },
  "GET /api/community/search": { tag: "Community", summary: "Search forum", query: ZSearchQuerySchema, answers: { 200: shape({ results: list, page: num, page_size: num, total: num }) } },
  "GET /api/community/mentions": {
    tag: "Community",
    summary: "Look up members to mention",
    description: "Members whose handle or name starts with q (a leading @ is ignored), at most 8, who may read where the post goes (topic_id or category_id): their display name and @handle, never an email.",
    query: ZMentionQuerySchema,
    answers: { 200: shape({ members: z.array(shape({ handle: str, name: str })) }) },
  },
  "GET /api/notifications": { tag: "Community", summary: "List notifications", query: ZNotificationsQuerySchema, answers: { 200: shape({ unread_count: num, notifications: list, page: num, page_size: num, total: num }) } },
  "POST /api/notifications/read": { tag: "Community", summary: "Mark notifications read", body: ZNotificationIdsSchema, answers: { 200: LOOSE } },
  "GET /api/email-preferences": { tag: "Community", summary: "Get email preferences", answers: { 200: shape({ legal_updates: bool, webinars: bool, forum_digest: bool, forum_notifications: bool }) } },
  "PUT /api/email-preferences": { tag: "Community", summary: "Save email preferences", body: ZEmailPreferencesSchema, answers: { 200: shape({ legal_updates: bool, webinars: bool, forum_digest: bool, forum_notifications: bool }) } },
  "GET /api/admin/community/flags": { tag: "Community", summary: "List flagged posts", answers: { 200: z.array(shape({ post_id: str, topic_id: str, topic_title: str, post_number: num, author: obj, body: str, html: str, hidden: bool, hidden_reason: str, flag_count: num, reasons: list })) } },
  "POST /api/admin/community/topics/:id/moderation": { tag: "Community", summary: "Moderate topic", body: ZModerationSchema, answers: { 200: shape({ success: bool, id: str, action: str, pinned: str, locked: bool, hidden: bool, deleted: bool, category_id: str }) } },
  "GET /api/updates": { tag: "Updates", summary: "List updates", query: ZUpdateListQuerySchema, answers: { 200: shape({ updates: list, page: num, page_size: num, total: num }) } },
  "GET /api/updates/:slug": { tag: "Updates", summary: "Get update", answers: { 200: shape({ id: str, slug: str, title: str, excerpt: str, tags: list, visibility: str, published_at: nul(str), readable: bool, access_prompt: nul(str), body: nul(str), html: nul(str), status: opt(str), publish_at: opt(nul(str)), send_email: opt(bool), emailed_at: opt(z.unknown()), created_at: opt(str), updated_at: opt(str) }) } },
  "GET /api/admin/updates": { tag: "Updates", summary: "Admin list updates", answers: { 200: z.array(shape({ id: str, slug: str, title: str, excerpt: str, tags: list, visibility: str, published_at: nul(str), readable: bool, access_prompt: z.unknown(), body: str, html: str, status: str, publish_at: nul(str), send_email: bool, emailed_at: z.unknown(), created_at: str, updated_at: str })) } },
  "POST /api/admin/updates": { tag: "Updates", summary: "Create update", body: ZUpdateSchema, answers: { 201: shape({ id: str, slug: str, title: str, excerpt: str, tags: list, visibility: str, published_at: nul(str), readable: bool, access_prompt: z.unknown(), body: str, html: str, status: str, publish_at: nul(str), send_email: bool, emailed_at: z.unknown(), created_at: str, updated_at: str, emailed_to: num }) } },
  "PATCH /api/admin/updates/:id": { tag: "Updates", summary: "Change update", body: ZUpdatePatchSchema, answers: { 200: shape({ id: str, slug: str, title: str, excerpt: str, tags: list, visibility: str, published_at: nul(str), readable: bool, access_prompt: z.unknown(), body: str, html: str, status: str, publish_at: z.unknown(), send_email: bool, emailed_at: str, created_at: str, updated_at: str, emailed_to: num }) } },
  "GET /api/webinars": { tag: "Webinars", summary: "List webinars", query: ZWhenSchema, answers: { 200: z.array(shape({ id: str, title: str, description: str, starts_at: str, ends_at: str, capacity: num, audience: str, seats_taken: num, seats_left: num, waitlist_count: num, cancelled: bool, past: bool, can_register: bool, registration: z.unknown(), join_url: z.unknown(), join_opens_at: str, recording_url: nul(str) })) } },
  "GET /api/webinars/:id": { tag: "Webinars", summary: "Get webinar", answers: { 200: shape({ id: str, title: str, description: str, starts_at: str, ends_at: str, capacity: num, audience: str, seats_taken: num, seats_left: num, waitlist_count: num, cancelled: bool, past: bool, can_register: bool, registration: nul(obj), join_url: nul(str), join_opens_at: str, recording_url: nul(str) }) } },
  "POST /api/webinars/:id/registration": { tag: "Webinars", summary: "Register for webinar", answers: { 201: shape({ id: str, title: str, description: str, starts_at: str, ends_at: str, capacity: num, audience: str, seats_taken: num, seats_left: num, waitlist_count: num, cancelled: bool, past: bool, can_register: bool, registration: obj, join_url: z.unknown(), join_opens_at: str, recording_url: z.unknown() }) } },
  "DELETE /api/webinars/:id/registration": { tag: "Webinars", summary: "Cancel webinar registration", answers: { 200: shape({ id: str, title: str, description: str, starts_at: str, ends_at: str, capacity: num, audience: str, seats_taken: num, seats_left: num, waitlist_count: num, cancelled: bool, past: bool, can_register: bool, registration: z.unknown(), join_url: z.unknown(), join_opens_at: str, recording_url: z.unknown() }) } },
  "GET /api/webinars/:id/calendar.ics": { tag: "Webinars", summary: "Webinar calendar file", answers: { 200: "calendar" } },
  "GET /api/admin/webinars": { tag: "Webinars", summary: "Admin list webinars", answers: { 200: LOOSE } },
  "POST /api/admin/webinars": { tag: "Webinars", summary: "Create webinar", body: ZWebinarSchema, answers: { 201: shape({ id: str, title: str, description: str, starts_at: str, ends_at: str, capacity: num, audience: str, seats_taken: num, seats_left: num, waitlist_count: num, cancelled: bool, past: bool, can_register: bool, registration: z.unknown(), join_url: str, join_opens_at: str, recording_url: nul(str), announced_to: num }) } },
  "PATCH /api/admin/webinars/:id": { tag: "Webinars", summary: "Change webinar", body: ZWebinarPatchSchema, answers: { 200: shape({ id: str, title: str, description: str, starts_at: str, ends_at: str, capacity: num, audience: str, seats_taken: num, seats_left: num, waitlist_count: num, cancelled: bool, past: bool, can_register: bool, registration: z.unknown(), join_url: z.unknown(), join_opens_at: str, recording_url: z.unknown(), notified: num, promoted: num }) } },
  "GET /api/admin/webinars/:id/registrations": { tag: "Webinars", summary: "Webinar registrations for admin", answers: { 200: LOOSE } },
  "POST /api/admin/webinars/:id/attendance": { tag: "Webinars", summary: "Mark attendance", body: ZAttendanceSchema, answers: { 200: shape({ success: bool, attended: num }) } },
  "GET /api/contractors": { tag: "Contractors", summary: "Search contractors", query: ZContractorSearchSchema, answers: { 200: shape({ contractors: list, page: num, page_size: num, total: num }) } },
  "GET /api/contractors/me": { tag: "Contractors", summary: "My contractor profile", answers: { 200: shape({ profile: obj }) } },
  "PUT /api/contractors/me": { tag: "Contractors", summary: "Save contractor profile", body: ZContractorProfileSchema, answers: { 200: shape({ id: str, business_name: str, description: str, trades: list, counties: list, zips: list, phone: str, email: str, status: str, verified: bool, badge_lapsed: bool, credentials: list, review_count: num, rating_average: z.unknown(), documents: list }) } },
  "POST /api/contractors/me/documents": { tag: "Contractors", summary: "Assert listing", upload: true, answers: { 201: shape({ id: str, title: str, file: obj, created_at: str }) } },
  "GET /api/contractors/me/documents/:docId": { tag: "Contractors", summary: "Contractor document file", answers: { 200: "file" } },
  "DELETE /api/contractors/me/documents/:docId": { tag: "Contractors", summary: "Delete contractor document", answers: { 200: shape({ success: bool }) } },
  "POST /api/contractors/reviews/:id/reply": { tag: "Contractors", summary: "Reply to review", body: ZReviewReplySchema, answers: { 200: shape({ id: str, reply: str, replied_at: str }) } },
  "GET /api/contractors/:id": { tag: "Contractors", summary: "Get contractor", answers: { 200: shape({ id: str, business_name: str, description: str, trades: list, counties: list, zips: list, phone: str, email: str, status: str, verified: bool, badge_lapsed: bool, credentials: list, review_count: num, rating_average: nul(num), home_repair_act_note: str, is_mine: bool, reviews: list }) } },
  "POST /api/contractors/:id/reviews": { tag: "Contractors", summary: "Review contractor", body: ZReviewSchema, answers: { 201: shape({ id: str, rating: num, body: str, edited: bool }) } },
  "POST /api/contractors/:id/introductions": { tag: "Contractors", summary: "Request contractor introduction", body: ZContractorIntroductionSchema, answers: { 201: shape({ success: bool, message: str, home_repair_act_note: str }) } },
  "POST /api/admin/contractors/:id/verification": { tag: "Contractors", summary: "Verify contractor", body: ZVerificationSchema, answers: { 200: shape({ id: str, business_name: str, description: str, trades: list, counties: list, zips: list, phone: str, email: str, status: str, verified: bool, badge_lapsed: bool, credentials: list, review_count: num, rating_average: z.unknown(), member_id: str, verification_note: str, verified_at: nul(str), license_notes: list, created_at: str }) } },
  "GET /api/admin/contractor-directory": { tag: "Contractors", summary: "Admin list contractors", query: ZDirectoryStatusQuerySchema, answers: { 200: z.array(shape({ id: str, business_name: str, description: str, trades: list, counties: list, zips: list, phone: str, email: str, status: str, verified: bool, badge_lapsed: bool, credentials: list, review_count: num, rating_average: z.unknown(), member_id: str, verification_note: str, verified_at: nul(str), license_notes: list, created_at: str, documents: list })) } },
  "GET /api/admin/contractor-directory/documents/:id": { tag: "Contractors", summary: "Contractor document file", answers: { 200: "file" } },
  "POST /api/admin/contractor-directory/reviews/:id/moderation": { tag: "Contractors", summary: "Moderate review", body: ZReviewModerationSchema, answers: { 200: shape({ id: str, hidden: bool }) } },
  "POST /api/auth/admin/login": { tag: "Admin", summary: "Sign in admin", body: ZAdminLoginRequestSchema, answers: { 200: shape({ access_token: str, token_type: str, admin_user: obj }) } },
  "POST /api/auth/admin/sign-in-link": { tag: "Admin", summary: "Request admin sign in link", body: ZEmailRequestSchema, answers: { 200: LOOSE } },
  "POST /api/auth/admin/sign-in-link/confirm": { tag: "Admin", summary: "Confirm admin sign in link", body: ZLinkTokenRequestSchema, answers: { 200: LOOSE } },
  "POST /api/auth/admin/logout": { tag: "Admin", summary: "Sign out admin", answers: { 200: shape({ success: bool }) } },
  "GET /api/auth/admin/me": { tag: "Admin", summary: "The signed-in administrator", answers: { 200: LOOSE } },
  "GET /api/admin/evictions": { tag: "Evictions", summary: "Staff case queue", query: ZQueueQuerySchema, answers: { 200: z.array(shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: nul(str), price_cents: num, parties: list, created_at: str, updated_at: str, owner_name: str })) } },
  "GET /api/admin/evictions/:id": { tag: "Evictions", summary: "Staff get case", answers: { 200: LOOSE } },
  "POST /api/admin/evictions/:id/transitions": { tag: "Evictions", summary: "Move case", body: ZEvictionMoveSchema, answers: { 200: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: nul(str), price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "PATCH /api/admin/evictions/:id/court": { tag: "Evictions", summary: "Record court facts", body: ZCourtFactsSchema, answers: { 200: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: str, price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "POST /api/admin/evictions/:id/notes": { tag: "Evictions", summary: "Add case note", body: ZEvictionNoteSchema, answers: { 201: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: str, price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "POST /api/admin/evictions/:id/documents": { tag: "Evictions", summary: "Assert case visible", upload: true, answers: { 201: shape({ id: str, lease_id: str, place: str, ground: str, ground_label: str, jurisdiction: str, jurisdiction_label: str, stage: str, stage_label: str, open: bool, allowed_moves: list, paid: bool, paid_at: str, price_cents: num, parties: list, created_at: str, updated_at: str, moves_not_yet: list, owner: obj, property_rules: obj, service_job_defaults: obj, court: obj, notices: list, documents: list, service_jobs: list, timeline: list }) } },
  "POST /api/admin/evictions/:id/notices/:notice_id/service": { tag: "Evictions", summary: "Record service", body: ZNoticeServiceSchema, answers: { 200: LOOSE } },
  "GET /api/admin/evictions/:id/notices/:notice_id/pdf": { tag: "Evictions", summary: "Notice file", query: ZNoticeCopyQuerySchema, answers: { 200: "pdf" } },
  "GET /api/admin/premium-files/:id": { tag: "Evictions", summary: "Staff case file", answers: { 200: "file" } },
  "GET /api/admin/premium-files/:id/thumbnail": { tag: "Evictions", summary: "Staff case photo thumbnail", description: THUMBNAIL_NOTE, answers: { 200: "image" } },
  "GET /api/admin/service-jobs": { tag: "Evictions", summary: "Staff job queue", query: ZQueueQuerySchema, answers: { 200: z.array(shape({ id: str, eviction_case_id: str, notice_id: str, notice_pdf_path: str, person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: z.unknown(), affidavit_file_id: z.unknown(), affidavit_path: z.unknown(), created_at: str, updated_at: str })) } },
  "GET /api/admin/service-jobs/:id": { tag: "Evictions", summary: "Staff get job", answers: { 200: LOOSE } },
  "POST /api/admin/service-jobs/:id/transitions": { tag: "Evictions", summary: "Move job", body: ZServiceJobMoveSchema, answers: { 200: shape({ id: str, eviction_case_id: str, notice_id: str, notice_pdf_path: str, person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: str, affidavit_file_id: z.unknown(), affidavit_path: z.unknown(), created_at: str, updated_at: str, owner: obj, attempts: list, documents: list, timeline: list }) } },
  "POST /api/admin/service-jobs/:id/attempts": { tag: "Evictions", summary: "Log attempt", body: ZServiceAttemptSchema, answers: { 201: shape({ id: str, eviction_case_id: str, notice_id: str, notice_pdf_path: str, person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: str, affidavit_file_id: z.unknown(), affidavit_path: z.unknown(), created_at: str, updated_at: str, owner: obj, attempts: list, documents: list, timeline: list }) } },
  "POST /api/admin/service-jobs/:id/affidavit": { tag: "Evictions", summary: "Assert job visible", upload: true, answers: { 201: shape({ id: str, eviction_case_id: str, notice_id: str, notice_pdf_path: str, person_name: str, person_description: str, addresses: list, due_on: str, rush: bool, instructions: str, state: str, state_label: str, allowed_moves: list, server_name: str, affidavit_file_id: str, affidavit_path: str, created_at: str, updated_at: str, owner: obj, attempts: list, documents: list, timeline: list }) } },
  "GET /api/admin/dashboard/stats": { tag: "Admin", summary: "Dashboard stats", answers: { 200: shape({ total_members: num, active_members: num, total_applications: num, pending_applications: num, basic_members: num, standard_members: num, premium_members: num, signed_unpaid_members: num, recent_signups: num, as_of: str }) } },
  "GET /api/admin/services/files/:id": { tag: "Admin", summary: "Staff file", answers: { 200: "file" } },
  "GET /api/admin/dashboard/charts": { tag: "Admin", summary: "Dashboard charts", answers: { 200: shape({ signups_per_week: list, members_by_level: list, mrr_by_month: list, as_of: str }) } },
  "GET /api/admin/members": { tag: "Admin", summary: "List members", answers: { 200: z.array(shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, phone: str, membership_level: str, status: str, is_active: bool, created_at: str, property_management_status: str, license_status: str, specialty_skills: list, other_specialty: str, username: z.unknown(), has_password: bool, must_change_password: bool, is_test_data: bool, subscription_state: str })) } },
  "GET /api/admin/members/search": { tag: "Admin", summary: "List members", answers: { 200: z.array(shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, phone: str, membership_level: str, status: str, is_active: bool, created_at: str, property_management_status: str, license_status: str, specialty_skills: list, other_specialty: str, username: z.unknown(), has_password: bool, must_change_password: bool, is_test_data: bool, subscription_state: str })) } },
  "GET /api/admin/members/export.csv": { tag: "Admin", summary: "The member list as CSV", query: ZAdminListQuerySchema, answers: { 200: "csv" } },
  "GET /api/admin/members/:id": { tag: "Admin", summary: "Describe one member for admin", answers: { 200: LOOSE } },
  "PUT /api/admin/members/:id": { tag: "Admin", summary: "Set member active", body: ZSetMemberActiveSchema, answers: { 200: shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, phone: str, membership_level: str, status: str, is_active: bool, created_at: str, property_management_status: str, license_status: str, specialty_skills: list, other_specialty: str, username: z.unknown(), has_password: bool, must_change_password: bool, is_test_data: bool }) } },
  "DELETE /api/admin/members/:id": { tag: "Admin", summary: "Delete member", answers: { 200: shape({ success: bool, id: str, subscription_cancelled: bool }) } },
  "POST /api/admin/members/:id/reset-password": { tag: "Admin", summary: "Reset member password", answers: { 200: shape({ success: bool, temporary_password: str, must_change_password: bool }) } },
  "POST /api/admin/members/:id/payment-link": { tag: "Admin", summary: "Resend payment link", answers: { 200: shape({ success: bool, detail: str }) } },
  "GET /api/admin/contractors": { tag: "Contractors", summary: "List members", answers: { 200: z.array(shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, phone: str, membership_level: str, status: str, is_active: bool, created_at: str, property_management_status: str, license_status: str, specialty_skills: list, other_specialty: str, username: z.unknown(), has_password: bool, must_change_password: bool, is_test_data: bool, subscription_state: str })) } },
  "GET /api/admin/applications": { tag: "Admin", summary: "List applications", answers: { 200: z.array(shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, phone: str, message: str, membership_level: str, property_management_status: str, license_status: str, specialty_skills: list, other_specialty: str, status: str, has_user_account: bool, signed_at: str, created_at: str, is_test_data: bool })) } },
  "GET /api/admin/applications/search": { tag: "Admin", summary: "List applications", answers: { 200: z.array(shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, phone: str, message: str, membership_level: str, property_management_status: str, license_status: str, specialty_skills: list, other_specialty: str, status: str, has_user_account: bool, signed_at: z.unknown(), created_at: str, is_test_data: bool })) } },
  "GET /api/admin/contracts": { tag: "Admin", summary: "List contracts", answers: { 200: z.array(shape({ id: str, member_id: str, application_id: str, member_name: str, member_email: str, membership_level: str, signed_at: str, contract_version: str, email_sent: bool })) } },
  "GET /api/admin/contracts/:id": { tag: "Admin", summary: "Get contract for admin", answers: { 200: shape({ id: str, member_id: str, application_id: str, member_name: str, member_email: str, membership_level: str, signed_at: str, contract_version: str, email_sent: bool, contract_text: str, text_sha256: str, signature_name: str, consent_wording: str, ip_address: z.unknown(), user_agent: z.unknown(), pdf_url: str }) } },
  "POST /api/admin/contracts/:id/resend-email": { tag: "Admin", summary: "Resend contract email", answers: { 200: shape({ success: bool, detail: str, outbox_id: str }) } },
  "GET /api/admin/payments": { tag: "Admin", summary: "List payments", answers: { 200: z.array(shape({ id: str, member_id: str, member_name: str, member_email: str, membership_level: str, billing_frequency: str, kind: str, amount_cents: num, amount: num, currency: str, payment_status: str, display_status: str, session_id: str, provider: str, created_at: str, completed_at: str })) } },
  "GET /api/admin/data/overview": { tag: "Admin", summary: "Data overview", query: ZAdminListQuerySchema, answers: { 200: shape({ total_members: num, real_members: num, test_members: num, total_applications: num, real_applications: num, test_applications: num }) } },
  "GET /api/admin/export-data": { tag: "Admin", summary: "Export Backup: members, applications, contracts, subscriptions and payments as JSON (an export, not a backup)", answers: { 200: shape({ format: str, version: num, note: str, exported_at: str, members: list, applications: list, contracts: list, subscriptions: list, payments: list }) }, description: "A JSON file, as a download (Content-Disposition: attachment)." },
  "POST /api/admin/cleanup-test-data": { tag: "Admin", summary: "Cleanup test data", answers: { 200: shape({ success: bool, deleted_members: num, deleted_applications: num, skipped_members_with_subscriptions: num, detail: str }) } },
  "GET /api/admin/audit-log": { tag: "Admin", summary: "List audit log", query: ZAuditLogQuerySchema, answers: { 200: shape({ items: list, next_before: nul(num) }) } },
  "GET /api/admin/outbox": { tag: "Admin", summary: "List outbox", answers: { 200: z.array(shape({ id: str, template: str, to: str, subject: str, status: str, attempts: num, last_error: z.unknown(), sent_at: z.unknown(), created_at: str })) } },
  "GET /api/admin/outbox/:id": { tag: "Admin", summary: "Read outbox message", answers: { 200: shape({ id: str, template: str, to: str, subject: str, text: str, html: str, credentials: str, test_mode_mailbox: bool, status: str, attempts: num, last_error: z.unknown(), sent_at: z.unknown(), created_at: str, attachments: list }) } },
  "POST /api/auth/login": { tag: "Accounts", summary: "Sign in with password", body: ZLoginRequestSchema, answers: { 200: shape({ access_token: str, token_type: str, expires_at: str, user: obj }) } },
  "GET /api/auth/me": { tag: "Accounts", summary: "Describe member", answers: { 200: shape({ id: str, first_name: str, last_name: str, full_name: str, email: str, username: nul(str), membership_level: str, status: str, member_since: str, application_id: str, has_password: bool, email_verified: bool, must_change_password: bool, next_steps: list, available_features: list }) } },
  "POST /api/auth/verify-token": { tag: "Accounts", summary: "Describe member", answers: { 200: shape({ valid: bool, expires_at: str, user: obj }) } },
  "POST /api/auth/logout": { tag: "Accounts", summary: "Invalidate session", answers: { 200: shape({ success: bool }) } },
  "POST /api/auth/sign-in-link": { tag: "Accounts", summary: "Request account link", body: ZEmailRequestSchema, answers: { 200: shape({ success: bool, message: str }) } },
  "POST /api/auth/sign-in-link/confirm": { tag: "Accounts", summary: "Confirm sign in link", body: ZLinkTokenRequestSchema, answers: { 200: shape({ access_token: str, token_type: str, user: obj }) } },
  "POST /api/auth/password-link": { tag: "Accounts", summary: "Request account link", body: ZEmailRequestSchema, answers: { 200: shape({ success: bool, message: str }) } },
  "POST /api/auth/password-reset": { tag: "Accounts", summary: "Reset password with link", body: ZResetPasswordRequestSchema, answers: { 200: shape({ access_token: str, token_type: str, user: obj }) } },
  "POST /api/auth/email-code": { tag: "Accounts", summary: "Send email code", answers: { 200: shape({ success: bool, email_verified: bool, message: str }) } },
  "POST /api/auth/password": { tag: "Accounts", summary: "Change password", body: ZChangePasswordRequestSchema, answers: { 200: shape({ success: bool, message: str }) } },
  // Security deposits and the compliance calendar (PORTAL.md 3b).
  "GET /api/portal/compliance": { tag: "Deposits and compliance", summary: "The compliance calendar of every lease", answers: { 200: shape({ today: str, items: list }) } },
  "PUT /api/portal/settings/compliance-digest": { tag: "Deposits and compliance", summary: "Turn the weekly compliance email on or off", body: z.object({ enabled: bool }), answers: { 200: shape({ compliance_digest: bool }) } },
  "GET /api/portal/leases/:id/deposit": { tag: "Deposits and compliance", summary: "A lease's security deposit: held, where, receipt, interest, move-out", answers: { 200: LOOSE } },
  "PUT /api/portal/leases/:id/deposit": { tag: "Deposits and compliance", summary: "Say where the deposit is held", body: ZDepositInstitutionSchema, answers: { 200: LOOSE } },
  "POST /api/portal/leases/:id/deposit/receipt": { tag: "Deposits and compliance", summary: "Give the deposit receipt (PDF kept and emailed)", body: ZDepositReceiptSchema, answers: { 201: LOOSE } },
  "POST /api/portal/leases/:id/deposit/interest": { tag: "Deposits and compliance", summary: "Settle a period's deposit interest", body: ZInterestSettlementSchema, answers: { 201: LOOSE } },
  "POST /api/portal/leases/:id/move-out": { tag: "Deposits and compliance", summary: "Record the move-out", body: ZMoveOutSchema, answers: { 200: LOOSE } },
  "POST /api/portal/leases/:id/deposit/statement": { tag: "Deposits and compliance", summary: "Make the itemized deposit statement", body: ZDepositStatementSchema, answers: { 201: LOOSE } },
  "POST /api/portal/leases/:id/deposit/statement/receipts": { tag: "Deposits and compliance", summary: "Send the paid receipts of estimated deductions", body: ZDepositReceiptsSchema, answers: { 200: LOOSE } },
  "GET /api/portal/leases/:id/condition-reports": { tag: "Deposits and compliance", summary: "A lease's condition reports", answers: { 200: LOOSE } },
  "POST /api/portal/leases/:id/condition-reports": { tag: "Deposits and compliance", summary: "Save a move-in or move-out condition report", body: ZConditionReportSchema, answers: { 201: LOOSE } },
  "GET /api/tenant/leases/:id/condition-reports": { tag: "Tenant portal", summary: "The condition reports of a tenant's lease", answers: { 200: LOOSE } },
  "POST /api/tenant/condition-reports/:id/sign": { tag: "Tenant portal", summary: "Sign a condition report", body: ZConditionSignatureSchema, answers: { 200: LOOSE } },
  "GET /api/admin/deposit-interest-rates": { tag: "Admin", summary: "Security deposit interest rates by rule set and year", answers: { 200: LOOSE } },
  "POST /api/admin/deposit-interest-rates": { tag: "Admin", summary: "Add a year's deposit interest rate", body: ZDepositRateSchema, answers: { 201: LOOSE } },
  "GET /api/portal/search": {
    tag: "Owner portal",
    summary: "Search the owner's books: tenants, properties and units, leases, payments (amount, reference, date), expenses, maintenance requests",
    query: ZBooksSearchQuerySchema,
    answers: { 200: z.object({ query: str, groups: z.array(z.object({ kind: str, label: str, items: z.array(z.object({ id: str, title: str, subtitle: str, path: str })) })) }) },
  },
  // Autopay and receipts (PORTAL.md 8a).
  "GET /api/portal/ledger/:entryId/receipt": { tag: "Owner portal", summary: "A payment's receipt (PDF; VOID once voided)", answers: { 200: "pdf" } },
  "POST /api/portal/ledger/:entryId/receipt/send": {
    tag: "Owner portal",
    summary: "Email a payment's receipt again to the lease's tenants",
    answers: { 200: shape({ success: bool, entry_id: str, receipt_number: str, voided: bool, sent_to: list }) },
  },
  "GET /api/tenant/payments/:id/receipt": { tag: "Tenant portal", summary: "A payment's receipt (PDF), by its ledger entry", answers: { 200: "pdf" } },
  "POST /api/tenant/leases/:id/autopay": {
    tag: "Tenant portal",
    summary: "Turn on autopay: the authorization is kept, and the setup checkout saves the card or bank account",
    body: ZAutopayRequestSchema,
    answers: { 200: shape({ setup_url: str, autopay_id: str, authorization: str }) },
  },
  "DELETE /api/tenant/leases/:id/autopay": { tag: "Tenant portal", summary: "Stop autopay (no charge not yet started is made)", answers: { 200: LOOSE } },
  "GET /api/tenant/autopay/:id": { tag: "Tenant portal", summary: "Where an autopay setup stands (the page the setup returns to)", answers: { 200: LOOSE } },
  // Leases signed online and renewals (PORTAL.md 8a).
  "GET /api/portal/leases/:id/signature-requests": { tag: "Lease signing", summary: "A lease's signature requests, newest first", answers: { 200: shape({ requests: list }) } },
  "POST /api/portal/leases/:id/signature-requests": {
    tag: "Lease signing",
    summary: "Send the lease for signature (the association's template or the owner's PDF; Chicago: with the City's two summaries)",
    body: ZSignatureRequestSchema,
    answers: { 201: SIGNATURE_REQUEST },
  },
  "POST /api/portal/signature-requests/:id/countersign": { tag: "Lease signing", summary: "Countersign once every tenant signed", body: ZCountersignSchema, answers: { 200: SIGNATURE_REQUEST } },
  "POST /api/portal/signature-requests/:id/withdraw": { tag: "Lease signing", summary: "Withdraw a request not yet countersigned", answers: { 200: SIGNATURE_REQUEST } },
  "GET /api/portal/signature-requests/:id/pdf": { tag: "Lease signing", summary: "The lease with its signatures so far (the signed lease once countersigned)", answers: { 200: "pdf" } },
  "POST /api/portal/leases/:id/rlto-summary": { tag: "Lease signing", summary: "Record the day the City's RLTO summaries were given another way", body: ZDisclosureGivenSchema, answers: { 200: shape({ lease_id: str, rlto_summary_given_on: str }) } },
  "GET /api/portal/leases/:id/renewal-check": { tag: "Lease signing", summary: "What a renewal would need: the rent change and Chicago's Fair Notice check", query: ZRenewalCheckQuerySchema, answers: { 200: shape({ rent_change_cents: num, fair_notice: obj }) } },
  "POST /api/portal/leases/:id/renew": { tag: "Lease signing", summary: "Renew: the next term as a new lease", body: ZRenewSchema, answers: { 201: shape({ id: str, start_date: str, end_date: str, rent_cents: num, renews_lease_id: str, rent_change_cents: num, fair_notice: obj, tenants: list }) } },
  "GET /api/tenant/signature-requests": { tag: "Tenant portal", summary: "Leases to sign, and signed", answers: { 200: shape({ requests: list }) } },
  "GET /api/tenant/signature-requests/:id/pdf": { tag: "Tenant portal", summary: "The lease to sign (or as signed), as a PDF", answers: { 200: "pdf" } },
  "POST /api/tenant/signature-requests/:id/sign": { tag: "Tenant portal", summary: "Sign the lease read (its SHA-256)", body: ZTenantSignSchema, answers: { 200: SIGNATURE_REQUEST } },
  "POST /api/tenant/signature-requests/:id/decline": { tag: "Tenant portal", summary: "Decline the lease, saying why", body: ZDeclineSignatureSchema, answers: { 200: SIGNATURE_REQUEST } },
};
