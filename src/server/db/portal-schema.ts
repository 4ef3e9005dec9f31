import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  JURISDICTIONS,
  LEDGER_KINDS,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  PAYMENT_METHODS,
  PROPERTY_TYPE_KEYS,
  SIGNATURE_DOCUMENTS,
  SIGNATURE_REQUEST_STATUSES,
  SIGNER_STATUSES,
  type TLateFeePolicy,
} from "../../shared/portal.ts";
import { EXPENSE_CATEGORY_KEYS } from "../../shared/books.ts";
import { ALA_CARTE_ITEMS } from "../../shared/membership.ts";
import type { MonthlyStatement } from "../domain/portal/statement-rules.ts";
import { members } from "./membership-schema.ts";

// The owner portal's books (PORTAL.md 2 and 3). Every row carries its owner, so every query is
// scoped to the owner in the query itself. Money is integer cents; dates are calendar dates
// (America/Chicago), times UTC.

const tz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tz("created_at").notNull().defaultNow();
const updatedAt = () => tz("updated_at").notNull().defaultNow();
const owner = () =>
  uuid("owner_id")
    .notNull()
    .references(() => members.id);
const day = (name: string) => date(name, { mode: "string" });

export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text("name"),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    state: text("state").notNull().default("IL"),
    zip: text("zip").notNull(),
    propertyType: text("property_type", { enum: PROPERTY_TYPE_KEYS }).notNull(),
    placedInService: day("placed_in_service"),
    buildingBasisCents: integer("building_basis_cents"),
    /** The owner lives in the building (PORTAL.md 3b): with six units or fewer it is outside Chicago's and Cook County's ordinances. */
    ownerOccupied: boolean("owner_occupied").notNull().default(false),
    /** The owner said whether they live there; until then the app cannot know and warns. */
    ownerOccupiedConfirmed: boolean("owner_occupied_confirmed").notNull().default(false),
    /** Chicago, suburban Cook or elsewhere, as the owner confirmed it; null: the app's guess from the city (jurisdiction.ts). */
    jurisdiction: text("jurisdiction", { enum: JURISDICTIONS }),
    archivedAt: tz("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("properties_owner_idx").on(t.ownerId, t.createdAt)],
);

export const units = pgTable(
  "units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    label: text("label").notNull(),
    bedrooms: smallint("bedrooms"),
    bathrooms: numeric("bathrooms", { precision: 3, scale: 1, mode: "number" }),
    marketRentCents: integer("market_rent_cents"),
    archivedAt: tz("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("units_owner_idx").on(t.ownerId),
    uniqueIndex("units_property_label_key").on(t.propertyId, sql`lower(${t.label})`),
  ],
);

export const leases = pgTable(
  "leases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id),
    startDate: day("start_date").notNull(),
    /** Null: month-to-month. Ending a lease sets it. */
    endDate: day("end_date"),
    rentCents: integer("rent_cents").notNull(),
    dueDay: smallint("due_day").notNull(),
    depositCents: integer("deposit_cents").notNull().default(0),
    lateFee: jsonb("late_fee").$type<TLateFeePolicy>(),
    /** Days before the due date the tenants are reminded (PORTAL.md 4). */
    reminderDays: smallint("reminder_days").notNull().default(3),
    /** Rent and late fees are posted through this day (the daily job and every read post what is due after it). */
    postedThrough: day("posted_through"),
    /**
     * The day the books begin when they start after the tenancy (PORTAL.md 3a): nothing dated before
     * it is posted; an opening balance entry on it carries what the tenant owed then. Null: the start.
     */
    booksFrom: day("books_from"),
    /** The fee charged for a payment returned unpaid (a bounced check), if the owner set one. */
    returnedPaymentFeeCents: integer("returned_payment_fee_cents"),
    /** Where the security deposit is held (the RLTO wants the institution named in the lease: 5-12-080(a)). */
    depositInstitutionName: text("deposit_institution_name"),
    depositInstitutionAddress: text("deposit_institution_address"),
    /** The deposit receipt (RLTO 5-12-080(b)): when it was given, and its PDF. */
    depositReceiptGivenOn: day("deposit_receipt_given_on"),
    depositReceiptFileId: uuid("deposit_receipt_file_id"),
    /** The lease this one renews (PORTAL.md 8a): the same tenancy's next term; its ledger carries the earlier term's balance and deposit. */
    renewsLeaseId: uuid("renews_lease_id").references((): AnyPgColumn => leases.id),
    /** The earlier term's last ledger entry already carried into this one (its `seq`): a later entry there is carried again. */
    carriedSeq: bigint("carried_seq", { mode: "number" }),
    /** When the tenants were given the City's RLTO summary and interest rate summary (Chicago Municipal Code 5-12-170). */
    rltoSummaryGivenOn: day("rlto_summary_given_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("leases_owner_idx").on(t.ownerId),
    index("leases_unit_idx").on(t.unitId, t.startDate),
    index("leases_posted_idx").on(t.postedThrough),
    uniqueIndex("leases_renews_key").on(t.renewsLeaseId).where(sql`${t.renewsLeaseId} is not null`),
  ],
);

export const leaseTenants = pgTable(
  "lease_tenants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    /** The tenant portal account of this tenant, once invited (PORTAL.md 1). */
    tenantAccountId: uuid("tenant_account_id").references((): AnyPgColumn => tenantAccounts.id),
    invitedAt: tz("invited_at"),
    /**
     * When the tenant accepted this landlord's invitation (its emailed link, or the accept button
     * naming the landlord and the address): only then does the lease join their portal.
     */
    acceptedAt: tz("accepted_at"),
    declinedAt: tz("declined_at"),
    /** The owner ended this tenant's access: the portal no longer shows the lease; the books keep it. */
    accessRevokedAt: tz("access_revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lease_tenants_lease_idx").on(t.leaseId),
    index("lease_tenants_owner_idx").on(t.ownerId),
    index("lease_tenants_account_idx").on(t.tenantAccountId).where(sql`${t.tenantAccountId} is not null`),
  ],
);

/**
 * A person who signs in to the tenant portal (`/tenant`), keyed by email: one person may be a
 * tenant of several owners and sees each of their leases. Not an association member.
 */
export const tenantAccounts = pgTable(
  "tenant_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash"),
    /** Set by the first emailed link used: the account is its email owner's. */
    emailVerifiedAt: tz("email_verified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tenant_accounts_email_key").on(sql`lower(${t.email})`)],
);

/** What an owner tells tenants and how they are reminded (one row per owner, made on first use). */
export const ownerSettings = pgTable("owner_settings", {
  ownerId: uuid("owner_id")
    .primaryKey()
    .references(() => members.id),
  /** How tenants pay without online payment: "checks to ..., Zelle to ...". */
  paymentInstructions: text("payment_instructions").notNull().default(""),
  /** Email the month's owner statement (PDF) on the 1st (PORTAL.md 6). */
  monthlyStatementEmail: boolean("monthly_statement_email").notNull().default(false),
  /** The weekly email of compliance deadlines due within 14 days (PORTAL.md 3b); on unless the owner turns it off. */
  complianceDigest: boolean("compliance_digest").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * A tenant's move-out (PORTAL.md 3b): the day they vacated and where to send the deposit's
 * statement, and, once made, the itemized statement and what was returned and kept.
 */
export const moveOuts = pgTable("move_outs", {
  leaseId: uuid("lease_id")
    .primaryKey()
    .references(() => leases.id),
  ownerId: owner(),
  vacatedOn: day("vacated_on").notNull(),
  forwardingAddress: text("forwarding_address").notNull().default(""),
  forwardingEmail: text("forwarding_email"),
  /** The lease ended by the tenant's notice after a fire or casualty (RLTO 5-12-110(g)): the deposit is due in 7 days. */
  casualty: boolean("casualty").notNull().default(false),
  statementSentOn: day("statement_sent_on"),
  statementFileId: uuid("statement_file_id"),
  /** Paid receipts sent after a statement of estimated costs (765 ILCS 710/1, RLTO 5-12-080(d): within 30 days of it). */
  receiptsSentOn: day("receipts_sent_on"),
  /** The deductions itemized on the statement (kind, description, amount, estimate, files, condition item). */
  deductions: jsonb("deductions").$type<DepositDeduction[]>().notNull().default([]),
  returnedCents: integer("returned_cents"),
  keptCents: integer("kept_cents"),
  interestCents: integer("interest_cents"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface DepositDeduction {
  kind: "unpaid_rent" | "damage";
  description: string;
  amount_cents: number;
  estimate: boolean;
  file_ids: string[];
  condition_item: string | null;
}

/** Deposit interest the owner paid or credited, one row per 12-month rental period (PORTAL.md 3b). */
export const depositInterestSettlements = pgTable(
  "deposit_interest_settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    periodStart: day("period_start").notNull(),
    amountCents: integer("amount_cents").notNull(),
    settledAs: text("settled_as", { enum: ["cash", "rent_credit"] }).notNull(),
    settledOn: day("settled_on").notNull(),
    /** The rent credit on the ledger, when credited. */
    ledgerEntryId: uuid("ledger_entry_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("deposit_interest_settlements_key").on(t.leaseId, t.periodStart)],
);

/**
 * The deposit interest rate by year, as the rule set's authority publishes it (Chicago: the City
 * Comptroller under RLTO 5-12-081). Shipped with the app's known years; an administrator adds each
 * new year's rate from the City's notice.
 */
export const depositInterestRates = pgTable(
  "deposit_interest_rates",
  {
    ruleSet: text("rule_set").notNull(),
    year: smallint("year").notNull(),
    /** The annual rate in millionths (0.01% is 100). */
    ratePpm: integer("rate_ppm").notNull(),
    source: text("source").notNull(),
    enteredBy: text("entered_by").notNull().default("shipped with the app"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ruleSet, t.year] })],
);

/** Move-in and move-out condition reports of a lease (PORTAL.md 3b): rooms, items, condition, photos, the tenant's signature. */
export const conditionReports = pgTable(
  "condition_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    kind: text("kind", { enum: ["move_in", "move_out"] }).notNull(),
    inspectedOn: day("inspected_on").notNull(),
    items: jsonb("items").$type<ConditionItem[]>().notNull().default([]),
    tenantSignedAt: tz("tenant_signed_at"),
    tenantSignatureName: text("tenant_signature_name"),
    tenantComment: text("tenant_comment"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("condition_reports_lease_kind_key").on(t.leaseId, t.kind)],
);

export interface ConditionItem {
  key: string;
  room: string;
  item: string;
  condition: "good" | "fair" | "poor" | "damaged" | "missing";
  note: string;
  file_ids: string[];
}

/** The weekly compliance email, once per owner and week (an idempotent job: DECISIONS.md 25). */
export const complianceDigests = pgTable(
  "compliance_digests",
  {
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => members.id),
    week: day("week").notNull(),
    items: integer("items").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.week] })],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Files people upload (photos, receipts, lease documents), kept in PostgreSQL so every server
 * process and every backup has them (DECISIONS.md 24). The type is read from the content.
 */
export const portalFiles = pgTable(
  "portal_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    /** Who uploaded it: the owner, or a tenant (tenant_accounts). */
    uploadedByTenant: uuid("uploaded_by_tenant").references((): AnyPgColumn => tenantAccounts.id),
    /** Uploaded by the association's staff (an affidavit, a case document): outside the owner's quota. */
    uploadedByStaff: boolean("uploaded_by_staff").notNull().default(false),
    /**
     * The owner deleted this file (a tenant's photo): its bytes are gone, the record of it stays
     * with who deleted it and when.
     */
    deletedAt: tz("deleted_at"),
    deletedBy: text("deleted_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("portal_files_owner_idx").on(t.ownerId),
    // The upload quotas read an uploader's files of the last day.
    index("portal_files_tenant_recent_idx").on(t.uploadedByTenant, t.createdAt).where(sql`${t.uploadedByTenant} is not null`),
    index("portal_files_owner_recent_idx").on(t.ownerId, t.createdAt),
  ],
);

/** Documents of a lease (the signed lease, addenda) the owner shares with its tenants. */
export const leaseDocuments = pgTable(
  "lease_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    fileId: uuid("file_id")
      .notNull()
      .references(() => portalFiles.id),
    title: text("title").notNull(),
    sharedWithTenants: boolean("shared_with_tenants").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("lease_documents_lease_idx").on(t.leaseId)],
);

/** A document that goes with a lease sent for signature (Chicago's RLTO summary and its interest rate summary). */
export interface SignatureAttachment {
  kind: "rlto_summary" | "interest_rate_summary";
  title: string;
  fileId: string;
  sha256: string;
}

/**
 * A lease sent for signature (PORTAL.md 8a): the document exactly as sent (the filled template's
 * text, or the owner's PDF) and its SHA-256, what went with it, and the owner's countersignature.
 * The signed PDF is made from this row and its signatures alone, so the same record renders the
 * same bytes: `pdf_sha256` is what /verify finds.
 */
export const leaseSignatureRequests = pgTable(
  "lease_signature_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    document: text("document", { enum: SIGNATURE_DOCUMENTS }).notNull(),
    title: text("title").notNull(),
    /** The filled template, as sent; null for the owner's PDF. */
    documentText: text("document_text"),
    templateVersion: text("template_version"),
    /** The owner's PDF; null for the template. */
    documentFileId: uuid("document_file_id").references(() => portalFiles.id),
    /** SHA-256 of the text (UTF-8) or of the PDF's bytes: what each signer confirms they read. */
    documentSha256: text("document_sha256").notNull(),
    attachments: jsonb("attachments").$type<SignatureAttachment[]>().notNull().default([]),
    status: text("status", { enum: SIGNATURE_REQUEST_STATUSES }).notNull().default("sent"),
    landlordName: text("landlord_name").notNull(),
    landlordEmail: text("landlord_email").notNull(),
    countersignName: text("countersign_name"),
    countersignConsent: text("countersign_consent"),
    countersignedAt: tz("countersigned_at"),
    countersignIp: text("countersign_ip"),
    countersignUserAgent: text("countersign_user_agent"),
    /** The signed PDF's SHA-256 once countersigned (verification), and the copy kept with the lease. */
    pdfSha256: text("pdf_sha256"),
    signedFileId: uuid("signed_file_id").references(() => portalFiles.id),
    /** The verification page's address, printed on the audit page. */
    verifyUrl: text("verify_url").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lease_signature_requests_lease_idx").on(t.leaseId, t.createdAt),
    uniqueIndex("lease_signature_requests_open_key").on(t.leaseId).where(sql`${t.status} in ('sent', 'signed')`),
    uniqueIndex("lease_signature_requests_pdf_key").on(t.pdfSha256).where(sql`${t.pdfSha256} is not null`),
  ],
);

/** One tenant's signature (or refusal) of a lease sent for signature, with the ESIGN/UETA record of it. */
export const leaseSignatures = pgTable(
  "lease_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => leaseSignatureRequests.id),
    leaseTenantId: uuid("lease_tenant_id")
      .notNull()
      .references(() => leaseTenants.id),
    /** The tenant's name and email on the lease when it was sent. */
    name: text("name").notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: SIGNER_STATUSES }).notNull().default("pending"),
    signatureName: text("signature_name"),
    consentWording: text("consent_wording"),
    signedAt: tz("signed_at"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    declinedAt: tz("declined_at"),
    declineReason: text("decline_reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lease_signatures_signer_key").on(t.requestId, t.leaseTenantId), index("lease_signatures_tenant_idx").on(t.leaseTenantId)],
);

/** A maintenance request (PORTAL.md 5); its history is in maintenance_events. */
export const maintenanceRequests = pgTable(
  "maintenance_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    unitId: uuid("unit_id").references(() => units.id),
    /** The lease whose tenants see it (a tenant's request always has one). */
    leaseId: uuid("lease_id").references(() => leases.id),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: MAINTENANCE_CATEGORIES }).notNull(),
    priority: text("priority", { enum: MAINTENANCE_PRIORITIES }).notNull(),
    permissionToEnter: boolean("permission_to_enter").notNull().default(false),
    status: text("status", { enum: MAINTENANCE_STATUSES }).notNull().default("submitted"),
    /** Null: the owner submitted it. */
    submittedByTenant: uuid("submitted_by_tenant").references((): AnyPgColumn => tenantAccounts.id),
    /** A skills-network member the owner assigned the job to. */
    assignedMemberId: uuid("assigned_member_id").references(() => members.id),
    completedAt: tz("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("maintenance_requests_owner_idx").on(t.ownerId, t.status),
    index("maintenance_requests_lease_idx").on(t.leaseId).where(sql`${t.leaseId} is not null`),
  ],
);

/** What happened to a request: submitted, moved (with a note), commented, a photo added, assigned. */
export const MAINTENANCE_EVENT_KINDS = ["submitted", "transition", "comment", "photo", "photo_deleted", "assigned"] as const;

export const maintenanceEvents = pgTable(
  "maintenance_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    ownerId: owner(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => maintenanceRequests.id),
    kind: text("kind", { enum: MAINTENANCE_EVENT_KINDS }).notNull(),
    fromStatus: text("from_status", { enum: MAINTENANCE_STATUSES }),
    toStatus: text("to_status", { enum: MAINTENANCE_STATUSES }),
    note: text("note").notNull().default(""),
    /** Who: "owner" or "tenant" (and which tenant). */
    actor: text("actor", { enum: ["owner", "tenant"] }).notNull(),
    actorTenantId: uuid("actor_tenant_id").references((): AnyPgColumn => tenantAccounts.id),
    actorName: text("actor_name").notNull(),
    fileId: uuid("file_id").references(() => portalFiles.id),
    createdAt: createdAt(),
  },
  (t) => [index("maintenance_events_request_idx").on(t.requestId, t.seq)],
);

/** An owner's payout account for online rent (Stripe Connect Express, or the test provider's). */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    ownerId: uuid("owner_id")
      .primaryKey()
      .references(() => members.id),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    accountId: text("account_id").notNull(),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payout_accounts_account_key").on(t.accountId)],
);

export const RENT_PAYMENT_STATUSES = ["initiated", "processing", "paid", "failed", "expired", "refunded"] as const;

/** A tenant's online rent payment: one checkout, and the ledger entries its events wrote. */
export const rentPayments = pgTable(
  "rent_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    tenantAccountId: uuid("tenant_account_id")
      .notNull()
      .references((): AnyPgColumn => tenantAccounts.id),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    sessionId: text("session_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: RENT_PAYMENT_STATUSES }).notNull().default("initiated"),
    /** card or us_bank_account, once known. */
    method: text("method"),
    /** The provider's payment (Stripe's PaymentIntent), which refunds name. */
    paymentRef: text("payment_ref"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    ledgerEntryId: uuid("ledger_entry_id").references(() => ledgerEntries.id),
    reversalEntryId: uuid("reversal_entry_id").references(() => ledgerEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rent_payments_session_key").on(t.sessionId),
    index("rent_payments_lease_idx").on(t.leaseId),
    index("rent_payments_ref_idx").on(t.paymentRef).where(sql`${t.paymentRef} is not null`),
  ],
);

/** Reminders sent: at most one of each kind per lease and period (DECISIONS.md 25). */
export const rentReminders = pgTable(
  "rent_reminders",
  {
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    period: text("period").notNull(),
    kind: text("kind", { enum: ["before_due", "after_grace"] }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.leaseId, t.period, t.kind] })],
);

/** The customer a tenant account is at a payment provider: saved payment methods hang on it (one per provider). */
export const tenantPaymentCustomers = pgTable(
  "tenant_payment_customers",
  {
    tenantAccountId: uuid("tenant_account_id")
      .notNull()
      .references((): AnyPgColumn => tenantAccounts.id),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantAccountId, t.provider] })],
);

export const AUTOPAY_STATUSES = ["pending", "active", "stopped"] as const;

/**
 * A tenant's autopay on a lease (issue 30, item 3): the limit, the payment method saved by a
 * setup checkout, and the authorization the tenant agreed to (its exact words, when, from where).
 * `pending` until the provider confirms the saved method; one `active` per lease, since one
 * balance is paid once.
 */
export const autopayEnrollments = pgTable(
  "autopay_enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    leaseTenantId: uuid("lease_tenant_id")
      .notNull()
      .references(() => leaseTenants.id),
    tenantAccountId: uuid("tenant_account_id")
      .notNull()
      .references((): AnyPgColumn => tenantAccounts.id),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    status: text("status", { enum: AUTOPAY_STATUSES }).notNull().default("pending"),
    limitCents: integer("limit_cents").notNull(),
    setupSessionId: text("setup_session_id").notNull(),
    customerId: text("customer_id").notNull(),
    paymentMethodId: text("payment_method_id"),
    /** card or us_bank_account */
    methodType: text("method_type"),
    /** The card's brand ("visa"), or the bank's name. */
    brand: text("brand"),
    last4: text("last4"),
    /** The authorization as the tenant read it (Reg E 12 CFR 1005.10(b): a copy goes to them by email). */
    authorizationText: text("authorization_text").notNull(),
    authorizedAt: tz("authorized_at").notNull(),
    authorizedIp: text("authorized_ip"),
    authorizedUserAgent: text("authorized_user_agent"),
    activatedAt: tz("activated_at"),
    stoppedAt: tz("stopped_at"),
    /** Who stopped it: the tenant, the owner (access removed), or the system (replaced by a new method). */
    stoppedBy: text("stopped_by", { enum: ["tenant", "owner", "system"] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("autopay_enrollments_session_key").on(t.setupSessionId),
    uniqueIndex("autopay_enrollments_active_lease_key").on(t.leaseId).where(sql`${t.status} = 'active'`),
    index("autopay_enrollments_tenant_idx").on(t.tenantAccountId),
    index("autopay_enrollments_lease_idx").on(t.leaseId),
  ],
);

export const AUTOPAY_CHARGE_STATUSES = ["claimed", "processing", "paid", "failed", "skipped", "refunded"] as const;

/**
 * One autopay charge of a lease for a due date: attempt 1 on the due day, attempt 2 three days
 * after it failed. The key (lease, due date, attempt) is the claim: the process whose insert
 * wins charges, every other process (and every later run) finds it taken. The ledger entries
 * its provider events wrote are kept here, as a rent payment keeps its own.
 */
export const autopayCharges = pgTable(
  "autopay_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => autopayEnrollments.id),
    dueDate: day("due_date").notNull(),
    attempt: smallint("attempt").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: AUTOPAY_CHARGE_STATUSES }).notNull().default("claimed"),
    /** The provider's payment (Stripe's PaymentIntent). */
    paymentRef: text("payment_ref"),
    method: text("method"),
    failureMessage: text("failure_message"),
    failedOn: day("failed_on"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    ledgerEntryId: uuid("ledger_entry_id").references(() => ledgerEntries.id),
    reversalEntryId: uuid("reversal_entry_id").references(() => ledgerEntries.id),
    /** When a process took it; a claim left without a payment for long was cut off and is taken again. */
    claimedAt: tz("claimed_at").notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("autopay_charges_claim_key").on(t.leaseId, t.dueDate, t.attempt),
    index("autopay_charges_ref_idx").on(t.paymentRef).where(sql`${t.paymentRef} is not null`),
    index("autopay_charges_retry_idx").on(t.status, t.failedOn),
  ],
);

// The built-in test provider's side of online rent (what Stripe Connect would hold): connected
// accounts and rent checkouts. The app reads them only through the rent-payment provider.
export const testProviderAccounts = pgTable("test_provider_accounts", {
  id: text("id").primaryKey(),
  ownerId: uuid("owner_id").notNull(),
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  createdAt: createdAt(),
});

export const testProviderRentCheckouts = pgTable("test_provider_rent_checkouts", {
  id: text("id").primaryKey(),
  /** The owner's connected account (online rent); null: the association's own (a purchase). */
  accountId: text("account_id"),
  amountCents: integer("amount_cents").notNull(),
  /** open, complete, expired */
  status: text("status").notNull(),
  /** unpaid (open, or a bank payment on its way), paid, failed */
  paymentStatus: text("payment_status").notNull().default("unpaid"),
  /** The payment's own state: processing (a bank payment on its way), succeeded, failed. */
  paymentState: text("payment_state"),
  /** A test bank payment's end, chosen on the checkout page: clears or fails. */
  bankOutcome: text("bank_outcome"),
  method: text("method"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  description: text("description").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** The test provider's setup checkouts: a tenant saves a test card or bank account for autopay. */
export const testProviderSetups = pgTable("test_provider_setups", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  accountId: text("account_id").notNull(),
  /** open, complete, expired */
  status: text("status").notNull(),
  paymentMethodId: text("payment_method_id"),
  description: text("description").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: createdAt(),
});

/** Payment methods saved at the test provider, and how their charges end. */
export const testProviderPaymentMethods = pgTable("test_provider_payment_methods", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  type: text("type", { enum: ["card", "us_bank_account"] }).notNull(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  /** A card's charges succeed or are declined; a bank debit clears or is returned. */
  outcome: text("outcome", { enum: ["succeeds", "declines", "clears", "fails"] }).notNull(),
  detachedAt: tz("detached_at"),
  createdAt: createdAt(),
});

/** Off-session charges of saved methods at the test provider (Stripe's PaymentIntents), one per idempotency key. */
export const testProviderPaymentIntents = pgTable("test_provider_payment_intents", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  accountId: text("account_id").notNull(),
  customerId: text("customer_id").notNull(),
  paymentMethodId: text("payment_method_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  /** processing, succeeded, requires_payment_method (failed) */
  status: text("status").notNull(),
  method: text("method").notNull(),
  failureMessage: text("failure_message"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** Who wrote a ledger entry: the owner, the daily posting, a rent-roll import, the tenant online, staff. */
export const LEDGER_SOURCES = ["owner", "system", "import", "tenant", "staff"] as const;

/**
 * A lease's append-only ledger (PORTAL.md 3). Rows are only ever inserted (a trigger refuses
 * updates and deletes); a mistake is undone by a void entry. Rent and late fees are unique per
 * lease, period and kind, so posting twice, from two processes or on a read racing the daily job,
 * writes one row.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order, for a stable order among entries of one date. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    date: day("date").notNull(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    period: text("period"),
    method: text("method", { enum: PAYMENT_METHODS }),
    reference: text("reference"),
    voids: uuid("voids").references((): AnyPgColumn => ledgerEntries.id),
    source: text("source", { enum: LEDGER_SOURCES }).notNull(),
    /**
     * The deposit held that this entry moves outside the tenant's balance (PORTAL.md 3a): a deposit
     * already held when the books began (+), a deposit returned to the tenant (-). Their
     * `amount_cents` is 0: the balance stays the sum of the amounts.
     */
    depositCents: integer("deposit_cents").notNull().default(0),
    /**
     * The posting's revision: a late fee decided again (a payment recorded or voided later) is a new
     * entry after the void of the last one, so the posting key stays unique and posting idempotent.
     */
    revision: smallint("revision").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_lease_idx").on(t.leaseId, t.date, t.seq),
    index("ledger_entries_owner_date_idx").on(t.ownerId, t.date),
    uniqueIndex("ledger_entries_posting_key").on(t.leaseId, t.period, t.kind, t.revision).where(sql`${t.kind} in ('rent', 'late_fee')`),
    uniqueIndex("ledger_entries_voids_key").on(t.voids).where(sql`${t.voids} is not null`),
  ],
);

/**
 * Money out of the owner's books (PORTAL.md 6): an expense of a property (and optionally a unit),
 * with its category (and so its Schedule E line), a receipt and the maintenance request it paid
 * for. Positive amounts are paid out; a refund from a vendor is negative. Deleting keeps the row
 * (`deleted_at`) and its history in expense_changes.
 */
export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    unitId: uuid("unit_id").references(() => units.id),
    maintenanceRequestId: uuid("maintenance_request_id").references(() => maintenanceRequests.id),
    date: day("date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    payee: text("payee").notNull(),
    /** The payee as the suggestions compare it ("ACE HARDWARE CHICAGO"): see payeeKey. */
    payeeKey: text("payee_key").notNull(),
    memo: text("memo"),
    /** Null: not categorised yet. */
    category: text("category", { enum: EXPENSE_CATEGORY_KEYS }),
    receiptFileId: uuid("receipt_file_id").references(() => portalFiles.id),
    source: text("source", { enum: ["owner", "import", "staff"] }).notNull().default("owner"),
    deletedAt: tz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("expenses_owner_date_idx").on(t.ownerId, t.date),
    index("expenses_owner_payee_idx").on(t.ownerId, t.payeeKey),
    index("expenses_request_idx").on(t.maintenanceRequestId).where(sql`${t.maintenanceRequestId} is not null`),
  ],
);

export const EXPENSE_CHANGE_ACTIONS = ["created", "imported", "updated", "deleted", "receipt_added", "receipt_removed"] as const;

/** Every change of an expense: who, when, and each field's value before and after. Only inserted. */
export const expenseChanges = pgTable(
  "expense_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    ownerId: owner(),
    expenseId: uuid("expense_id")
      .notNull()
      .references(() => expenses.id),
    action: text("action", { enum: EXPENSE_CHANGE_ACTIONS }).notNull(),
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    actorName: text("actor_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("expense_changes_expense_idx").on(t.expenseId, t.seq)],
);

/**
 * The monthly owner statements kept (PORTAL.md 6): the figures as they stood when the month was
 * closed on the 1st, one per owner and month (the key of the monthly job: two processes write one).
 */
export const ownerStatements = pgTable(
  "owner_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    period: text("period").notNull(),
    statement: jsonb("statement").$type<MonthlyStatement>().notNull(),
    /** Where the statement was emailed (null: the owner had not asked for it). */
    emailedTo: text("emailed_to"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("owner_statements_owner_period_key").on(t.ownerId, t.period)],
);

export const PURCHASE_STATUSES = ["initiated", "processing", "paid", "failed", "expired"] as const;

/**
 * A-la-carte purchases (PORTAL.md 7.5): one checkout in payment mode each, recorded as paid only
 * from the provider's verified event. `year` for a tax report, `reference` for what else an item
 * names (an eviction case, a month of bookkeeping).
 */
export const portalPurchases = pgTable(
  "portal_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    item: text("item", { enum: ALA_CARTE_ITEMS }).notNull(),
    year: integer("year"),
    reference: text("reference"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: PURCHASE_STATUSES }).notNull().default("initiated"),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    sessionId: text("session_id").notNull(),
    checkoutUrl: text("checkout_url").notNull(),
    paymentRef: text("payment_ref"),
    paidAt: tz("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("portal_purchases_session_key").on(t.sessionId), index("portal_purchases_owner_idx").on(t.ownerId, t.item, t.year)],
);
