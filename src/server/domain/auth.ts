import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { accountMessages, type TChangePasswordRequest, type TLoginRequest } from "../../shared/account-schema.ts";
import type { DbOrTx } from "../db/client.ts";
import { members, sessions, type TokenPurpose } from "../db/schema.ts";
import { AppError, forbidden } from "../errors.ts";
import { emailCodeEmail, passwordChangedEmail, passwordLinkEmail, signInLinkEmail } from "../mail/account-emails.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { OWNER_PORTAL_PATH } from "../config.ts";
import type { Services } from "../services.ts";
import { hashPassword, verifyPassword } from "./admins.ts";
import type { Caller, RequestMeta } from "./caller.ts";
import { ownerPortalStatus } from "./portal/access.ts";
import { findMemberByEmail, listedMember } from "./members.ts";
import { clearRateLimit, hitRateLimit, type RateLimitRule } from "./rate-limit.ts";
import { consumeLink, issueEmailCode, issueLink, revokeLinks, useEmailCode } from "./links.ts";
import { createSession, generateToken, invalidateMemberSessions, type MemberRow } from "./sessions.ts";

// Member sign-in (DECISIONS.md 4): email or username with a password, or a single-use link sent
// by email. Answers never tell whether an email belongs to a member.

const MINUTE = 60 * 1000;

export const LOGIN_PER_IP: RateLimitRule = {
  name: "member-login:ip",
  limit: 20,
  windowMs: 15 * MINUTE,
  message: "Too many sign-in attempts from your network. Please wait 15 minutes and try again.",
};
export const LOGIN_PER_ACCOUNT: RateLimitRule = {
  name: "member-login:account",
  limit: 8,
  windowMs: 15 * MINUTE,
  message: "Too many sign-in attempts for this account. Please wait 15 minutes, or sign in with an emailed link.",
};
export const LINK_PER_IP: RateLimitRule = {
  name: "member-link:ip",
  limit: 10,
  windowMs: 60 * MINUTE,
  message: "Too many link requests from your network. Please wait an hour and try again.",
};
export const LINK_PER_EMAIL: RateLimitRule = {
  name: "member-link:email",
  limit: 4,
  windowMs: 60 * MINUTE,
  message: "Too many links were requested for this email. Please use the latest one we sent, or wait an hour.",
};

export const EMAIL_CODE_PER_MEMBER: RateLimitRule = {
  name: "email-code:member",
  limit: 5,
  windowMs: 60 * MINUTE,
  message: "Too many codes were requested. Please use the latest one we sent, or wait an hour.",
};

const ipKey = (meta: RequestMeta) => meta.ip ?? "unknown";

// Unknown accounts still pay for one hash check, so the answer time does not tell them apart.
let dummyHash: Promise<string> | undefined;
const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword(generateToken());
  await verifyPassword(password, await dummyHash);
};

async function findMemberByLogin(db: DbOrTx, identifier: string): Promise<MemberRow | null> {
  const id = identifier.trim().toLowerCase();
  if (id.includes("@")) return findMemberByEmail(db, id);
  const [row] = await db
    .select()
    .from(members)
    .where(and(sql`lower(${members.username}) = ${id}`, listedMember()))
    .limit(1);
  return row ?? null;
}

function assertActive(member: MemberRow, config: Services["config"]) {
  if (!member.isActive) {
    throw forbidden(`This membership is deactivated. Contact ${config.SUPPORT_EMAIL} or ${config.SUPPORT_PHONE} to restore it.`);
  }
}

/** Email or username + password: a member session, or 401 without saying which part was wrong. */
export async function signInWithPassword(services: Services, input: TLoginRequest, meta: RequestMeta) {
  const { db } = services;
  const now = services.now();
  const identifier = input.username.trim().toLowerCase();
  await hitRateLimit(db, LOGIN_PER_IP, ipKey(meta), now);
  await hitRateLimit(db, LOGIN_PER_ACCOUNT, identifier, now);

  const member = await findMemberByLogin(db, identifier);
  // Guesses by username and by email count against the same account.
  const accountKey = member?.email.toLowerCase();
  if (accountKey && accountKey !== identifier) await hitRateLimit(db, LOGIN_PER_ACCOUNT, accountKey, now);
  if (!member?.passwordHash) {
    await burnPasswordCheck(input.password);
    throw new AppError("UNAUTHORIZED", accountMessages.badCredentials);
  }
  if (!(await verifyPassword(input.password, member.passwordHash))) {
    throw new AppError("UNAUTHORIZED", accountMessages.badCredentials);
  }
  assertActive(member, services.config);
  await clearRateLimit(db, LOGIN_PER_ACCOUNT, identifier);
  if (accountKey) await clearRateLimit(db, LOGIN_PER_ACCOUNT, accountKey);
  const session = await createSession(db, { kind: "member", memberId: member.id }, now);
  return { member, session };
}

/** Uses up a member's link: its member, when the token is known, unused, unexpired and for one of `purposes`. */
async function consumeMemberLink(tx: DbOrTx, token: string, purposes: TokenPurpose[], now: Date): Promise<MemberRow> {
  const used = await consumeLink(tx, token, purposes, now);
  if (!used?.memberId) throw new AppError("BAD_REQUEST", accountMessages.badLink);
  const [member] = await tx.select().from(members).where(and(eq(members.id, used.memberId), listedMember())).limit(1);
  if (!member) throw new AppError("BAD_REQUEST", accountMessages.badLink);
  return member;
}

/**
 * The member just proved they read their email (an emailed link or code). The first proof makes
 * the account theirs: every session and credential made before it ends, since anyone could have
 * applied, signed and set them up with an address they do not own (pre-hijacking). `keepSessionId`
 * is the session that made the proof with a code, which stays. Answers the member as it now is.
 */
export async function proveEmail(tx: DbOrTx, member: MemberRow, now: Date, keepSessionId: string | null = null): Promise<MemberRow> {
  if (member.emailVerifiedAt) return member;
  const [proven] = await tx
    .update(members)
    .set({ emailVerifiedAt: now, passwordHash: null, username: null, mustChangePassword: false, updatedAt: now })
    .where(and(eq(members.id, member.id), isNull(members.emailVerifiedAt)))
    .returning();
  // Someone else proved it a moment ago: nothing made before that proof is left to end.
  if (!proven) return (await tx.select().from(members).where(eq(members.id, member.id)))[0]!;
  await tx
    .delete(sessions)
    .where(and(eq(sessions.memberId, member.id), ...(keepSessionId ? [ne(sessions.id, keepSessionId)] : [])));
  return proven;
}

type LinkKind = "sign_in" | "password";

/**
 * Emails a sign-in link or a password link when the email belongs to an active member. The
 * answer is the same either way.
 */
export async function requestAccountLink(services: Services, kind: LinkKind, email: string, meta: RequestMeta) {
  const { db, config } = services;
  const now = services.now();
  await hitRateLimit(db, LINK_PER_IP, ipKey(meta), now);
  await hitRateLimit(db, LINK_PER_EMAIL, email, now);
  const member = await findMemberByEmail(db, email);
  if (member?.isActive) {
    await db.transaction(async (tx) => {
      const hasPassword = member.passwordHash !== null;
      const purpose: TokenPurpose = kind === "sign_in" ? "sign_in" : hasPassword ? "password_reset" : "password_set";
      const token = await issueLink(tx, purpose, { memberId: member.id }, now);
      const rendered =
        kind === "sign_in"
          ? signInLinkEmail(config, { firstName: member.firstName, token })
          : passwordLinkEmail(config, { firstName: member.firstName, token, hasPassword });
      await enqueueEmail(tx, { to: member.email, memberId: member.id, ...rendered });
    });
  }
  return { success: true, message: accountMessages.linkSent };
}

/** The confirm page posts the emailed token back: one use, then a member session. */
export async function confirmSignInLink(services: Services, token: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const used = await consumeMemberLink(tx, token, ["sign_in"], now);
    assertActive(used, services.config);
    const member = await proveEmail(tx, used, now);
    const session = await createSession(tx, { kind: "member", memberId: member.id }, now);
    return { member, session };
  });
}

/**
 * Sets the password from an emailed link. Every other session ends (a reset is how someone
 * takes an account back) and this browser is signed in.
 */
export async function resetPasswordWithLink(services: Services, input: { token: string; password: string }) {
  const now = services.now();
  const passwordHash = await hashPassword(input.password);
  return services.db.transaction(async (tx) => {
    const used = await consumeMemberLink(tx, input.token, ["password_set", "password_reset"], now);
    assertActive(used, services.config);
    const member = await proveEmail(tx, used, now);
    const [updated] = await tx
      .update(members)
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where(eq(members.id, member.id))
      .returning();
    await invalidateMemberSessions(tx, member.id);
    await enqueueEmail(tx, { to: member.email, memberId: member.id, ...passwordChangedEmail(services.config, { firstName: member.firstName }) });
    const session = await createSession(tx, { kind: "member", memberId: member.id }, now);
    return { member: updated!, session };
  });
}

/**
 * Emails a signed-in member a 6-digit code that proves they read their email: needed before a
 * first password can be set on an account whose email nobody has proved yet.
 */
export async function sendEmailCode(services: Services, member: MemberRow) {
  const now = services.now();
  if (member.emailVerifiedAt) return { success: true, email_verified: true, message: "Your email is already confirmed." };
  await hitRateLimit(services.db, EMAIL_CODE_PER_MEMBER, member.id, now);
  await services.db.transaction(async (tx) => {
    const code = await issueEmailCode(tx, member.id, now);
    await enqueueEmail(tx, { to: member.email, memberId: member.id, ...emailCodeEmail(services.config, { firstName: member.firstName, code }) });
  });
  return { success: true, email_verified: false, message: accountMessages.codeSent };
}

/**
 * An account whose email is not proved yet must prove it with an emailed code before a password
 * can be set. Answers the member as it is after the proof (which ended every other session and
 * credential). The code is checked outside the caller's transaction, so wrong guesses count.
 */
export async function requireProvenEmail(services: Services, member: MemberRow, sessionId: string, code: string | undefined): Promise<MemberRow> {
  if (member.emailVerifiedAt) return member;
  const now = services.now();
  if (!code || !(await useEmailCode(services.db, member.id, code, now))) {
    throw new AppError("UNPROCESSABLE", [
      { loc: ["body", "email_code"], msg: code ? accountMessages.badCode : accountMessages.codeNeeded, type: "email_unverified" },
    ]);
  }
  return services.db.transaction((tx) => proveEmail(tx, member, now, sessionId));
}

/**
 * A signed-in member sets or changes their password. With a password already set the current
 * one is needed (and its guesses count against the sign-in limit); a first password needs the
 * email proved. Other sessions and every outstanding emailed link end.
 */
export async function changePassword(services: Services, signedIn: MemberRow, currentSessionId: string, input: TChangePasswordRequest) {
  const { db } = services;
  const now = services.now();
  const member = await requireProvenEmail(services, signedIn, currentSessionId, input.email_code);
  if (member.passwordHash) {
    await hitRateLimit(db, LOGIN_PER_ACCOUNT, member.email, now);
    if (!input.current_password || !(await verifyPassword(input.current_password, member.passwordHash))) {
      throw new AppError("UNPROCESSABLE", [
        { loc: ["body", "current_password"], msg: "Your current password is not right.", type: "invalid" },
      ]);
    }
    await clearRateLimit(db, LOGIN_PER_ACCOUNT, member.email);
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(members.id, member.id));
    await tx.delete(sessions).where(and(eq(sessions.memberId, member.id), ne(sessions.id, currentSessionId)));
    await revokeLinks(tx, { memberId: member.id }, now);
    await enqueueEmail(tx, { to: member.email, memberId: member.id, ...passwordChangedEmail(services.config, { firstName: member.firstName }) });
  });
  return { success: true, message: "Your password is saved. You can now sign in with your email and password." };
}

/**
 * Whether the owner portal (SPEC.md 2, PORTAL.md 1) opens for this caller: a Standard or Premium
 * member whose membership is running, or a downgraded owner who keeps reading their books. The
 * server decides, not the browser (DECISIONS.md 1).
 */
export async function ownerPortalAccess(services: Services, caller: Caller) {
  const status = await ownerPortalStatus(services, caller);
  return {
    allowed: status.allowed,
    signed_in: status.signed_in,
    membership_level: status.membership_level,
    url: status.allowed ? OWNER_PORTAL_PATH : null,
  };
}
