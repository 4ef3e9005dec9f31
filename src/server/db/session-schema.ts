import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./columns.ts";
import { adminUsers, applications, members } from "./membership-schema.ts";
import { leaseTenants, tenantAccounts } from "./portal-schema.ts";

// Sessions and emailed links of every kind of person: applicants, members, administrators and the
// owner portal's tenants, so this module comes after both the membership and the portal tables.

export const SESSION_KINDS = ["applicant", "member", "admin", "tenant"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** Lucia-style sessions: the id is the SHA-256 of the token the browser holds (DECISIONS.md 5). */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: SESSION_KINDS }).notNull(),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "cascade" }),
    /** A tenant of the owner portal (tenant_accounts). */
    tenantAccountId: uuid("tenant_account_id").references((): AnyPgColumn => tenantAccounts.id, { onDelete: "cascade" }),
    expiresAt: tz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_tenant_idx").on(t.tenantAccountId).where(sql`${t.tenantAccountId} is not null`),
    // Partial: an applicant session (the busiest kind, one per application) has neither.
    index("sessions_member_idx").on(t.memberId).where(sql`${t.memberId} is not null`),
    index("sessions_admin_idx").on(t.adminId).where(sql`${t.adminId} is not null`),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * sign_in, password_set, password_reset: a member's links. signing: the link in the application
 * email that continues an application on any device. email_code: a 6-digit code that proves a
 * signed-in member reads their email. admin_sign_in: an administrator's emailed sign-in link.
 * tenant_sign_in: a tenant's invitation or sign-in link to the tenant portal.
 */
export const TOKEN_PURPOSES = ["sign_in", "password_set", "password_reset", "signing", "email_code", "admin_sign_in", "tenant_sign_in"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Single-use emailed links; only the SHA-256 of the token is stored (DECISIONS.md 4). */
export const signInTokens = pgTable(
  "sign_in_tokens",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    tenantAccountId: uuid("tenant_account_id").references((): AnyPgColumn => tenantAccounts.id, { onDelete: "cascade" }),
    /** A tenant invitation's link: using it accepts that landlord's lease (PORTAL.md 1). */
    leaseTenantId: uuid("lease_tenant_id").references((): AnyPgColumn => leaseTenants.id, { onDelete: "cascade" }),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
    /** Wrong guesses of an email code (a code dies after five). */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("sign_in_tokens_member_idx").on(t.memberId).where(sql`${t.usedAt} is null`),
    index("sign_in_tokens_application_idx").on(t.applicationId).where(sql`${t.usedAt} is null`),
    index("sign_in_tokens_admin_idx").on(t.adminId).where(sql`${t.usedAt} is null`),
    index("sign_in_tokens_tenant_idx").on(t.tenantAccountId).where(sql`${t.usedAt} is null`),
  ],
);
