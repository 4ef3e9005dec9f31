import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { TModeration } from "../../../shared/community.ts";
import { forumCategories, forumFlags, forumPosts, forumSilences, forumTopics } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../admin/queries.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { authorsOf } from "./people.ts";

// Admin moderation (COMMUNITY.md 1): pin, lock, hide, move, delete and silence, each with a
// reason and each in the admin audit log, in the transaction of the change.

const DAY = 24 * 60 * 60 * 1000;

export async function moderateTopic(services: Services, actor: AdminActor, topicId: string, input: TModeration) {
  if (!isUuid(topicId)) throw notFound("That topic does not exist.");
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [topic] = await tx.select().from(forumTopics).where(eq(forumTopics.id, topicId)).for("update");
    if (!topic) throw notFound("That topic does not exist.");
    let post: typeof forumPosts.$inferSelect | undefined;
    if (input.post_id) {
      [post] = await tx.select().from(forumPosts).where(and(eq(forumPosts.id, input.post_id), eq(forumPosts.topicId, topic.id)));
      if (!post) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "post_id"], msg: "That post is not in this topic.", type: "not_found" }]);
    }
    const details: Record<string, unknown> = { reason: input.reason };
    const onTopic = (set: Partial<typeof forumTopics.$inferInsert>) => tx.update(forumTopics).set(set).where(eq(forumTopics.id, topic.id));
    const onPost = (set: Partial<typeof forumPosts.$inferInsert>) => tx.update(forumPosts).set(set).where(eq(forumPosts.id, post!.id));
    switch (input.action) {
      case "pin":
        await onTopic({ pinned: "category" });
        break;
      case "pin_globally":
        await onTopic({ pinned: "global" });
        break;
      case "unpin":
        await onTopic({ pinned: "none" });
        break;
      case "lock":
        await onTopic({ locked: true });
        break;
      case "unlock":
        await onTopic({ locked: false });
        break;
      case "hide":
        if (post) await onPost({ hiddenAt: now, hiddenReason: "moderator" });
        else await onTopic({ hiddenAt: now });
        break;
      case "unhide":
        if (post) await onPost({ hiddenAt: null, hiddenReason: null });
        else await onTopic({ hiddenAt: null });
        break;
      case "delete":
        if (post) {
          if (!post.deletedAt) {
            await onPost({ deletedAt: now });
            await tx.update(forumTopics).set({ postCount: sql`greatest(${forumTopics.postCount} - 1, 0)` }).where(eq(forumTopics.id, topic.id));
          }
        } else await onTopic({ deletedAt: now });
        break;
      case "restore":
        if (post) {
          if (post.deletedAt) {
            await onPost({ deletedAt: null });
            await tx.update(forumTopics).set({ postCount: sql`${forumTopics.postCount} + 1` }).where(eq(forumTopics.id, topic.id));
          }
        } else await onTopic({ deletedAt: null });
        break;
      case "move": {
        if (!input.category_id) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "category_id"], msg: "Choose the category to move the topic to.", type: "missing" }]);
        const [category] = await tx.select().from(forumCategories).where(eq(forumCategories.id, input.category_id));
        if (!category) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "category_id"], msg: "That category does not exist.", type: "not_found" }]);
        details.from_category_id = topic.categoryId;
        details.to_category_id = category.id;
        await onTopic({ categoryId: category.id, pinned: topic.pinned === "category" ? "none" : topic.pinned });
        break;
      }
      case "silence":
      case "unsilence": {
        const memberId = post?.authorMemberId ?? (post ? null : topic.authorMemberId);
        if (!memberId) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "post_id"], msg: "That post was not written by a member.", type: "invalid" }]);
        details.member_id = memberId;
        if (input.action === "silence") {
          const until = new Date(now.getTime() + (input.days ?? 7) * DAY);
          details.until = until.toISOString();
          await tx
            .insert(forumSilences)
            .values({ memberId, until, reason: input.reason, createdAt: now })
            .onConflictDoUpdate({ target: forumSilences.memberId, set: { until, reason: input.reason, createdAt: now } });
        } else {
          await tx.delete(forumSilences).where(eq(forumSilences.memberId, memberId));
        }
        break;
      }
      case "review_flags": {
        if (!post) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "post_id"], msg: "Choose the flagged post.", type: "missing" }]);
        await tx.update(forumFlags).set({ reviewedAt: now }).where(and(eq(forumFlags.postId, post.id), isNull(forumFlags.reviewedAt)));
        // Reviewed and kept: a post hidden by flags shows again (an admin hides it with "hide" instead).
        if (post.hiddenReason === "flags") await onPost({ hiddenAt: null, hiddenReason: null });
        break;
      }
    }
    if (post) details.post_id = post.id;
    await recordAdminAction(tx, actor, { action: `forum_${input.action}`, targetType: "topic", targetId: topic.id, details }, now);
    const [after] = await tx.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
    return {
      success: true,
      id: after!.id,
      action: input.action,
      pinned: after!.pinned,
      locked: after!.locked,
      hidden: after!.hiddenAt !== null,
      deleted: after!.deletedAt !== null,
      category_id: after!.categoryId,
    };
  });
}

/** Posts with flags nobody has reviewed yet, the most flagged first: the moderation queue. */
export async function listFlaggedPosts(services: Services) {
  const { db } = services;
  const rows = await db
    .select({
      post: forumPosts,
      topicTitle: forumTopics.title,
      flags: count(),
      reasons: sql<string[]>`array_agg(${forumFlags.reason} order by ${forumFlags.createdAt})`,
    })
    .from(forumFlags)
    .innerJoin(forumPosts, eq(forumPosts.id, forumFlags.postId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .where(isNull(forumFlags.reviewedAt))
    .groupBy(forumPosts.id, forumTopics.title)
    .orderBy(desc(count()), asc(forumPosts.createdAt))
    .limit(100);
  const authors = await authorsOf(db, rows.map((r) => r.post.authorMemberId), rows.map((r) => r.post.authorAdminId));
  return rows.map((r) => ({
    post_id: r.post.id,
    topic_id: r.post.topicId,
    topic_title: r.topicTitle,
    post_number: r.post.number,
    author: authors(r.post.authorMemberId, r.post.authorAdminId),
    body: r.post.body,
    html: r.post.html,
    hidden: r.post.hiddenAt !== null,
    hidden_reason: r.post.hiddenReason,
    flag_count: Number(r.flags),
    reasons: r.reasons,
  }));
}
