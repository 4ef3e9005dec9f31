import { and, count, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import { FORUM_PAGE_SIZE } from "../../../shared/community.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { forumCategories, forumPosts, forumTopics, forumTopicVisits, forumWatches, members, notifications } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import type { MemberRow } from "../sessions.ts";
import { bulkMailFooter, preferencesOf, unsubscribeKey } from "./email-preferences.ts";
import { plainText } from "./markdown.ts";
import { EMAIL_DELAY_MS, notificationTargets, queuesEmail, sendsEmailAtDue, type NotificationKind, type WatchLevel } from "./notification-rules.ts";
import type { CommunityActor } from "./people.ts";

// In-app notifications of forum activity and their emails (COMMUNITY.md 1).

type Topic = typeof forumTopics.$inferSelect;
type Post = typeof forumPosts.$inferSelect;

const actorName = (actor: CommunityActor) =>
  actor.kind === "member" ? `${actor.member.firstName} ${actor.member.lastName.slice(0, 1)}.` : `${actor.admin.fullName} (staff)`;

/** Writes the notifications of a new post in its transaction; emails wait 10 minutes (sendDueForumEmails). */
export async function notifyAboutPost(
  tx: DbOrTx,
  services: Services,
  input: { actor: CommunityActor; topic: Topic; post: Post; mentionedMemberIds: string[]; replyToAuthorId: string | null },
) {
  const { topic, post } = input;
  const watches = await tx
    .select({ memberId: forumWatches.memberId, targetType: forumWatches.targetType, level: forumWatches.level })
    .from(forumWatches)
    .where(
      sql`(${forumWatches.targetType} = 'topic' and ${forumWatches.targetId} = ${topic.id}) or (${forumWatches.targetType} = 'category' and ${forumWatches.targetId} = ${topic.categoryId} and ${forumWatches.level} = 'watching')`,
    );
  const targets = notificationTargets({
    authorMemberId: input.actor.kind === "member" ? input.actor.member.id : null,
    mentionedMemberIds: input.mentionedMemberIds,
    replyToAuthorId: input.replyToAuthorId,
    topicWatch: new Map(watches.filter((w) => w.targetType === "topic").map((w) => [w.memberId, w.level as WatchLevel])),
    categoryWatchers: watches.filter((w) => w.targetType === "category").map((w) => w.memberId),
  });
  if (targets.size === 0) return;
  const ids = [...targets.keys()];
  // Only current members who may still read the category (a paid category drops lapsed members).
  const [category] = await tx.select().from(forumCategories).where(eq(forumCategories.id, topic.categoryId));
  const people = await tx.select().from(members).where(and(inArray(members.id, ids), listedMember(), eq(members.isActive, true)));
  const allowed = people.filter((m) => category!.readAccess === "members" || (m.status === "active" && m.membershipLevel !== "Basic"));
  const prefs = await preferencesOf(tx, allowed.map((m) => m.id));
  const now = services.now();
  for (const member of allowed) {
    const [visit] = await tx
      .select({ at: forumTopicVisits.visitedAt })
      .from(forumTopicVisits)
      .where(and(eq(forumTopicVisits.memberId, member.id), eq(forumTopicVisits.topicId, topic.id)));
    const [emailing] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.memberId, member.id),
          eq(notifications.topicId, topic.id),
          inArray(notifications.emailState, ["pending", "sent"]),
          visit ? gt(notifications.createdAt, visit.at) : undefined,
        ),
      );
    const email = queuesEmail({ wantsEmail: prefs.get(member.id)!.forum_notifications, emailingSinceVisit: Number(emailing?.n ?? 0) });
    await tx
      .insert(notifications)
      .values({
        memberId: member.id,
        kind: targets.get(member.id)!,
        topicId: topic.id,
        postId: post.id,
        actorName: actorName(input.actor),
        title: topic.title,
        emailState: email ? "pending" : "none",
        emailDueAt: email ? new Date(now.getTime() + EMAIL_DELAY_MS) : null,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
}

const KIND_TEXT: Record<NotificationKind, string> = { mention: "mentioned you in", reply: "replied to your post in", watching: "posted in" };

export async function listNotifications(services: Services, member: MemberRow, options: { page: number; unreadOnly?: boolean }) {
  const { db } = services;
  const where = and(eq(notifications.memberId, member.id), options.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [unread], [total]] = await Promise.all([
    db
      .select({ n: notifications, number: forumPosts.number })
      .from(notifications)
      .leftJoin(forumPosts, eq(forumPosts.id, notifications.postId))
      .where(where)
      .orderBy(desc(notifications.createdAt))
      .limit(FORUM_PAGE_SIZE)
      .offset((options.page - 1) * FORUM_PAGE_SIZE),
    db.select({ n: count() }).from(notifications).where(and(eq(notifications.memberId, member.id), isNull(notifications.readAt))),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return {
    unread_count: Number(unread?.n ?? 0),
    notifications: rows.map(({ n, number }) => ({
      id: n.id,
      kind: n.kind,
      text: `${n.actorName} ${KIND_TEXT[n.kind as NotificationKind] ?? "posted in"} "${n.title}"`,
      topic_id: n.topicId,
      post_id: n.postId,
      post_number: number,
      read: n.readAt !== null,
      created_at: n.createdAt.toISOString(),
    })),
    page: options.page,
    page_size: FORUM_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

export async function markNotificationsRead(services: Services, member: MemberRow, ids?: string[]) {
  await services.db
    .update(notifications)
    .set({ readAt: services.now() })
    .where(and(eq(notifications.memberId, member.id), isNull(notifications.readAt), ids?.length ? inArray(notifications.id, ids) : undefined));
  return { success: true };
}

/**
 * Sends the forum emails that are due (10 minutes after their notification). Each notification
 * is claimed by changing its state in the transaction that queues the email, so two workers or
 * two processes never send one twice (DECISIONS.md 25).
 */
export async function sendDueForumEmails(services: Services, limit = 100): Promise<number> {
  const db: Db = services.db;
  const now = services.now();
  const key = await unsubscribeKey(db);
  let sent = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select({ n: notifications, member: members, visitedAt: forumTopicVisits.visitedAt, post: forumPosts })
      .from(notifications)
      .innerJoin(members, eq(members.id, notifications.memberId))
      .leftJoin(forumPosts, eq(forumPosts.id, notifications.postId))
      .leftJoin(forumTopicVisits, and(eq(forumTopicVisits.memberId, notifications.memberId), eq(forumTopicVisits.topicId, notifications.topicId)))
      .where(and(eq(notifications.emailState, "pending"), lte(notifications.emailDueAt, now)))
      .orderBy(notifications.emailDueAt)
      .limit(limit)
      .for("update", { of: notifications, skipLocked: true });
    const prefs = await preferencesOf(tx, [...new Set(due.map((d) => d.member.id))]);
    for (const { n, member, visitedAt, post } of due) {
      const send =
        sendsEmailAtDue({ readAt: n.readAt, createdAt: n.createdAt, visitedAt }) &&
        prefs.get(member.id)!.forum_notifications &&
        !member.deletedAt &&
        member.isActive &&
        !!post &&
        !post.deletedAt &&
        !post.hiddenAt;
      await tx.update(notifications).set({ emailState: send ? "sent" : "skipped" }).where(eq(notifications.id, n.id));
      if (!send) continue;
      const url = `${services.config.PUBLIC_URL}/community/t/${n.topicId}?page=${Math.ceil(post!.number / FORUM_PAGE_SIZE)}#post-${post!.number}`;
      const footer = bulkMailFooter(services, key, member.id, "forum_notifications");
      const rendered = renderEmail(services.config, "forum_notification", `${n.actorName} ${KIND_TEXT[n.kind as NotificationKind]} "${n.title}"`, {
        heading: `Hello ${member.firstName}`,
        paragraphs: [
          `${n.actorName} ${KIND_TEXT[n.kind as NotificationKind]} "${n.title}":`,
          plainText(post!.body, 500),
          "We send one email per topic until you visit it again.",
          footer.line,
        ],
        action: { label: "Open the topic", url },
      });
      await enqueueEmail(tx, { to: member.email, memberId: member.id, headers: footer.headers, ...rendered });
      sent += 1;
    }
  });
  return sent;
}
