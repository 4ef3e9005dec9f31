import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { adminUsers, applications, emailOutbox, members, sessions, signInTokens } from "../../src/server/db/schema.ts";
import { hashPassword } from "../../src/server/domain/admins.ts";
import { applicationPayload, applyAndSign, emailCode, latestEmail, linkTokenFromEmail, setFirstPassword } from "../support/fixtures.ts";
import { ApiClient, createTestApp, type TestApp } from "../support/harness.ts";

// The ways into other people's accounts that an outside probe found, each written as the promise
// that now holds: nobody gets a pending application by applying with its email, an account is
// its email owner's once they prove it, a used or superseded link is dead, and an administrator
// cannot be locked out by a stranger.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A browser on its own network address. */
function browserAt(ip = `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`): ApiClient {
  return new ApiClient((path, init) =>
    t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": ip } }),
  );
}

const sign = (client: ApiClient, applicationId: string, name = "Maria Gonzalez") =>
  client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: name });

async function memberRow(email: string) {
  const [row] = await t.services.db.select().from(members).where(and(eq(members.email, email), isNull(members.deletedAt)));
  return row!;
}

describe("a pending application belongs to the browser that made it", () => {
  test("another browser cannot take over a pending application by applying with its email", async () => {
    const owner = browserAt();
    const payload = applicationPayload();
    const mine = await owner.post("/api/membership/apply", payload);
    expect(mine.status).toBe(201);

    const attacker = browserAt();
    const theirs = await attacker.post("/api/membership/apply", { ...payload, first_name: "Mallory" });
    expect(theirs.status).toBe(201);
    expect(theirs.body.application_id).not.toBe(mine.body.application_id);
    // The attacker's session opens only the attacker's own application.
    expect((await attacker.get(`/api/membership/application/${mine.body.application_id}`)).status).toBe(403);
    expect((await sign(attacker, mine.body.application_id)).status).toBe(403);
    const bearer = browserAt();
    bearer.bearer = theirs.body.access_token;
    expect((await bearer.get(`/api/membership/application/${mine.body.application_id}`)).status).toBe(403);

    // The owner's application kept its details and is signed by its owner.
    const [stored] = await t.services.db.select().from(applications).where(eq(applications.id, mine.body.application_id));
    expect(stored!.firstName).toBe("Maria");
    expect((await sign(owner, mine.body.application_id)).status).toBe(200);
    expect((await owner.get("/api/auth/me")).body.first_name).toBe("Maria");
  });

  test("the answer is the same whether the email is new, pending elsewhere or a member's", async () => {
    const pending = applicationPayload();
    await browserAt().post("/api/membership/apply", pending);
    const { email: memberEmail } = await applyAndSign(browserAt());

    const answers = await Promise.all(
      [applicationPayload(), pending, applicationPayload({ email: memberEmail })].map((p) => browserAt().post("/api/membership/apply", p)),
    );
    const shape = (r: (typeof answers)[number]) => ({
      status: r.status,
      keys: Object.keys(r.body).sort(),
      message: r.body.message,
      next_steps: r.body.next_steps,
      cookie: r.headers.getSetCookie().some((c) => c.startsWith("lpa_applicant=")),
    });
    expect(shape(answers[1]!)).toEqual(shape(answers[0]!));
    expect(shape(answers[2]!)).toEqual(shape(answers[0]!));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
  });

  test("the application email's link continues the application on another device, once, and proves the email", async () => {
    const laptop = browserAt();
    const { payload, applicationId } = await (async () => {
      const p = applicationPayload();
      const res = await laptop.post("/api/membership/apply", p);
      return { payload: p, applicationId: res.body.application_id as string };
    })();
    const mail = await latestEmail(t.services, payload.email, "application_received");
    expect(mail.text).toMatch(/\/apply\/continue\?token=[a-z2-7]{32}/);
    const token = await linkTokenFromEmail(t.services, payload.email, "application_received");

    const phone = browserAt();
    const resumed = await phone.post("/api/membership/continue", { token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.application_id).toBe(applicationId);
    expect((await phone.get(`/api/membership/application/${applicationId}`)).status).toBe(200);
    // One use only.
    const again = await browserAt().post("/api/membership/continue", { token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("expired or has already been used");

    expect((await sign(phone, applicationId)).status).toBe(200);
    // The member made from an application opened by its emailed link has a proved email.
    expect((await memberRow(payload.email)).emailVerifiedAt).not.toBeNull();
    expect((await phone.get("/api/auth/me")).body.email_verified).toBe(true);
    // A signed application's link (had it not been used) no longer opens anything.
    expect((await browserAt().post("/api/membership/continue", { token: "a".repeat(32) })).status).toBe(400);
  });

  test("applying with a member's email emails the member a sign-in link, and nothing else changes", async () => {
    const { email } = await applyAndSign(browserAt());
    const before = await memberRow(email);
    await browserAt().post("/api/membership/apply", applicationPayload({ email, first_name: "Mallory" }));
    const token = await linkTokenFromEmail(t.services, email, "already_a_member");
    const after = await memberRow(email);
    expect(after.firstName).toBe(before.firstName);
    const device = browserAt();
    expect((await device.post("/api/auth/sign-in-link/confirm", { token })).status).toBe(200);
    expect((await device.get("/api/auth/me")).body.email).toBe(email);
  });

  test("one address gets at most five application emails an hour, however many applications name it", async () => {
    const payload = applicationPayload();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await browserAt().post("/api/membership/apply", payload)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201]);
    const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payload.email));
    expect(mail).toHaveLength(5);
    t.clock.advance(61 * 60 * 1000);
    await browserAt().post("/api/membership/apply", payload);
    expect(await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payload.email))).toHaveLength(6);
  });
});

describe("an account is its email owner's once they prove it", () => {
  test("a first password needs the email proved by an emailed code", async () => {
    const client = browserAt();
    const { email } = await applyAndSign(client);
    expect((await client.get("/api/auth/me")).body.email_verified).toBe(false);

    const without = await client.post("/api/auth/password", { new_password: "a-long-password-1" });
    expect(without.status).toBe(422);
    expect(without.body.detail[0].loc).toEqual(["body", "email_code"]);
    expect((await memberRow(email)).passwordHash).toBeNull();

    const code = await emailCode(t.services, client, email);
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = await client.post("/api/auth/password", { new_password: "a-long-password-1", email_code: wrong });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].msg).toContain("not right");

    const ok = await client.post("/api/auth/password", { new_password: "a-long-password-1", email_code: code });
    expect(ok.status).toBe(200);
    const row = await memberRow(email);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(row.passwordHash).toStartWith("$argon2id$");
    // A used code is gone.
    expect((await client.get("/api/auth/me")).body.email_verified).toBe(true);
  });

  test("a code dies after five wrong guesses, so six digits cannot be guessed", async () => {
    const client = browserAt();
    const { email } = await applyAndSign(client);
    const code = await emailCode(t.services, client, email);
    const wrongs = ["000001", "000002", "000003", "000004", "000005"].filter((c) => c !== code).slice(0, 5);
    for (const guess of wrongs) expect((await client.post("/api/auth/password", { new_password: "a-long-password-1", email_code: guess })).status).toBe(422);
    const right = await client.post("/api/auth/password", { new_password: "a-long-password-1", email_code: code });
    expect(right.status).toBe(422);
    expect((await memberRow(email)).passwordHash).toBeNull();
  });

  test("a code expires after 15 minutes", async () => {
    const client = browserAt();
    const { email } = await applyAndSign(client);
    const code = await emailCode(t.services, client, email);
    t.clock.advance(16 * 60 * 1000);
    expect((await client.post("/api/auth/password", { new_password: "a-long-password-1", email_code: code })).status).toBe(422);
  });

  test("the first proof of an email ends the sessions and credentials made before it", async () => {
    // Someone applies and signs with an address they do not own, and stays signed in.
    const squatter = browserAt();
    const { email, signed } = await applyAndSign(squatter);
    const squatterApi = browserAt();
    squatterApi.bearer = signed.body.access_token;
    expect((await squatterApi.get("/api/auth/me")).status).toBe(200);
    // A password made before the proof (an account from before this rule, or an admin's doing).
    await t.services.db
      .update(members)
      .set({ passwordHash: await hashPassword("squatters-password"), username: `squat${Date.now().toString(36)}`.replace(/\d/g, "x") })
      .where(eq(members.email, email));
    expect((await browserAt().post("/api/auth/login", { username: email, password: "squatters-password" })).status).toBe(200);

    // The real owner signs in with an emailed link: the first proof.
    await browserAt().post("/api/auth/sign-in-link", { email });
    const token = await linkTokenFromEmail(t.services, email, "sign_in_link");
    const owner = browserAt();
    expect((await owner.post("/api/auth/sign-in-link/confirm", { token })).status).toBe(200);

    expect((await squatter.get("/api/auth/me")).status).toBe(401);
    expect((await squatterApi.get("/api/auth/me")).status).toBe(401);
    expect((await browserAt().post("/api/auth/login", { username: email, password: "squatters-password" })).status).toBe(401);
    const row = await memberRow(email);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(row.passwordHash).toBeNull();
    expect(row.username).toBeNull();
    const live = await t.services.db.select().from(sessions).where(eq(sessions.memberId, row.id));
    expect(live).toHaveLength(1);
    expect((await owner.get("/api/auth/me")).body.email).toBe(email);

    // Later proofs change nothing: the owner's own sessions and password stay.
    await setFirstPassword(t.services, owner, email, "owners-own-password");
    const second = browserAt();
    await browserAt().post("/api/auth/sign-in-link", { email });
    expect((await second.post("/api/auth/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, email, "sign_in_link") })).status).toBe(200);
    expect((await owner.get("/api/auth/me")).status).toBe(200);
    expect((await browserAt().post("/api/auth/login", { username: email, password: "owners-own-password" })).status).toBe(200);
  });

  test("proving the email with a code keeps the session that proved it and ends the others", async () => {
    const first = browserAt();
    const { email } = await applyAndSign(first);
    const other = browserAt();
    const [member] = await t.services.db.select().from(members).where(eq(members.email, email));
    const { createSession } = await import("../../src/server/domain/sessions.ts");
    const { token } = await createSession(t.services.db, { kind: "member", memberId: member!.id }, t.services.now());
    other.cookies.set("lpa_member", token);
    expect((await other.get("/api/auth/me")).status).toBe(200);
    await setFirstPassword(t.services, first, email, "a-long-password-9");
    expect((await first.get("/api/auth/me")).status).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(401);
  });
});

describe("used and superseded links are dead", () => {
  test("an older sign-in link stops working once a newer one is used", async () => {
    const { email } = await applyAndSign(browserAt());
    await browserAt().post("/api/auth/sign-in-link", { email });
    const older = await linkTokenFromEmail(t.services, email, "sign_in_link");
    await Bun.sleep(5);
    await browserAt().post("/api/auth/sign-in-link", { email });
    const newer = await linkTokenFromEmail(t.services, email, "sign_in_link");
    expect(newer).not.toBe(older);
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token: newer })).status).toBe(200);
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token: older })).status).toBe(400);
  });

  test("a password link stops working once a sign-in link is used, and the other way round", async () => {
    const { email } = await applyAndSign(browserAt());
    await browserAt().post("/api/auth/password-link", { email });
    const passwordToken = await linkTokenFromEmail(t.services, email, "password_set_link");
    await browserAt().post("/api/auth/sign-in-link", { email });
    const signInToken = await linkTokenFromEmail(t.services, email, "sign_in_link");
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token: signInToken })).status).toBe(200);
    expect((await browserAt().post("/api/auth/password-reset", { token: passwordToken, password: "a-long-password-2" })).status).toBe(400);
  });

  test("a sign-in link stops working after a password change", async () => {
    const client = browserAt();
    const { email } = await applyAndSign(client);
    await setFirstPassword(t.services, client, email, "first-long-password");
    await browserAt().post("/api/auth/sign-in-link", { email });
    const token = await linkTokenFromEmail(t.services, email, "sign_in_link");
    const changed = await client.post("/api/auth/password", { current_password: "first-long-password", new_password: "second-long-password" });
    expect(changed.status).toBe(200);
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token })).status).toBe(400);
  });

  test("a sign-in link stops working after a password reset by another link", async () => {
    const { email } = await applyAndSign(browserAt());
    await browserAt().post("/api/auth/sign-in-link", { email });
    const signInToken = await linkTokenFromEmail(t.services, email, "sign_in_link");
    await browserAt().post("/api/auth/password-link", { email });
    const reset = await linkTokenFromEmail(t.services, email, "password_set_link");
    expect((await browserAt().post("/api/auth/password-reset", { token: reset, password: "a-long-password-3" })).status).toBe(200);
    expect((await browserAt().post("/api/auth/sign-in-link/confirm", { token: signInToken })).status).toBe(400);
    const outstanding = await t.services.db
      .select()
      .from(signInTokens)
      .where(and(eq(signInTokens.memberId, (await memberRow(email)).id), isNull(signInTokens.usedAt)));
    expect(outstanding).toHaveLength(0);
  });
});

describe("administrator sign-in cannot be used to lock the administrator out", () => {
  const ADMIN_PASSWORD = "correct-horse-battery";

  test("wrong passwords count per account, whether the username or the email is typed", async () => {
    const [admin] = await t.services.db.select().from(adminUsers).limit(1);
    const from = browserAt();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const login = i % 2 === 0 ? admin!.username : admin!.email.toUpperCase();
      statuses.push((await from.post("/api/auth/admin/login", { username: login, password: `wrong-${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  test("one address trying many names is stopped after 20 tries in 15 minutes, whatever the names", async () => {
    const from = browserAt();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await from.post("/api/auth/admin/login", { username: `guess-${i}@association.test`, password: "wrong" })).status);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
    const tooMany = await from.post("/api/auth/admin/login", { username: "yet-another", password: "wrong" });
    expect(tooMany.status).toBe(429);
    expect(typeof tooMany.body.detail).toBe("string");
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await browserAt().post("/api/auth/admin/login", { username: "guess-0@association.test", password: "wrong" })).status).toBe(401);
  });

  test("a stranger who fails locks out their own address, not the administrator", async () => {
    const [admin] = await t.services.db.select().from(adminUsers).limit(1);
    const stranger = browserAt("203.0.113.200");
    for (let i = 0; i < 6; i++) await stranger.post("/api/auth/admin/login", { username: admin!.username, password: `guess-${i}` });
    const locked = await stranger.post("/api/auth/admin/login", { username: admin!.username, password: ADMIN_PASSWORD });
    expect(locked.status).toBe(429);
    const real = browserAt("198.51.100.250");
    const ok = await real.post("/api/auth/admin/login", { username: admin!.username, password: ADMIN_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.admin_user.id).toBe(admin!.id);
  });

  test("an administrator signs in with an emailed link; an unknown email gets the same answer and no email", async () => {
    const [admin] = await t.services.db.select().from(adminUsers).limit(1);
    const asked = await browserAt().post("/api/auth/admin/sign-in-link", { email: admin!.email.toUpperCase() });
    const unknown = await browserAt().post("/api/auth/admin/sign-in-link", { email: "nobody@association.test" });
    expect(asked.status).toBe(200);
    expect(unknown.body).toEqual(asked.body);
    expect(await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "nobody@association.test"))).toHaveLength(0);

    const token = await linkTokenFromEmail(t.services, admin!.email, "admin_sign_in_link");
    expect((await latestEmail(t.services, admin!.email, "admin_sign_in_link")).text).toContain("/admin/link?token=");
    const device = browserAt();
    const confirmed = await device.post("/api/auth/admin/sign-in-link/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(device.cookies.has("lpa_admin")).toBe(true);
    expect((await device.get("/api/auth/admin/me")).body.admin_user.id).toBe(admin!.id);
    // One use; a member's link is not an administrator's.
    expect((await browserAt().post("/api/auth/admin/sign-in-link/confirm", { token })).status).toBe(400);
    const { email } = await applyAndSign(browserAt());
    await browserAt().post("/api/auth/sign-in-link", { email });
    const memberToken = await linkTokenFromEmail(t.services, email, "sign_in_link");
    expect((await browserAt().post("/api/auth/admin/sign-in-link/confirm", { token: memberToken })).status).toBe(400);
  });
});
