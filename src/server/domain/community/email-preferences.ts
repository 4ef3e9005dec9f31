import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { TEmailPreferences } from "../../../shared/community.ts";
import type { DbOrTx } from "../../db/client.ts";
import { emailPreferences, members, serverSecrets } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { MemberRow } from "../sessions.ts";
import { signUnsubscribeToken, verifyUnsubscribeToken, type Newsletter } from "./unsubscribe-token.ts";

// Newsletters a member receives (COMMUNITY.md 2) and the signed one-click unsubscribe of every
// bulk email (RFC 8058). Legal updates, webinars and forum activity are on until turned off; the
// weekly forum digest is opt-in.

export const DEFAULT_PREFERENCES: TEmailPreferences = { legal_updates: true, webinars: true, forum_digest: false, forum_notifications: true };

const COLUMN: Record<Newsletter, "legalUpdates" | "webinars" | "forumDigest" | "forumNotifications"> = {
  legal_updates: "legalUpdates",
  webinars: "webinars",
  forum_digest: "forumDigest",
  forum_notifications: "forumNotifications",
};

export const NEWSLETTER_NAMES: Record<Newsletter, string> = {
  legal_updates: "Legal updates",
  webinars: "Webinars",
  forum_digest: "Forum digest",
  forum_notifications: "Forum replies and mentions",
};

type PreferenceRow = typeof emailPreferences.$inferSelect;
const describe = (row: PreferenceRow | undefined): TEmailPreferences =>
  row
    ? { legal_updates: row.legalUpdates, webinars: row.webinars, forum_digest: row.forumDigest, forum_notifications: row.forumNotifications }
    : { ...DEFAULT_PREFERENCES };

export async function getEmailPreferences(db: DbOrTx, memberId: string): Promise<TEmailPreferences> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.memberId, memberId));
  return describe(row);
}

/** Preferences of many members at once (members without a row have the defaults). */
export async function preferencesOf(db: DbOrTx, memberIds: string[]): Promise<Map<string, TEmailPreferences>> {
  const rows = memberIds.length ? await db.select().from(emailPreferences).where(inArray(emailPreferences.memberId, memberIds)) : [];
  const found = new Map(rows.map((r) => [r.memberId, describe(r)]));
  return new Map(memberIds.map((id) => [id, found.get(id) ?? { ...DEFAULT_PREFERENCES }]));
}

export async function saveEmailPreferences(services: Services, member: MemberRow, input: TEmailPreferences) {
  const values = {
    legalUpdates: input.legal_updates,
    webinars: input.webinars,
    forumDigest: input.forum_digest,
    forumNotifications: input.forum_notifications,
    updatedAt: services.now(),
  };
  await services.db.insert(emailPreferences).values({ memberId: member.id, ...values }).onConflictDoUpdate({ target: emailPreferences.memberId, set: values });
  return getEmailPreferences(services.db, member.id);
}

/** SQL-side filter: members subscribed to a newsletter (no row means the default). */
export function subscribedTo(newsletter: Newsletter) {
  return { column: emailPreferences[COLUMN[newsletter]], default: DEFAULT_PREFERENCES[newsletter] };
}

/** The key that signs unsubscribe links, made once and kept in the database for every process. */
export async function unsubscribeKey(db: DbOrTx): Promise<string> {
  await db.insert(serverSecrets).values({ name: "unsubscribe", value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, "unsubscribe"));
  return row!.value;
}

/**
 * The unsubscribe link and RFC 8058 headers of one bulk email: the link opens a page that works
 * without signing in, and mail clients can POST to it for one-click unsubscribe.
 */
export function bulkMailFooter(services: Services, key: string, memberId: string, newsletter: Newsletter) {
  const token = signUnsubscribeToken(key, memberId, newsletter);
  const url = `${services.config.PUBLIC_URL}/email/unsubscribe?token=${encodeURIComponent(token)}`;
  return {
    url,
    line: `You receive this because you subscribe to ${NEWSLETTER_NAMES[newsletter]}. Unsubscribe: ${url} (or choose your emails at ${services.config.PUBLIC_URL}/email/preferences).`,
    headers: {
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** What an unsubscribe link is about, without changing anything (the page shows it before the click). */
export async function describeUnsubscribeToken(services: Services, token: string) {
  const parsed = verifyUnsubscribeToken(await unsubscribeKey(services.db), token);
  if (!parsed) throw new AppError("BAD_REQUEST", "This unsubscribe link is not valid. Choose your emails on the email preferences page after signing in.");
  const [member] = await services.db.select().from(members).where(eq(members.id, parsed.memberId));
  if (!member || member.deletedAt) throw new AppError("BAD_REQUEST", "This unsubscribe link is no longer valid.");
  const preferences = await getEmailPreferences(services.db, member.id);
  return { newsletter: parsed.newsletter, newsletter_name: NEWSLETTER_NAMES[parsed.newsletter], subscribed: preferences[parsed.newsletter], member };
}

/** One-click unsubscribe by signed token: no session needed (RFC 8058). Idempotent. */
export async function unsubscribeByToken(services: Services, token: string) {
  const { newsletter, newsletter_name, member } = await describeUnsubscribeToken(services, token);
  const current = await getEmailPreferences(services.db, member.id);
  await saveEmailPreferences(services, member, { ...current, [newsletter]: false });
  return { success: true, newsletter, newsletter_name, message: `You are unsubscribed from ${newsletter_name}.` };
}
