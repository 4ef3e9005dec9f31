import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { contractorReviews, contractors, forumPosts, forumTopics, legalUpdates, webinars } from "../db/community-schema.ts";
import { adminAuditLog, adminUsers, contracts, members } from "../db/schema.ts";
import type { AdminRow, ValidSession } from "./sessions.ts";

// The admin audit log (DECISIONS.md 16): who did what to which record, when, from which IP.
// Rows are only inserted; nothing in the product updates or deletes them.

export type AuditAction =
  | "sign_in"
  | "sign_out"
  | "member_activated"
  | "member_deactivated"
  | "member_password_reset"
  | "member_deleted"
  | "contract_email_resent"
  | "payment_link_sent"
  | "backup_exported"
  | "members_csv_exported"
  | "test_data_cleaned"
  | "outbox_message_read"
  | "deposit_rate_added"
  // The community (COMMUNITY.md): forum moderation, legal updates, webinars, contractor checks.
  | `forum_${string}`
  | "update_created"
  | "update_changed"
  | "update_published"
  | "webinar_created"
  | "webinar_changed"
  | "webinar_cancelled"
  | "contractor_verification"
  | "contractor_review_moderated"
  // Premium services (PORTAL.md 7.2, 7.3): staff coordinating an eviction case or a service job.
  | `eviction_${string}`
  | `service_job_${string}`
  // Premium services (PORTAL.md 7.1): staff in an owner's books under the owner's grant, and the grant itself.
  | `staff_${string}`
  | `support_${string}`
  | `bookkeeping_${string}`;

/** The admin acting and where the request came from. */
export interface AdminActor {
  /** The admin; an owner's own grant or revocation of staff access is recorded with a null id. */
  admin: { id: string | null; fullName: string };
  ip: string | null;
  /** The admin's session, for actions that call other areas' domain functions on their behalf. */
  session?: Extract<ValidSession, { kind: "admin" }>;
}

export interface AuditEntry {
  action: AuditAction;
  targetType?: "member" | "contract" | "admin" | "data" | "topic" | "post" | "update" | "webinar" | "contractor" | "review" | "eviction_case" | "service_job" | "email";
  targetId?: string;
  /** Facts about the action, never personal data (they outlive a deleted member). */
  details?: Record<string, unknown>;
}

/** Writes one audit row; call it with the transaction of the change it records. */
export async function recordAdminAction(db: DbOrTx, actor: AdminActor, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: actor.admin.id,
    adminName: actor.admin.fullName,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    ipAddress: actor.ip,
    createdAt: now,
  });
}

/** Newest first; `before` is the id of the last row already shown (further pages). */
export async function listAuditLog(db: DbOrTx, options: { limit: number; before?: number }) {
  const rows = await db
    .select({
      id: adminAuditLog.id,
      adminName: adminAuditLog.adminName,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      details: adminAuditLog.details,
      ipAddress: adminAuditLog.ipAddress,
      createdAt: adminAuditLog.createdAt,
      // A member target is named as the member is now: a deleted member shows as such.
      memberFirst: members.firstName,
      memberLast: members.lastName,
      memberEmail: members.email,
      memberDeleted: members.deletedAt,
      // Other targets are named too, as they are now (a title, a business, the contract's member).
      otherLabel: sql<string | null>`case ${adminAuditLog.targetType}
        when 'contract' then (select 'Contract of ' || m.first_name || ' ' || m.last_name from ${contracts} c
          join ${members} m on m.id = c.member_id where c.id::text = ${adminAuditLog.targetId})
        when 'admin' then (select 'Administrator ' || a.full_name from ${adminUsers} a where a.id::text = ${adminAuditLog.targetId})
        when 'topic' then (select 'Topic "' || t.title || '"' from ${forumTopics} t where t.id::text = ${adminAuditLog.targetId})
        when 'post' then (select 'Post in "' || t.title || '"' from ${forumPosts} p join ${forumTopics} t on t.id = p.topic_id
          where p.id::text = ${adminAuditLog.targetId})
        when 'update' then (select 'Legal update "' || u.title || '"' from ${legalUpdates} u where u.id::text = ${adminAuditLog.targetId})
        when 'webinar' then (select 'Webinar "' || w.title || '"' from ${webinars} w where w.id::text = ${adminAuditLog.targetId})
        when 'contractor' then (select 'Contractor ' || k.business_name from ${contractors} k where k.id::text = ${adminAuditLog.targetId})
        when 'review' then (select 'Review of ' || k.business_name from ${contractorReviews} r join ${contractors} k on k.id = r.contractor_id
          where r.id::text = ${adminAuditLog.targetId})
      end`,
    })
    .from(adminAuditLog)
    .leftJoin(
      members,
      sql`${adminAuditLog.targetType} = 'member' and ${adminAuditLog.targetId} = ${members.id}::text`,
    )
    // What the live demo's sample owner shows as done in its books is no one's real act (decision 0046).
    .where(and(options.before ? lt(adminAuditLog.id, options.before) : undefined, sql`not coalesce(${members.isSample}, false)`))
    .orderBy(desc(adminAuditLog.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      admin_name: row.adminName,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      target_label:
        row.targetType === "member" && row.memberEmail
          ? row.memberDeleted
            ? "Deleted member"
            : `${row.memberFirst} ${row.memberLast} <${row.memberEmail}>`
          : row.otherLabel,
      details: row.details,
      ip_address: row.ipAddress,
      created_at: row.createdAt.toISOString(),
    })),
    next_before: rows.length > options.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

export async function auditRowsFor(db: DbOrTx, targetId: string) {
  return db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.id);
}
