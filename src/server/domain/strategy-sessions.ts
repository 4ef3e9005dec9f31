import type { TStrategySessionRequest } from "../../shared/strategy-session.ts";
import { strategySessionMessages } from "../../shared/strategy-session.ts";
import { strategySessionRequests } from "../db/schema.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { strategySessionRequestedEmail } from "../mail/site-emails.ts";
import type { Services } from "../services.ts";
import type { RequestMeta } from "./caller.ts";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.ts";

export const STRATEGY_SESSION_LIMITS = {
  ip: { name: "strategy-session:ip", limit: 5, windowMs: 60 * 60 * 1000, message: "Too many requests from this address. Please try again later or call us." },
  email: { name: "strategy-session:email", limit: 3, windowMs: 24 * 60 * 60 * 1000, message: "We already have your request and will be in touch soon." },
} satisfies Record<string, RateLimitRule>;

/**
 * Stores a strategy-session request from the demo page and queues the email to support in the
 * same transaction, so a stored request is never left unannounced.
 */
export async function requestStrategySession(services: Services, request: TStrategySessionRequest, meta: RequestMeta) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    if (meta.ip) await hitRateLimit(tx, STRATEGY_SESSION_LIMITS.ip, meta.ip, now);
    await hitRateLimit(tx, STRATEGY_SESSION_LIMITS.email, request.email, now);
    const [row] = await tx
      .insert(strategySessionRequests)
      .values({
        name: request.name,
        email: request.email,
        phone: request.phone,
        preferredTime: request.preferred_time,
        message: request.message,
        createdAt: now,
      })
      .returning({ id: strategySessionRequests.id });
    const email = strategySessionRequestedEmail(services.config, { request, requestId: row!.id, receivedAt: now });
    await enqueueEmail(tx, { to: services.config.SUPPORT_EMAIL, ...email });
    return { id: row!.id, message: strategySessionMessages.received };
  });
}
