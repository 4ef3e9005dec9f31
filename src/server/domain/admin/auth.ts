import { eq, sql } from "drizzle-orm";
import type { TAdminLoginRequest } from "../../../shared/admin.ts";
import { adminUsers } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { hashPassword, verifyPassword } from "../admins.ts";
import { recordAdminAction } from "../audit.ts";
import { clearRateLimit, hitRateLimit, type RateLimitRule } from "../rate-limit.ts";
import { createSession, invalidateSession, type AdminRow } from "../sessions.ts";

// Administrator sign-in (DECISIONS.md 5): username or email and password, its own session kind
// and cookie, rate-limited per IP and per name tried.

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const TOO_MANY = "Too many sign-in attempts. Please wait a few minutes and try again.";
export const ADMIN_LOGIN_LIMITS = {
  perIp: { name: "admin-login:ip", limit: 20, windowMs: FIFTEEN_MINUTES, message: TOO_MANY },
  perName: { name: "admin-login:name", limit: 5, windowMs: FIFTEEN_MINUTES, message: TOO_MANY },
} satisfies Record<string, RateLimitRule>;

export const INVALID_ADMIN_LOGIN = "Incorrect username or password.";

/** Compared against when the name is unknown, so a miss takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function describeAdmin(admin: AdminRow) {
  return { id: admin.id, username: admin.username, email: admin.email, full_name: admin.fullName };
}

export async function signInAdmin(services: Services, input: TAdminLoginRequest, meta: { ip: string | null }) {
  const { db } = services;
  const now = services.now();
  const name = input.username.trim().toLowerCase();
  // Each attempt counts in its own statement, so a failed sign-in still counts.
  if (meta.ip) await hitRateLimit(db, ADMIN_LOGIN_LIMITS.perIp, meta.ip, now);
  await hitRateLimit(db, ADMIN_LOGIN_LIMITS.perName, name, now);

  const [admin] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = ${name} or lower(${adminUsers.email}) = ${name}`)
    .limit(1);
  const valid = admin
    ? await verifyPassword(input.password, admin.passwordHash)
    : (await verifyPassword(input.password, await (decoyHash ??= hashPassword("decoy-password"))), false);
  if (!admin || !valid) throw new AppError("UNAUTHORIZED", INVALID_ADMIN_LOGIN);

  return db.transaction(async (tx) => {
    await clearRateLimit(tx, ADMIN_LOGIN_LIMITS.perName, name);
    await tx.update(adminUsers).set({ lastLoginAt: now }).where(eq(adminUsers.id, admin.id));
    const session = await createSession(tx, { kind: "admin", adminId: admin.id }, now);
    await recordAdminAction(tx, { admin, ip: meta.ip }, { action: "sign_in", targetType: "admin", targetId: admin.id }, now);
    return { admin, session, response: { access_token: session.token, token_type: "bearer", admin_user: describeAdmin(admin) } };
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
