import { eq, sql } from "drizzle-orm";
import { accountMessages } from "../../../shared/account-schema.ts";
import type { TAdminLoginRequest } from "../../../shared/admin.ts";
import type { DbOrTx } from "../../db/client.ts";
import { adminUsers } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { adminSignInLinkEmail } from "../../mail/account-emails.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import type { Services } from "../../services.ts";
import { hashPassword, verifyPassword } from "../admins.ts";
import { recordAdminAction } from "../audit.ts";
import { consumeLink, issueLink } from "../links.ts";
import { clearRateLimit, hitRateLimit, type RateLimitRule } from "../rate-limit.ts";
import { createSession, invalidateSession, type AdminRow } from "../sessions.ts";

// Administrator sign-in (DECISIONS.md 5): username or email and password, or an emailed link; its
// own session kind and cookie. Wrong passwords are counted per account and per source address
// together, so a stranger who fails locks out their own address, never the administrator.

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const TOO_MANY = "Too many sign-in attempts. Please wait a few minutes and try again, or ask for an emailed sign-in link.";
export const ADMIN_LOGIN_LIMITS = {
  perIp: { name: "admin-login:ip", limit: 20, windowMs: FIFTEEN_MINUTES, message: TOO_MANY },
  /** Per account (or per name tried, when no account has it) from one address. */
  perAccountAndIp: { name: "admin-login:account-ip", limit: 5, windowMs: FIFTEEN_MINUTES, message: TOO_MANY },
  linkPerIp: { name: "admin-link:ip", limit: 10, windowMs: HOUR, message: "Too many link requests from your network. Please wait an hour." },
  linkPerEmail: {
    name: "admin-link:email",
    limit: 4,
    windowMs: HOUR,
    message: "Too many links were requested for this email. Please use the latest one we sent, or wait an hour.",
  },
} satisfies Record<string, RateLimitRule>;

export const INVALID_ADMIN_LOGIN = "Incorrect username or password.";

/** Compared against when the name is unknown, so a miss takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function describeAdmin(admin: AdminRow) {
  return { id: admin.id, username: admin.username, email: admin.email, full_name: admin.fullName };
}

async function findAdminByLogin(db: DbOrTx, name: string): Promise<AdminRow | null> {
  const [admin] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = ${name} or lower(${adminUsers.email}) = ${name}`)
    .limit(1);
  return admin ?? null;
}

/** One counter per account and source: `admin` and `admin@example.org` are one account. */
const accountSourceKey = (account: string, ip: string | null) => `${account}|${ip ?? "unknown"}`;

export async function signInAdmin(services: Services, input: TAdminLoginRequest, meta: { ip: string | null }) {
  const { db } = services;
  const now = services.now();
  const name = input.username.trim().toLowerCase();
  // Each attempt counts in its own statement, so a failed sign-in still counts.
  if (meta.ip) await hitRateLimit(db, ADMIN_LOGIN_LIMITS.perIp, meta.ip, now);
  const admin = await findAdminByLogin(db, name);
  const key = accountSourceKey(admin ? `admin:${admin.id}` : `name:${name}`, meta.ip);
  await hitRateLimit(db, ADMIN_LOGIN_LIMITS.perAccountAndIp, key, now);

  const valid = admin
    ? await verifyPassword(input.password, admin.passwordHash)
    : (await verifyPassword(input.password, await (decoyHash ??= hashPassword("decoy-password"))), false);
  if (!admin || !valid) throw new AppError("UNAUTHORIZED", INVALID_ADMIN_LOGIN);

  return db.transaction(async (tx) => {
    await clearRateLimit(tx, ADMIN_LOGIN_LIMITS.perAccountAndIp, key);
    return startAdminSession(tx, services, admin, meta, "password");
  });
}

async function startAdminSession(tx: DbOrTx, services: Services, admin: AdminRow, meta: { ip: string | null }, method: "password" | "link") {
  const now = services.now();
  await tx.update(adminUsers).set({ lastLoginAt: now }).where(eq(adminUsers.id, admin.id));
  const session = await createSession(tx, { kind: "admin", adminId: admin.id }, now);
  await recordAdminAction(tx, { admin, ip: meta.ip }, { action: "sign_in", targetType: "admin", targetId: admin.id, details: { method } }, now);
  return { admin, session, response: { access_token: session.token, token_type: "bearer", admin_user: describeAdmin(admin) } };
}

/**
 * Emails an administrator a single-use sign-in link (24 h), so an administrator whose address is
 * rate-limited, or who forgot the password, still gets in. The answer is the same for any email.
 */
export async function requestAdminSignInLink(services: Services, email: string, meta: { ip: string | null }) {
  const { db } = services;
  const now = services.now();
  const address = email.trim().toLowerCase();
  await hitRateLimit(db, ADMIN_LOGIN_LIMITS.linkPerIp, meta.ip ?? "unknown", now);
  await hitRateLimit(db, ADMIN_LOGIN_LIMITS.linkPerEmail, address, now);
  const [admin] = await db.select().from(adminUsers).where(sql`lower(${adminUsers.email}) = ${address}`).limit(1);
  if (admin) {
    await db.transaction(async (tx) => {
      const token = await issueLink(tx, "admin_sign_in", { adminId: admin.id }, now);
      await enqueueEmail(tx, { to: admin.email, ...adminSignInLinkEmail(services.config, { fullName: admin.fullName, token }) });
    });
  }
  return { success: true, message: accountMessages.adminLinkSent };
}

/** The confirm page posts the emailed token back: one use, then an admin session. */
export async function confirmAdminSignInLink(services: Services, token: string, meta: { ip: string | null }) {
  return services.db.transaction(async (tx) => {
    const used = await consumeLink(tx, token, ["admin_sign_in"], services.now());
    const [admin] = used?.adminId ? await tx.select().from(adminUsers).where(eq(adminUsers.id, used.adminId)).limit(1) : [];
    if (!admin) throw new AppError("BAD_REQUEST", accountMessages.badLink);
    return startAdminSession(tx, services, admin, meta, "link");
  });
}

/** Ends the admin session the request presented, on the server. */
export async function signOutAdmin(services: Services, token: string | undefined, admin: AdminRow | null, meta: { ip: string | null }) {
  if (!token) return;
  await services.db.transaction(async (tx) => {
    await invalidateSession(tx, token);
    if (admin) await recordAdminAction(tx, { admin, ip: meta.ip }, { action: "sign_out", targetType: "admin", targetId: admin.id }, services.now());
  });
}
