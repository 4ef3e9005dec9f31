import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export interface RateLimitRule {
  /** What is limited, e.g. "member-login:ip". */
  name: string;
  limit: number;
  windowMs: number;
  /** The words of the 429 answer. */
  message: string;
}

/**
 * Counts one attempt under `key` in a fixed window shared by every server process (the counter
 * lives in the database), and throws 429 with Retry-After once the limit is passed.
 */
export async function hitRateLimit(db: DbOrTx, rule: RateLimitRule, key: string, now: Date): Promise<void> {
  const id = rateLimitKey(rule, key);
  const resetAt = new Date(now.getTime() + rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: id, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  if (row) assertUnderRateLimit(rule, { count: row.count, resetAtMs: row.resetAt.getTime() }, now);
}

/** The counter's key of an attempt under `rule` for `key` (an address, an email). */
export function rateLimitKey(rule: RateLimitRule, key: string): string {
  return `${rule.name}:${key.toLowerCase()}`;
}

/** Throws hitRateLimit's 429 (with Retry-After) when a counted attempt is over the limit. */
export function assertUnderRateLimit(rule: RateLimitRule, counted: { count: number; resetAtMs: number }, now: Date): void {
  if (counted.count > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((counted.resetAtMs - now.getTime()) / 1000));
    throw new AppError("TOO_MANY_REQUESTS", rule.message, { retryAfter });
  }
}

/** Forgets the attempts under `key` (after a successful sign-in, say). */
export async function clearRateLimit(db: DbOrTx, rule: RateLimitRule, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${rateLimitKey(rule, key)}`);
}
