import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { signInTokens, type TokenPurpose } from "../db/schema.ts";
import { generateToken, hashToken } from "./sessions.ts";

// Emailed links and codes (DECISIONS.md 4): random, stored only as a SHA-256, single use, short
// lived. Using one, or changing the password, ends every other outstanding link of the account.

export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CODE_LIFETIME_MS = 15 * 60 * 1000;
/** Wrong guesses a code survives; the next one ends it. */
export const EMAIL_CODE_MAX_FAILURES = 5;

/**
 * Whose link it is: a member, an application (continue and sign), an administrator or a tenant; a
 * tenant's invitation also names the lease tenancy it invites them to (using it accepts that lease).
 */
export type LinkOwner = { memberId: string } | { applicationId: string } | { adminId: string } | { tenantAccountId: string; leaseTenantId?: string };

function ownerColumns(owner: LinkOwner) {
  return {
    memberId: "memberId" in owner ? owner.memberId : null,
    applicationId: "applicationId" in owner ? owner.applicationId : null,
    adminId: "adminId" in owner ? owner.adminId : null,
    tenantAccountId: "tenantAccountId" in owner ? owner.tenantAccountId : null,
    leaseTenantId: "leaseTenantId" in owner ? (owner.leaseTenantId ?? null) : null,
  };
}

function ownedBy(owner: LinkOwner) {
  if ("memberId" in owner) return eq(signInTokens.memberId, owner.memberId);
  if ("applicationId" in owner) return eq(signInTokens.applicationId, owner.applicationId);
  if ("adminId" in owner) return eq(signInTokens.adminId, owner.adminId);
  return eq(signInTokens.tenantAccountId, owner.tenantAccountId);
}

/** A new single-use link token for `owner`; the caller emails it in the same transaction. */
export async function issueLink(
  tx: DbOrTx,
  purpose: TokenPurpose,
  owner: LinkOwner,
  now: Date,
  lifetimeMs = LINK_LIFETIME_MS,
): Promise<string> {
  const token = generateToken();
  await tx.insert(signInTokens).values({
    id: hashToken(token),
    purpose,
    ...ownerColumns(owner),
    expiresAt: new Date(now.getTime() + lifetimeMs),
    createdAt: now,
  });
  return token;
}

export interface UsedLink {
  memberId: string | null;
  applicationId: string | null;
  adminId: string | null;
  tenantAccountId: string | null;
  leaseTenantId: string | null;
}

/**
 * Uses up a link: answers whose it is when the token is known, unused, unexpired and for one of
 * `purposes`, else null. Every other outstanding link of the same owner ends with it, so an older
 * link cannot be used after a newer one was.
 */
export async function consumeLink(tx: DbOrTx, token: string, purposes: TokenPurpose[], now: Date): Promise<UsedLink | null> {
  const [row] = await tx
    .update(signInTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInTokens.id, hashToken(token)),
        inArray(signInTokens.purpose, purposes),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, now),
      ),
    )
    .returning({
      memberId: signInTokens.memberId,
      applicationId: signInTokens.applicationId,
      adminId: signInTokens.adminId,
      tenantAccountId: signInTokens.tenantAccountId,
      leaseTenantId: signInTokens.leaseTenantId,
    });
  if (!row) return null;
  const owner: LinkOwner | null = row.memberId
    ? { memberId: row.memberId }
    : row.applicationId
      ? { applicationId: row.applicationId }
      : row.adminId
        ? { adminId: row.adminId }
        : row.tenantAccountId
          ? { tenantAccountId: row.tenantAccountId }
          : null;
  if (owner) await revokeLinks(tx, owner, now);
  return row;
}

/** Ends every outstanding link and code of `owner` (a link was used, the password changed). */
export async function revokeLinks(tx: DbOrTx, owner: LinkOwner, now: Date): Promise<void> {
  await tx
    .update(signInTokens)
    .set({ usedAt: now })
    .where(and(ownedBy(owner), isNull(signInTokens.usedAt)));
}

/** A code is stored as the hash of the member and the code, so the same six digits of two members differ. */
const codeHash = (memberId: string, code: string) => createHash("sha256").update(`email-code:${memberId}:${code}`).digest("hex");

/**
 * A 6-digit code that proves a signed-in member reads their email. A new code ends the member's
 * earlier codes (not their links).
 */
export async function issueEmailCode(tx: DbOrTx, memberId: string, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await tx
    .update(signInTokens)
    .set({ usedAt: now })
    .where(and(eq(signInTokens.memberId, memberId), eq(signInTokens.purpose, "email_code"), isNull(signInTokens.usedAt)));
  await tx.insert(signInTokens).values({
    id: codeHash(memberId, code),
    purpose: "email_code",
    memberId,
    expiresAt: new Date(now.getTime() + EMAIL_CODE_LIFETIME_MS),
    createdAt: now,
  });
  return code;
}

/**
 * Checks a member's email code: true uses it up. A wrong guess counts against the latest code,
 * which dies after EMAIL_CODE_MAX_FAILURES wrong guesses, so six digits cannot be guessed. Call it
 * outside the transaction of what the code unlocks: a wrong guess must count even though the
 * caller then refuses.
 */
export async function useEmailCode(db: DbOrTx, memberId: string, code: string, now: Date): Promise<boolean> {
  const live = and(
    eq(signInTokens.memberId, memberId),
    eq(signInTokens.purpose, "email_code"),
    isNull(signInTokens.usedAt),
    gt(signInTokens.expiresAt, now),
  );
  const [latest] = await db.select().from(signInTokens).where(live).orderBy(desc(signInTokens.createdAt)).limit(1);
  if (!latest) return false;
  const expected = Buffer.from(latest.id, "hex");
  const given = Buffer.from(codeHash(memberId, code.trim()), "hex");
  if (timingSafeEqual(expected, given)) {
    const used = await db
      .update(signInTokens)
      .set({ usedAt: now })
      .where(and(eq(signInTokens.id, latest.id), isNull(signInTokens.usedAt)))
      .returning({ id: signInTokens.id });
    return used.length === 1;
  }
  await db
    .update(signInTokens)
    .set({
      failedAttempts: sql`${signInTokens.failedAttempts} + 1`,
      usedAt: sql`case when ${signInTokens.failedAttempts} + 1 >= ${EMAIL_CODE_MAX_FAILURES} then ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(signInTokens.id, latest.id), isNull(signInTokens.usedAt)));
  return false;
}
