import { and, eq, inArray, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import type { DbOrTx } from "../../db/client.ts";
import { communityJobKeys, emailPreferences, members } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import type { RenderedEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import type { MemberRow } from "../sessions.ts";
import { bulkMailFooter, DEFAULT_PREFERENCES, unsubscribeKey } from "./email-preferences.ts";
import type { Newsletter } from "./unsubscribe-token.ts";

// Bulk email of the community: once per key (DECISIONS.md 25), to the current members allowed
// and subscribed, each with a signed unsubscribe link and RFC 8058 headers.

/** Claims a job key in the transaction: true the first time, false ever after (any process). */
export async function claimJobKey(tx: DbOrTx, key: string): Promise<boolean> {
  const [row] = await tx.insert(communityJobKeys).values({ key }).onConflictDoNothing().returning();
  return row !== undefined;
}

/** Current members subscribed to a newsletter; `paidOnly` keeps active Standard and Premium members. */
export async function subscribers(tx: DbOrTx, newsletter: Newsletter, options: { paidOnly?: boolean; memberIds?: string[] } = {}) {
  const column = { legal_updates: emailPreferences.legalUpdates, webinars: emailPreferences.webinars, forum_digest: emailPreferences.forumDigest, forum_notifications: emailPreferences.forumNotifications }[newsletter];
  const subscribed = DEFAULT_PREFERENCES[newsletter] ? sql`coalesce(${column}, true)` : sql`coalesce(${column}, false)`;
  return tx
    .select({ member: members })
    .from(members)
    .leftJoin(emailPreferences, eq(emailPreferences.memberId, members.id))
    .where(
      and(
        listedMember(),
        eq(members.isActive, true),
        subscribed,
        options.paidOnly ? sql`${members.status} = 'active' and ${members.membershipLevel} in ('Standard', 'Premium')` : undefined,
        options.memberIds ? (options.memberIds.length ? inArray(members.id, options.memberIds) : sql`false`) : undefined,
      ),
    );
}

/** Queues one newsletter email per member, each with its own unsubscribe link and headers. */
export async function queueNewsletter(
  tx: DbOrTx,
  services: Services,
  newsletter: Newsletter,
  recipients: MemberRow[],
  render: (member: MemberRow, footer: { url: string; line: string }) => RenderedEmail & { attachments?: { filename: string; contentType: string; content: string }[] },
): Promise<number> {
  const key = await unsubscribeKey(tx);
  for (const member of recipients) {
    const footer = bulkMailFooter(services, key, member.id, newsletter);
    const { attachments, ...rendered } = render(member, footer);
    await enqueueEmail(tx, { to: member.email, memberId: member.id, headers: footer.headers, attachments, ...rendered });
  }
  return recipients.length;
}
