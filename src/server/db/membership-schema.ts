import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  APPLICATION_STATUSES,
  LICENSE_STATUSES,
  MANAGEMENT_STATUSES,
  MEMBER_STATUSES,
  MEMBERSHIP_LEVELS,
} from "../../shared/membership.ts";
import { createdAt, tz, updatedAt } from "./columns.ts";

// The association's own tables: members, applications and contracts, subscriptions and payments,
// documents, administrators, the outbox, the audit log and the test payment provider. The other
// areas' tables import these (never the other way); schema.ts gathers them all. Times are UTC
// (timestamptz); money is integer cents. Ids that reach a browser are random UUIDs (DECISIONS.md 2).

/**
 * GIN trigram indexes that serve `lower(email) like '%text%'` and the same on the full name
 * (pg_trgm; see db/client.ts). Two, not one per column: every new application and member pays
 * for each, and a text inside the first or the last name is also inside the full name.
 */
function trigramIndexes(table: string, t: { email: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn }) {
  // New entries wait in a pending list that is merged into the index when it fills. The default
  // 4 MB list makes the insert that fills it wait for a long merge (the apply endpoint's p99 at
  // half load: 57 ms); 256 kB merges often and briefly (25 ms) at the same throughput.
  const pending = { gin_pending_list_limit: 256 };
  return [
    index(`${table}_email_trgm_idx`).using("gin", sql`lower(${t.email}) gin_trgm_ops`).with(pending),
    index(`${table}_full_name_trgm_idx`).using("gin", sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`).with(pending),
  ];
}

export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    membershipLevel: text("membership_level", { enum: MEMBERSHIP_LEVELS }).notNull(),
    status: text("status", { enum: MEMBER_STATUSES }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    propertyManagementStatus: text("property_management_status", { enum: MANAGEMENT_STATUSES }).notNull(),
    licenseStatus: text("license_status", { enum: LICENSE_STATUSES }),
    specialtySkills: text("specialty_skills").array().notNull().default(sql`'{}'::text[]`),
    otherSpecialty: text("other_specialty").notNull().default(""),
    /** Chose to be listed in the skills network so other members can send an introduction. */
    skillsListed: boolean("skills_listed").notNull().default(false),
    skillsBio: text("skills_bio").notNull().default(""),
    username: text("username"),
    passwordHash: text("password_hash"),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    /**
     * When the member first proved they read this email (an emailed link or code). Until then no
     * password may be set, and the first proof ends every session and credential made before it.
     */
    emailVerifiedAt: tz("email_verified_at"),
    /** Set when an admin deletes the member: personal data is gone, records stay (DECISIONS.md 15). */
    deletedAt: tz("deleted_at"),
    /**
     * The owner of the live demo's sample books (PORTAL.md 1): not a member. It cannot sign in and
     * is counted in no admin list, figure, export, mailing or job that emails people.
     */
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("members_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("members_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("members_stripe_customer_key").on(t.stripeCustomerId),
    // Partial: every query by creation time (list order, recent sign-ups, charts) skips deleted members;
    // the dashboard counts recent sign-ups from this index alone.
    index("members_created_at_idx").on(t.createdAt).where(sql`${t.deletedAt} is null`),
    index("members_level_idx").on(t.membershipLevel),
    // The demo finds its sample owner by this flag (one row).
    index("members_sample_idx").on(t.isSample).where(sql`${t.isSample}`),
    // Dashboard stats count listed members by level and state from this index alone.
    index("members_listed_stats_idx").on(t.membershipLevel, t.status, t.isActive).where(sql`${t.deletedAt} is null`),
    // Admin search (substring of email, first, last or full name) through trigram indexes.
    ...trigramIndexes("members", t),
  ],
);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id").references(() => members.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull().default(""),
    membershipLevel: text("membership_level", { enum: MEMBERSHIP_LEVELS }).notNull(),
    propertyManagementStatus: text("property_management_status", { enum: MANAGEMENT_STATUSES }).notNull(),
    licenseStatus: text("license_status", { enum: LICENSE_STATUSES }),
    specialtySkills: text("specialty_skills").array().notNull().default(sql`'{}'::text[]`),
    otherSpecialty: text("other_specialty").notNull().default(""),
    agreeToTerms: boolean("agree_to_terms").notNull(),
    consentDigitalSignature: boolean("consent_digital_signature").notNull(),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    signedAt: tz("signed_at"),
    /** When the application was opened from the link emailed to its address: the email is the applicant's. */
    emailVerifiedAt: tz("email_verified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // No unique pending application per email: each browser that applies gets an application of
    // its own, so applying with someone else's email never hands out theirs (decision 0011).
    index("applications_created_at_idx").on(t.createdAt),
    // Partial: an application has no member until it is signed.
    index("applications_member_idx").on(t.memberId).where(sql`${t.memberId} is not null`),
    ...trigramIndexes("applications", t),
  ],
);

export const agreementVersions = pgTable("agreement_versions", {
  version: text("version").primaryKey(),
  title: text("title").notNull(),
  /** SHA-256 of the template rendered for a reference party, to detect an edited version. */
  templateSha256: text("template_sha256").notNull(),
  publishedAt: createdAt(),
});

/**
 * "standard": the PDF's 14 built-in fonts, for text they can draw (and every contract signed before this column);
 * "unicode": DejaVu Sans embedded, for names and text in other Latin, Greek or Cyrillic letters.
 * "world": Noto Sans for Chinese, Japanese, Korean, Arabic and Hebrew beside DejaVu Sans, laid out in runs by
 * script and direction (contracts signed from 2026-11-25 whose text needs them).
 */
export const PDF_FONT_SETS = ["standard", "unicode", "world"] as const;
export type PdfFontSet = (typeof PDF_FONT_SETS)[number];

/** A signed agreement. Never updated after signing, except the email_sent flag. */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    memberName: text("member_name").notNull(),
    memberEmail: text("member_email").notNull(),
    membershipLevel: text("membership_level", { enum: MEMBERSHIP_LEVELS }).notNull(),
    agreementVersion: text("agreement_version")
      .notNull()
      .references(() => agreementVersions.version),
    contractText: text("contract_text").notNull(),
    textSha256: text("text_sha256").notNull(),
    signatureName: text("signature_name").notNull(),
    consentWording: text("consent_wording").notNull(),
    signedAt: tz("signed_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    emailSent: boolean("email_sent").notNull().default(false),
    pdfSha256: text("pdf_sha256"),
    /** The fonts the PDF is set in, chosen at signing so the same record always renders the same file. */
    pdfFonts: text("pdf_fonts", { enum: PDF_FONT_SETS }).notNull().default("standard"),
    /**
     * The full address of the verification page when the contract was signed, printed on its audit
     * page. Kept with the record (not read from configuration at each render) so the file stays the
     * same; null for contracts issued before it was printed, which keep their "/verify" line.
     */
    verifyUrl: text("verify_url"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contracts_application_key").on(t.applicationId),
    index("contracts_member_idx").on(t.memberId),
    index("contracts_signed_at_idx").on(t.signedAt),
    index("contracts_pdf_sha_idx").on(t.pdfSha256),
  ],
);

/**
 * The emailed reminder to a member who signed a paid level and has not paid: one per member,
 * its row written in the transaction that queues the email, so two processes send it once.
 */
export const paymentReminders = pgTable("payment_reminders", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => members.id),
  sentAt: tz("sent_at").notNull(),
});

export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "cancelled"] as const;
export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    membershipLevel: text("membership_level", { enum: MEMBERSHIP_LEVELS }).notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    billingFrequency: text("billing_frequency").notNull().default("monthly"),
    currentPeriodEnd: tz("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelReason: text("cancel_reason"),
    cancelledAt: tz("cancelled_at"),
    pastDueSince: tz("past_due_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_id_key").on(t.provider, t.providerSubscriptionId),
    index("subscriptions_member_idx").on(t.memberId),
  ],
);

export const PAYMENT_STATUSES = ["initiated", "completed", "failed", "expired", "refunded"] as const;
export const PAYMENT_KINDS = ["initial", "upgrade", "renewal", "plan_change"] as const;

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id").references(() => members.id),
    applicationId: uuid("application_id").references(() => applications.id),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    membershipLevel: text("membership_level", { enum: MEMBERSHIP_LEVELS }).notNull(),
    billingFrequency: text("billing_frequency").notNull().default("monthly"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
    /** Checkout session id (payments started by checkout); unguessable. */
    sessionId: text("session_id"),
    providerInvoiceId: text("provider_invoice_id"),
    failureMessage: text("failure_message"),
    completedAt: tz("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_session_key").on(t.sessionId),
    uniqueIndex("payments_invoice_key").on(t.providerInvoiceId),
    index("payments_member_idx").on(t.memberId),
    index("payments_created_at_idx").on(t.createdAt),
  ],
);

export const ACCESS_LEVELS = ["all", "basic", "standard", "premium"] as const;

export const documentCategories = pgTable("document_categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  accessLevel: text("access_level", { enum: ACCESS_LEVELS }).notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    categoryId: text("category_id")
      .notNull()
      .references(() => documentCategories.id),
    title: text("title").notNull(),
    description: text("description").notNull(),
    fileType: text("file_type").notNull(),
    fileName: text("file_name").notNull(),
    content: text("content").notNull(),
    accessLevel: text("access_level", { enum: ACCESS_LEVELS }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("documents_category_idx").on(t.categoryId)],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    lastLoginAt: tz("last_login_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("admin_users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("admin_users_email_key").on(sql`lower(${t.email})`),
  ],
);

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;

export interface InlineAttachment {
  filename: string;
  contentType: string;
  /** Base64 of the file's bytes. */
  content: string;
}

/**
 * A signed agreement's PDF, rendered from the contract record when the message is sent (or
 * viewed), not in the transaction that queued it: the record is what was signed, the PDF its
 * faithful rendering (the same record always renders the same bytes).
 */
export interface ContractPdfAttachment {
  filename: string;
  contentType: "application/pdf";
  contractPdf: string;
}

/** A kept owner statement's PDF (owner_statements), rendered from its figures when sent. */
export interface StatementPdfAttachment {
  filename: string;
  contentType: "application/pdf";
  statementPdf: string;
}

/** A file of the owner portal (a deposit receipt, a move-out statement), read from portal_files when sent. */
export interface PortalFileAttachment {
  filename: string;
  contentType: string;
  portalFile: string;
}

export type OutboxAttachment = InlineAttachment | ContractPdfAttachment | StatementPdfAttachment | PortalFileAttachment;

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra headers of bulk mail (RFC 8058 List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /**
     * The credentials a message carries (sign-in, password and application links' tokens, email
     * codes, invitations), kept apart from its text: the stored subject, html and text hold
     * `{{credential:N}}` in their place, filled in only by the mail worker when it sends, and the
     * column is emptied once the message is sent or given up (DECISIONS.md 29).
     */
    credentials: jsonb("credentials").$type<string[]>(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: tz("sent_at"),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

/** What admins did. Rows are only ever inserted (DECISIONS.md 16). */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    adminName: text("admin_name").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt), index("admin_audit_log_target_idx").on(t.targetType, t.targetId, t.id)],
);

export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

/** Strategy-session requests from the demo page. */
export const strategySessionRequests = pgTable("strategy_session_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  preferredTime: text("preferred_time").notNull().default(""),
  message: text("message").notNull().default(""),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server process (sign-in, links, apply). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: tz("reset_at").notNull(),
});

// ---------------------------------------------------------------------------------------------
// The built-in test payment provider's own records: what Stripe would hold on its side
// (customers, checkout sessions, subscriptions, invoices) and its test clock (DECISIONS.md 10).
// The app reads them only through the provider interface, never directly.
// ---------------------------------------------------------------------------------------------
export const testProviderCustomers = pgTable("test_provider_customers", {
  id: text("id").primaryKey(),
  memberId: uuid("member_id")
    .notNull()
    .unique()
    .references(() => members.id),
  createdAt: createdAt(),
});

export const testProviderCheckouts = pgTable("test_provider_checkouts", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  clientReferenceId: text("client_reference_id").notNull(),
  membershipLevel: text("membership_level", { enum: MEMBERSHIP_LEVELS }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  /** open, complete, expired */
  status: text("status").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  subscriptionId: text("subscription_id"),
  idempotencyKey: text("idempotency_key").unique(),
  expiresAt: tz("expires_at").notNull(),
  createdAt: createdAt(),
});

export const testProviderSubscriptions = pgTable("test_provider_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  membershipLevel: text("membership_level", { enum: MEMBERSHIP_LEVELS }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  /** active, past_due, canceled */
  status: text("status").notNull(),
  currentPeriodStart: tz("current_period_start").notNull(),
  currentPeriodEnd: tz("current_period_end").notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** The card on file declines renewals (test card 4000 0000 0000 0341, or set by the test clock panel). */
  failRenewals: boolean("fail_renewals").notNull().default(false),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  canceledAt: tz("canceled_at"),
  createdAt: createdAt(),
});

export const testProviderInvoices = pgTable(
  "test_provider_invoices",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id").notNull(),
    customerId: text("customer_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** paid, open (failed, awaiting a retry) */
    status: text("status").notNull(),
    billingReason: text("billing_reason").notNull(),
    periodStart: tz("period_start").notNull(),
    periodEnd: tz("period_end").notNull(),
    createdAt: tz("created_at").notNull(),
  },
  (t) => [index("test_provider_invoices_customer_idx").on(t.customerId)],
);

/** How far the test clock has been moved ahead of real time (one row). */
export const testProviderClock = pgTable("test_provider_clock", {
  id: integer("id").primaryKey(),
  offsetSeconds: integer("offset_seconds").notNull().default(0),
});

/** Billing-portal links of the test provider: short-lived, like Stripe's portal sessions. */
export const testProviderPortalSessions = pgTable("test_provider_portal_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  returnUrl: text("return_url").notNull(),
  expiresAt: tz("expires_at").notNull(),
  createdAt: createdAt(),
});
