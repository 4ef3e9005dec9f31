import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, sql } from "drizzle-orm";
import { preparedPerDatabase, type DbOrTx } from "../db/client.ts";
import { adminUsers, members, sessions, tenantAccounts, type SessionKind } from "../db/schema.ts";

// Sessions after Lucia's design (DECISIONS.md 5): the browser holds a random token, the
// database stores only its SHA-256 as the session id. Members slide over 30 days, admins
// expire 12 hours after sign-in, applicants after 7 days.

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME: Record<SessionKind, number> = {
  member: 30 * DAY,
  admin: 12 * 60 * 60 * 1000,
  applicant: 7 * DAY,
  tenant: 30 * DAY,
};

export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export interface NewSession {
  kind: SessionKind;
  memberId?: string;
  adminId?: string;
  applicationId?: string;
  tenantAccountId?: string;
}

/** A new session's token, the id it is stored under and when it ends (for a caller that writes the row itself). */
export function newSessionToken(kind: SessionKind, now: Date) {
  const token = generateToken();
  return { token, id: hashToken(token), expiresAt: new Date(now.getTime() + SESSION_LIFETIME[kind]) };
}

export async function createSession(db: DbOrTx, input: NewSession, now = new Date()) {
  const { token, id, expiresAt } = newSessionToken(input.kind, now);
  await db.insert(sessions).values({
    id,
    kind: input.kind,
    memberId: input.memberId ?? null,
    adminId: input.adminId ?? null,
    applicationId: input.applicationId ?? null,
    tenantAccountId: input.tenantAccountId ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

export type SessionRow = typeof sessions.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type AdminRow = typeof adminUsers.$inferSelect;
export type TenantAccountRow = typeof tenantAccounts.$inferSelect;

export type ValidSession =
  | { kind: "applicant"; session: SessionRow; applicationId: string }
  | { kind: "member"; session: SessionRow; member: MemberRow }
  | { kind: "admin"; session: SessionRow; admin: AdminRow }
  | { kind: "tenant"; session: SessionRow; tenant: TenantAccountRow };

const sessionById = preparedPerDatabase((db) =>
  db.select().from(sessions).where(eq(sessions.id, sql.placeholder("id"))).limit(1).prepare("session_by_id"),
);
const memberById = preparedPerDatabase((db) =>
  db.select().from(members).where(eq(members.id, sql.placeholder("id"))).limit(1).prepare("session_member_by_id"),
);

/** The session a token stands for, or null when unknown, expired or its owner is gone. */
export async function validateSessionToken(db: DbOrTx, token: string, now = new Date()): Promise<ValidSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const [session] = await sessionById(db).execute({ id });
  if (!session) return null;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  // Members and tenants slide: a session used in its second half is extended to a full lifetime.
  if ((session.kind === "member" || session.kind === "tenant") && session.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME.member / 2) {
    session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME[session.kind]);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
  }
  switch (session.kind) {
    case "applicant":
      return session.applicationId ? { kind: "applicant", session, applicationId: session.applicationId } : null;
    case "member": {
      if (!session.memberId) return null;
      const [member] = await memberById(db).execute({ id: session.memberId });
      // A deactivated or deleted member loses every session at once.
      if (!member || !member.isActive || member.deletedAt) return null;
      return { kind: "member", session, member };
    }
    case "admin": {
      if (!session.adminId) return null;
      const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.id, session.adminId)).limit(1);
      return admin ? { kind: "admin", session, admin } : null;
    }
    case "tenant": {
      if (!session.tenantAccountId) return null;
      const [tenant] = await db.select().from(tenantAccounts).where(eq(tenantAccounts.id, session.tenantAccountId)).limit(1);
      return tenant ? { kind: "tenant", session, tenant } : null;
    }
  }
}

export async function invalidateSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function invalidateMemberSessions(db: DbOrTx, memberId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.kind, "member"), eq(sessions.memberId, memberId)));
}
