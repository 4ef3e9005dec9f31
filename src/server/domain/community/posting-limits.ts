import type { RateLimitRule } from "../rate-limit.ts";

// Limits on posting and flagging (COMMUNITY.md 1). New members (their first 24 hours) may post
// once every 30 seconds and put at most 2 links in a post; everyone has hourly limits.

const MINUTE = 60_000;
export const NEW_MEMBER_PERIOD_MS = 24 * 60 * MINUTE;
export const NEW_MEMBER_MAX_LINKS = 2;

export const NEW_MEMBER_POST_INTERVAL: RateLimitRule = {
  name: "forum-post:new-member",
  limit: 1,
  windowMs: 30_000,
  message: "New members can post once every 30 seconds. Please wait a moment and try again.",
};
export const POSTS_PER_HOUR: RateLimitRule = {
  name: "forum-post:member",
  limit: 30,
  windowMs: 60 * MINUTE,
  message: "You have posted a lot in the last hour. Please wait a while before posting again.",
};
export const FLAGS_PER_HOUR: RateLimitRule = {
  name: "forum-flag:member",
  limit: 10,
  windowMs: 60 * MINUTE,
  message: "You have flagged many posts in the last hour. Please wait before flagging more; an administrator will review them.",
};

/** Whether a member who joined at `joinedAt` is still new at `now`. */
export function isNewMember(joinedAt: Date, now: Date): boolean {
  return now.getTime() - joinedAt.getTime() < NEW_MEMBER_PERIOD_MS;
}

/** Why a post may not go out under the new-member link limit, or null. */
export function linkLimitProblem(links: number, isNew: boolean): string | null {
  if (!isNew || links <= NEW_MEMBER_MAX_LINKS) return null;
  return `New members can include at most ${NEW_MEMBER_MAX_LINKS} links in a post during their first 24 hours.`;
}

/** Flags by this many different members hide a post until an admin reviews it. */
export const FLAGS_TO_HIDE = 3;

export function hiddenByFlags(distinctFlaggers: number): boolean {
  return distinctFlaggers >= FLAGS_TO_HIDE;
}

/** Edits later than this after posting keep the earlier version in the revision history. */
export const EDIT_GRACE_MS = 5 * MINUTE;

export function keepsRevision(postedAt: Date, now: Date): boolean {
  return now.getTime() - postedAt.getTime() > EDIT_GRACE_MS;
}
