import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { rateLimits, sessions, signInTokens } from "../../src/server/db/schema.ts";
import { sweepExpired } from "../../src/server/domain/housekeeping.ts";
import { createSession, hashToken } from "../../src/server/domain/sessions.ts";
import { applyAndSign } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

test("what expired is swept away: sessions, rate-limit windows, and links a week after use or expiry; the rest stays", async () => {
  const now = t.services.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const { applicationId } = await applyAndSign(t.client());
  const live = await createSession(t.services.db, { kind: "applicant", applicationId }, now);
  const dead = await createSession(t.services.db, { kind: "applicant", applicationId }, ago(8 * DAY));
  await t.services.db.insert(rateLimits).values([
    { key: "test:ended", count: 3, resetAt: ago(1000) },
    { key: "test:running", count: 3, resetAt: new Date(now.getTime() + 60_000) },
  ]);
  const link = (id: string, expiresAt: Date, usedAt: Date | null) => ({ id, purpose: "signing" as const, applicationId, expiresAt, usedAt });
  await t.services.db.insert(signInTokens).values([
    link("old-expired", ago(8 * DAY), null),
    link("old-used", new Date(now.getTime() + DAY), ago(8 * DAY)),
    link("recently-used", new Date(now.getTime() + DAY), ago(DAY)),
    link("outstanding", new Date(now.getTime() + DAY), null),
  ]);

  const swept = await sweepExpired(t.services, now);
  expect(swept.sessions).toBeGreaterThanOrEqual(1);
  expect(await t.services.db.select().from(sessions).where(eq(sessions.id, hashToken(dead.token)))).toHaveLength(0);
  expect(await t.services.db.select().from(sessions).where(eq(sessions.id, hashToken(live.token)))).toHaveLength(1);
  const keys = (await t.services.db.select().from(rateLimits).where(inArray(rateLimits.key, ["test:ended", "test:running"]))).map((r) => r.key);
  expect(keys).toEqual(["test:running"]);
  const links = (await t.services.db.select().from(signInTokens).where(inArray(signInTokens.id, ["old-expired", "old-used", "recently-used", "outstanding"]))).map((r) => r.id).sort();
  expect(links).toEqual(["outstanding", "recently-used"]);
  // A second sweep finds nothing more.
  expect(await sweepExpired(t.services, now)).toEqual({ sessions: 0, rate_limits: 0, links: 0 });
});
