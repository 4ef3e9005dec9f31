import { observeJob } from "../workers.ts";
import { and, isNotNull, lt, or } from "drizzle-orm";
import { rateLimits, sessions, signInTokens } from "../db/schema.ts";
import type { Services } from "../services.ts";

// What expires is removed: sessions past their end, rate-limit windows that ended, emailed links and
// codes a week after they expired or were used (kept that long to answer "this link was used").
// Deleting what is already gone again changes nothing, so two processes may sweep at once.

export const HOUSEKEEPING_MS = 60 * 60 * 1000;
const KEEP_USED_LINKS_MS = 7 * 24 * 60 * 60 * 1000;

export async function sweepExpired(services: Services, now = services.now()) {
  const { db } = services;
  const linksBefore = new Date(now.getTime() - KEEP_USED_LINKS_MS);
  const [expiredSessions, windows, links] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key }),
    db
      .delete(signInTokens)
      .where(or(lt(signInTokens.expiresAt, linksBefore), and(isNotNull(signInTokens.usedAt), lt(signInTokens.usedAt, linksBefore))))
      .returning({ id: signInTokens.id }),
  ]);
  return { sessions: expiredSessions.length, rate_limits: windows.length, links: links.length };
}

/** Sweeps once an hour (and once shortly after start-up). */
export function startHousekeeping(services: Services, intervalMs = HOUSEKEEPING_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => observeJob(services, "housekeeping", () => sweepExpired(services)))
      // observeJob logged it; the next sweep runs as planned.
      .catch(() => {});
    return running;
  };
  const first = setTimeout(sweep, 60_000);
  const timer = setInterval(sweep, intervalMs);
  first.unref?.();
  timer.unref?.();
  return {
    name: "housekeeping",
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
