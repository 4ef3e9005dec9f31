// Who hears about a new post, and when by email (COMMUNITY.md 1): mentions, replies to one's
// posts, and new posts in watched topics and categories notify in the app; each can also email,
// but not when the member reads it within 10 minutes, and only the first unread one per topic
// until they visit it.

export type NotificationKind = "mention" | "reply" | "watching";
export type WatchLevel = "watching" | "normal" | "muted";


export interface NewPostFacts {
  authorMemberId: string | null;
  /** Members the post mentions (already limited to those who may read the topic). */
  mentionedMemberIds: string[];
  /** The author of the post replied to, if any. */
  replyToAuthorId: string | null;
  /** Members' levels on this topic. */
  topicWatch: Map<string, WatchLevel>;
  /** Members watching the topic's category. */
  categoryWatchers: string[];
}

/**
 * Each member to notify, with the strongest reason: one notification per member and post. The
 * reasons are taken strongest first (mention, reply, watching), so a member's first reason is
 * their strongest. The author is never notified of their own post.
 */
export function notificationTargets(facts: NewPostFacts): Map<string, NotificationKind> {
  const targets = new Map<string, NotificationKind>();
  const add = (memberId: string | null, kind: NotificationKind) => {
    if (!memberId || memberId === facts.authorMemberId || targets.has(memberId)) return;
    targets.set(memberId, kind);
  };
  for (const id of facts.mentionedMemberIds) add(id, "mention");
  add(facts.replyToAuthorId, "reply");
  for (const [id, level] of facts.topicWatch) if (level === "watching") add(id, "watching");
  // A muted topic silences its category's watching, not mentions or replies.
  for (const id of facts.categoryWatchers) if (facts.topicWatch.get(id) !== "muted") add(id, "watching");
  return targets;
}

/** Minutes a notification waits before its email, so reading it in the app first cancels the email. */
export const EMAIL_DELAY_MS = 10 * 60_000;

/**
 * Whether a new notification should email later: the member wants forum emails and has no
 * other emailing notification for this topic since they last visited it.
 */
export function queuesEmail(input: { wantsEmail: boolean; emailingSinceVisit: number }): boolean {
  return input.wantsEmail && input.emailingSinceVisit === 0;
}

/** At its due time, the email goes only if the notification is unread and the topic unvisited since. */
export function sendsEmailAtDue(input: { readAt: Date | null; createdAt: Date; visitedAt: Date | null }): boolean {
  if (input.readAt) return false;
  return !input.visitedAt || input.visitedAt.getTime() < input.createdAt.getTime();
}
