import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { emailOutbox, members, sessions } from "../../src/server/db/schema.ts";
import { applyAndSign, latestEmail, linkTokenFromEmail, setFirstPassword } from "../support/fixtures.ts";
import { ApiClient, createTestApp, type TestApp } from "../support/harness.ts";

// Password hashing (Argon2id) and a real browser need more than bun's 5 s default.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A browser on its own network address, so per-IP limits of one test do not touch another. */
function browserAt(ip = `198.51.100.${++ipCounter}`): ApiClient {
  return new ApiClient((path, init) =>
    t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": ip } }),
  );
}

const PASSWORD = "lake-michigan-2026";

/** The link token in the latest email of this template to this address (and the HTML part carries it too). */
async function tokenFromOutbox(email: string, template: string): Promise<string> {
  const token = await linkTokenFromEmail(t.services, email, template);
  expect((await latestEmail(t.services, email, template)).html).toContain(token);
  return token;
}

async function outboxCount(email: string) {
  return (await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).length;
}

/** A Basic member who set a password from the portal; the client stays signed in. */
async function memberWithPassword(client = browserAt()) {
  const signed = await applyAndSign(client);
  await setFirstPassword(t.services, client, signed.email, PASSWORD);
  return signed;
}

describe("signing in with a password", () => {
  test("a member signs in by email and by username; the answer has access_token and user, and sets the cookie", async () => {
    const { email } = await memberWithPassword();
    const username = `maria${Date.now().toString(36)}`.replace(/[0-9]/g, "x");
    await t.services.db.update(members).set({ username }).where(eq(members.email, email));

    const byEmail = browserAt();
    const res = await byEmail.post("/api/auth/login", { username: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^[a-z2-7]{32}$/);
    expect(res.body.user.email).toBe(email);
    expect(res.body.user.membership_level).toBe("Basic");
    expect(res.headers.getSetCookie().join(";")).toMatch(/lpa_member=[a-z2-7]{32}.*HttpOnly/i);
    expect((await byEmail.get("/api/auth/me")).body.email).toBe(email);

    const byUsername = browserAt();
    const res2 = await byUsername.post("/api/auth/login", { username: username.toUpperCase(), password: PASSWORD });
    expect(res2.status).toBe(200);
    expect(res2.body.user.email).toBe(email);
  });

  test("the access_token works as a bearer token for me and verify-token", async () => {
    const { email } = await memberWithPassword();
    const login = await browserAt().post("/api/auth/login", { username: email, password: PASSWORD });
    const api = browserAt();
    api.bearer = login.body.access_token;
    const me = await api.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    const verify = await api.post("/api/auth/verify-token");
    expect(verify.status).toBe(200);
    expect(verify.body.valid).toBe(true);
    expect(verify.body.user.email).toBe(email);

    api.bearer = "a".repeat(32);
    expect((await api.post("/api/auth/verify-token")).status).toBe(401);
    expect((await browserAt().get("/api/auth/me")).status).toBe(401);
  });

  test("a wrong password and an unknown email get the same 401 answer", async () => {
    const { email } = await memberWithPassword();
    const wrong = await browserAt().post("/api/auth/login", { username: email, password: "not-the-password" });
    const unknown = await browserAt().post("/api/auth/login", { username: "nobody.here@members.example.org", password: "whatever-it-is" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.detail).toBe("The email, username or password is not right.");
  });

  test("a member without a password cannot sign in with an empty or guessed one", async () => {
    const { email } = await applyAndSign(browserAt());
    expect((await browserAt().post("/api/auth/login", { username: email, password: "" })).status).toBe(422);
    expect((await browserAt().post("/api/auth/login", { username: email, password: "password123" })).status).toBe(401);
  });

  test("bad bodies answer 4xx with a detail, never 5xx", async () => {
    const client = browserAt();
    expect((await client.post("/api/auth/login", "{oops", { "content-type": "application/json" })).status).toBe(400);
    const missing = await client.post("/api/auth/login", {});
    expect(missing.status).toBe(422);
    expect(missing.body.detail.map((d: { loc: string[] }) => d.loc.join("."))).toContain("body.username");
  });

  test("logout ends the session on the server, not only in the browser", async () => {
    const { email } = await memberWithPassword();
    const client = browserAt();
    const login = await client.post("/api/auth/login", { username: email, password: PASSWORD });
    const token = login.body.access_token as string;
    expect((await client.post("/api/auth/logout")).status).toBe(200);
    expect(client.cookies.has("lpa_member")).toBe(false);
    const replay = browserAt();
    replay.cookies.set("lpa_member", token);
    expect((await replay.get("/api/auth/me")).status).toBe(401);
  });

  test("a deactivated member cannot sign in", async () => {
    const { email } = await memberWithPassword();
    await t.services.db.update(members).set({ isActive: false }).where(eq(members.email, email));
    const res = await browserAt().post("/api/auth/login", { username: email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain("deactivated");
  });
});

describe("rate limits", () => {
  test("password guessing against one account is stopped with 429, even with the right password, from any address", async () => {
    const { email } = await memberWithPassword();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await browserAt().post("/api/auth/login", { username: email, password: `guess-number-${i}` })).status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    const right = await browserAt().post("/api/auth/login", { username: email, password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.detail).toContain("Too many sign-in attempts");
    // Retry-After: the seconds left of the 15-minute window (the test clock stands still).
    const retryAfter = Number(right.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    t.clock.advance(10 * 60 * 1000);
    const later = Number((await browserAt().post("/api/auth/login", { username: email, password: PASSWORD })).headers.get("retry-after"));
    expect(later).toBeGreaterThan(4 * 60);
    expect(later).toBeLessThanOrEqual(5 * 60);
    t.clock.advance(-10 * 60 * 1000);

    // Locked out of passwords, the member can still sign in by an emailed link.
    expect((await browserAt().post("/api/auth/sign-in-link", { email })).status).toBe(200);
    const link = await tokenFromOutbox(email, "sign_in_link");
    const byLink = browserAt();
    expect((await byLink.post("/api/auth/sign-in-link/confirm", { token: link })).status).toBe(200);
    expect((await byLink.get("/api/auth/me")).status).toBe(200);

    // After the window the member signs in again.
    t.clock.advance(16 * 60 * 1000);
    expect((await browserAt().post("/api/auth/login", { username: email, password: PASSWORD })).status).toBe(200);
  });

  test("signing in with the right password forgets the wrong tries before it", async () => {
    const { email } = await memberWithPassword();
    for (let i = 0; i < 7; i++) expect((await browserAt().post("/api/auth/login", { username: email, password: `slip-${i}` })).status).toBe(401);
    expect((await browserAt().post("/api/auth/login", { username: email, password: PASSWORD })).status).toBe(200);
    // Seven more slips later the account is still open: the count began again at the sign-in.
    for (let i = 0; i < 7; i++) expect((await browserAt().post("/api/auth/login", { username: email, password: `slip-again-${i}` })).status).toBe(401);
    expect((await browserAt().post("/api/auth/login", { username: email, password: PASSWORD })).status).toBe(200);
  });

  test("guesses by username count against the same account as guesses by email", async () => {
    const { email } = await memberWithPassword();
    const username = `guessme${Date.now().toString(36)}`.replace(/[0-9]/g, "q");
    await t.services.db.update(members).set({ username }).where(eq(members.email, email));
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const login = i % 2 === 0 ? username : email;
      statuses.push((await browserAt().post("/api/auth/login", { username: login, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  test("one address trying many accounts is stopped with 429", async () => {
    const attacker = browserAt("203.0.113.66");
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await attacker.post("/api/auth/login", { username: `victim${i}@members.example.org`, password: "Winter2026!" })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await browserAt().post("/api/auth/login", { username: "victim0@members.example.org", password: "x" })).status).toBe(401);
  });

  test("link requests are limited per email and per address", async () => {
    const { email } = await applyAndSign(browserAt());
    const before = await outboxCount(email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await browserAt().post("/api/auth/sign-in-link", { email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(await outboxCount(email)).toBe(before + 4);

    const spammer = browserAt("203.0.113.77");
    const spam: number[] = [];
    for (let i = 0; i < 11; i++) spam.push((await spammer.post("/api/auth/password-link", { email: `someone${i}@members.example.org` })).status);
    expect(spam.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(spam[10]).toBe(429);
  });
});

describe("sign-in by emailed link", () => {
  test("the link signs the member in once; the email does not reveal the token outside the link", async () => {
    const { email } = await applyAndSign(browserAt());
    const res = await browserAt().post("/api/auth/sign-in-link", { email });
    expect(res.status).toBe(200);
    const token = await tokenFromOutbox(email, "sign_in_link");
    // Only the hash is stored.
    const stored = await t.services.db.query.signInTokens.findMany();
    expect(stored.some((row) => row.id === token)).toBe(false);

    const device = browserAt();
    const confirm = await device.post("/api/auth/sign-in-link/confirm", { token });
    expect(confirm.status).toBe(200);
    expect(confirm.body.user.email).toBe(email);
    expect((await device.get("/api/auth/me")).body.email).toBe(email);

    const again = await browserAt().post("/api/auth/sign-in-link/confirm", { token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("expired or has already been used");
  });

  test("an unknown email gets the same answer and no email is queued", async () => {
    const { email } = await applyAndSign(browserAt());
    const known = await browserAt().post("/api/auth/sign-in-link", { email });
    const stranger = "not.a.member@members.example.org";
    const unknown = await browserAt().post("/api/auth/sign-in-link", { email: stranger });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await outboxCount(stranger)).toBe(0);
    const unknownPw = await browserAt().post("/api/auth/password-link", { email: stranger });
    expect(unknownPw.body).toEqual(known.body);
  });

  test("a link expires after 24 hours", async () => {
    const { email } = await applyAndSign(browserAt());
    await browserAt().post("/api/auth/sign-in-link", { email });
    const token = await tokenFromOutbox(email, "sign_in_link");
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token })).status).toBe(400);
  });

  test("a malformed token is a 422, a made-up one a 400", async () => {
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token: "../../etc" })).status).toBe(422);
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token: "a".repeat(32) })).status).toBe(400);
  });

  test("a sign-in token cannot set a password", async () => {
    const { email } = await applyAndSign(browserAt());
    await browserAt().post("/api/auth/sign-in-link", { email });
    const token = await tokenFromOutbox(email, "sign_in_link");
    expect((await browserAt().post("/api/auth/password-reset", { token, password: "a-new-password-1" })).status).toBe(400);
  });
});

describe("passwords by emailed link", () => {
  test("a Basic member sets a first password by link and then signs in with it", async () => {
    const { email } = await applyAndSign(browserAt());
    await browserAt().post("/api/auth/password-link", { email });
    const token = await tokenFromOutbox(email, "password_set_link");
    const short = await browserAt().post("/api/auth/password-reset", { token, password: "short" });
    expect(short.status).toBe(422);
    const device = browserAt();
    const set = await device.post("/api/auth/password-reset", { token, password: PASSWORD });
    expect(set.status).toBe(200);
    expect((await device.get("/api/auth/me")).body.has_password).toBe(true);
    expect((await browserAt().post("/api/auth/login", { username: email, password: PASSWORD })).status).toBe(200);
  });

  test("a reset by link ends every other session and says so by email", async () => {
    const first = browserAt();
    const { email } = await memberWithPassword(first);
    await browserAt().post("/api/auth/password-link", { email });
    const token = await tokenFromOutbox(email, "password_reset_link");
    const device = browserAt();
    expect((await device.post("/api/auth/password-reset", { token, password: "a-brand-new-secret" })).status).toBe(200);
    expect((await first.get("/api/auth/me")).status).toBe(401);
    expect((await device.get("/api/auth/me")).status).toBe(200);
    expect((await browserAt().post("/api/auth/login", { username: email, password: PASSWORD })).status).toBe(401);
    expect((await browserAt().post("/api/auth/login", { username: email, password: "a-brand-new-secret" })).status).toBe(200);
    const changed = await t.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, "password_changed")));
    expect(changed.length).toBeGreaterThan(0);
  });

  test("changing a password from the portal needs the current one and keeps only this session", async () => {
    const client = browserAt();
    const { email } = await memberWithPassword(client);
    const other = browserAt();
    await other.post("/api/auth/login", { username: email, password: PASSWORD });
    const wrong = await client.post("/api/auth/password", { current_password: "nope", new_password: "another-long-one" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(["body", "current_password"]);
    const ok = await client.post("/api/auth/password", { current_password: PASSWORD, new_password: "another-long-one" });
    expect(ok.status).toBe(200);
    expect((await client.get("/api/auth/me")).status).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    const [member] = await t.services.db.select().from(members).where(eq(members.email, email));
    const live = await t.services.db.select().from(sessions).where(eq(sessions.memberId, member!.id));
    expect(live).toHaveLength(1);
  });

  test("setting a password needs a member session", async () => {
    expect((await browserAt().post("/api/auth/password", { new_password: "a-long-password" })).status).toBe(401);
  });
});

describe("the owner portal gate (tRPC)", () => {
  const access = async (client: ApiClient) => (await client.get("/trpc/public.auth.ownerPortalAccess")).body.result.data;

  test("a visitor and a Basic member are refused; an active Premium member gets the portal address", async () => {
    expect((await access(browserAt())).allowed).toBe(false);
    const basic = browserAt();
    await applyAndSign(basic);
    const basicAccess = await access(basic);
    expect(basicAccess).toMatchObject({ allowed: false, signed_in: true, membership_level: "Basic", url: null });

    const premium = browserAt();
    const { email } = await applyAndSign(premium, "Premium");
    expect((await access(premium)).allowed).toBe(false); // awaiting payment
    await t.services.db.update(members).set({ status: "active" }).where(eq(members.email, email));
    expect(await access(premium)).toMatchObject({ allowed: true, url: "/portal" });
  });
});
