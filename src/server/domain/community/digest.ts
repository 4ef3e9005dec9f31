import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import { communityJobKeys, emailPreferences, forumCategories, forumTopics, members } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { isActivePaid } from "./access.ts";
import { bulkMailFooter, unsubscribeKey } from "./email-preferences.ts";
import { digestWeek } from "./schedule.ts";

// The weekly forum digest (opt-in): on Monday mornings in Chicago, the week's most active topics
// to each member who asked for it, once per member and week (key forum-digest:<monday>:<member>).

export async function sendWeeklyDigests(services: Services): Promise<number> {
  const now = services.now();
  const week = digestWeek(now);
  if (!week.due) return 0;
  const { db } = services;
  const topics = await db
    .select({ id: forumTopics.id, title: forumTopics.title, posts: forumTopics.postCount, readAccess: forumCategories.readAccess, category: forumCategories.name })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(and(isNull(forumTopics.deletedAt), isNull(forumTopics.hiddenAt), gte(forumTopics.lastPostAt, week.since)))
    .orderBy(desc(forumTopics.postCount), desc(forumTopics.lastPostAt))
    .limit(20);
  if (topics.length === 0) return 0;
  const subscribers = await db
    .select({ member: members })
    .from(emailPreferences)
    .innerJoin(members, eq(members.id, emailPreferences.memberId))
    .where(and(eq(emailPreferences.forumDigest, true), listedMember(), eq(members.isActive, true)));
  const key = await unsubscribeKey(db);
  let sent = 0;
  for (const { member } of subscribers) {
    const readable = topics.filter((t) => t.readAccess === "members" || isActivePaid(member)).slice(0, 10);
    if (readable.length === 0) continue;
    await db.transaction(async (tx) => {
      const [claimed] = await tx.insert(communityJobKeys).values({ key: `forum-digest:${week.key}:${member.id}` }).onConflictDoNothing().returning();
      if (!claimed) return;
      const footer = bulkMailFooter(services, key, member.id, "forum_digest");
      const rendered = renderEmail(services.config, "forum_digest", "This week in the member forum", {
        heading: `Hello ${member.firstName}, this week in the forum`,
        paragraphs: ["The most active topics of the past week:", footer.line],
        list: readable.map((t) => `${t.title} (${t.category}, ${t.posts} ${t.posts === 1 ? "post" : "posts"}): ${services.config.PUBLIC_URL}/community/t/${t.id}`),
        action: { label: "Open the forum", url: `${services.config.PUBLIC_URL}/community` },
      });
      await enqueueEmail(tx, { to: member.email, memberId: member.id, headers: footer.headers, ...rendered });
      sent += 1;
    });
  }
  void sql;
  return sent;
}
