import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq, sql } from "drizzle-orm";
import { applications, contracts, emailOutbox, members, sessions } from "../../src/server/db/schema.ts";
import { apply, applicationPayload, applyAndSign, signInAsAdmin, delivered } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (table: typeof applications | typeof contracts | typeof members) =>
  ((await t.services.db.select({ n: count() }).from(table)) as [{ n: number }])[0].n;

describe("health and the API surface", () => {
  test("health answers ok once migrated", async () => {
    const res = await t.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  test("an unknown /api path answers 404 JSON", async () => {
    const res = await t.client().get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(typeof res.body.detail).toBe("string");
  });

  test("every answer carries security headers", async () => {
    const res = await t.client().get("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a body over 1 MB answers 413", async () => {
    const big = JSON.stringify({ ...applicationPayload(), message: "x".repeat(2 * 1024 * 1024) });
    const res = await t.client().post("/api/membership/apply", big, { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(res.body.detail).toContain("1 MB");
  });

  test("the owner-portal calls answer a visitor 401 with a clear detail", async () => {
    const res = await t.client().get("/api/portal/dashboard");
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain("owner portal");
  });
});

describe("applying (SPEC.md 5 rules)", () => {
  const rejected: [string, Record<string, unknown>, string][] = [
    ["a one-letter first name", { first_name: "A" }, "first_name"],
    ["a one-letter last name", { last_name: "B" }, "last_name"],
    ["a missing email", { email: undefined }, "email"],
    ["a malformed email", { email: "not-an-email" }, "email"],
    ["a phone with 9 digits", { phone: "312-555-010" }, "phone"],
    ["no membership level", { membership_level: undefined }, "membership_level"],
    ["an unknown membership level", { membership_level: "Gold" }, "membership_level"],
    ["no management status", { property_management_status: undefined }, "property_management_status"],
    ["terms not agreed", { agree_to_terms: false }, "agree_to_terms"],
    ["a contractor without a license status", { property_management_status: "Contractor", license_status: "" }, "license_status"],
    ["an unknown skill", { specialty_skills: ["Juggling"] }, "specialty_skills"],
    ["a wrong type", { first_name: 42 }, "first_name"],
    ["skills as a string", { specialty_skills: "Plumbing" }, "specialty_skills"],
  ];
  for (const [name, change, field] of rejected) {
    test(`${name} is refused with a 422 detail naming ${field}`, async () => {
      const res = await t.client().post("/api/membership/apply", applicationPayload(change));
      expect(res.status).toBe(422);
      expect(Array.isArray(res.body.detail)).toBe(true);
      const locs: string[] = res.body.detail.map((d: { loc: string[] }) => d.loc.join("."));
      expect(locs.some((loc) => loc === `body.${field}` || loc.startsWith(`body.${field}.`))).toBe(true);
      expect(res.body.detail.every((d: { msg: string }) => typeof d.msg === "string" && d.msg.length > 0)).toBe(true);
    });
  }

  test("malformed JSON answers 400, never 5xx", async () => {
    const res = await t.client().post("/api/membership/apply", "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("JSON");
  });

  test("a JSON array or null body answers 422", async () => {
    for (const body of ["[]", "null", '"text"', "42"]) {
      const res = await t.client().post("/api/membership/apply", body, { "content-type": "application/json" });
      expect(res.status).toBe(422);
    }
  });

  test("a valid application is stored pending with a random id and starts an applicant session", async () => {
    const client = t.client();
    const { applicationId, response } = await apply(client, { phone: "(312) 555-0199" });
    expect(response.status).toBe(201);
    expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.next_steps.length).toBeGreaterThan(0);
    expect(typeof response.body.message).toBe("string");
    expect(response.headers.getSetCookie().join(";")).toMatch(/lpa_applicant=.*HttpOnly/i);
    const [row] = await t.services.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row!.status).toBe("pending");
    expect(row!.phone).toBe("3125550199");
    const status = await client.get(`/api/membership/application/${applicationId}`);
    expect(status.status).toBe(200);
    expect(status.body.status).toBe("pending");
  });

  test("a contractor's license and skills are kept; a non-contractor's license is dropped", async () => {
    const contractor = await apply(t.client(), {
      property_management_status: "Contractor",
      license_status: "Licensed",
      specialty_skills: ["Roofing", "Plumbing"],
    });
    const owner = await apply(t.client(), { license_status: "Licensed" });
    const [c] = await t.services.db.select().from(applications).where(eq(applications.id, contractor.applicationId));
    const [o] = await t.services.db.select().from(applications).where(eq(applications.id, owner.applicationId));
    expect(c!.licenseStatus).toBe("Licensed");
    expect(c!.specialtySkills).toEqual(["Plumbing", "Roofing"]);
    expect(o!.licenseStatus).toBeNull();
  });

  test("applying again from the same browser corrects that application, not a duplicate", async () => {
    const browser = t.client();
    const first = await apply(browser);
    const again = await browser.post("/api/membership/apply", { ...first.payload, email: first.payload.email.toUpperCase(), first_name: "Mariana" });
    expect(again.status).toBe(200);
    expect(again.body.application_id).toBe(first.applicationId);
    const stored = await t.services.db.select().from(applications).where(sql`lower(${applications.email}) = ${first.payload.email}`);
    expect(stored.map((a) => a.firstName)).toEqual(["Mariana"]);
  });

  test("a browser that submits its correction several times at once still has one application and one email", async () => {
    const browser = t.client();
    const { payload, applicationId } = await apply(browser);
    const results = await Promise.all([1, 2, 3].map((n) => browser.post("/api/membership/apply", { ...payload, first_name: `Maria${"a".repeat(n)}` })));
    expect(results.map((r) => r.body.application_id)).toEqual([applicationId, applicationId, applicationId]);
    const stored = await t.services.db.select().from(applications).where(eq(applications.email, payload.email));
    expect(stored).toHaveLength(1);
    const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payload.email));
    expect(mail).toHaveLength(1);
  });

  test("the application-received email is queued with the application", async () => {
    const { payload } = await apply(t.client());
    const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payload.email));
    expect(mail.map((m) => m.template)).toEqual(["application_received"]);
  });
});

describe("signing the agreement", () => {
  test("a stranger cannot read or sign someone else's application", async () => {
    const { applicationId } = await apply(t.client());
    const anonymous = t.client();
    expect((await anonymous.get(`/api/membership/application/${applicationId}`)).status).toBe(401);
    const sign = await anonymous.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: "Eve Stranger" });
    expect(sign.status).toBe(401);

    const otherApplicant = t.client();
    await apply(otherApplicant);
    const forged = await otherApplicant.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: "Eve Stranger" });
    expect(forged.status).toBe(403);
    expect(await rowsFor(applicationId)).toBe(0);
  });

  test("an unknown application id answers 404", async () => {
    const client = t.client();
    await apply(client);
    const res = await client.post(`/api/membership/contract-signed/00000000-0000-4000-8000-000000000000`, { consent: true, signature_name: "Maria Gonzalez" });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Application not found.");
    expect((await client.post(`/api/membership/contract-signed/not-a-uuid`, { consent: true, signature_name: "Maria Gonzalez" })).status).toBe(404);
  });

  test("an administrator cannot sign an applicant's agreement", async () => {
    const { applicationId } = await apply(t.client());
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const res = await admin.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: "Maria Gonzalez" });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Only the applicant can sign their agreement.");
    expect(await rowsFor(applicationId)).toBe(0);
  });

  test("signing needs consent and a typed name", async () => {
    const client = t.client();
    const { applicationId } = await apply(client);
    expect((await client.post(`/api/membership/contract-signed/${applicationId}`, { signature_name: "Maria Gonzalez" })).status).toBe(422);
    expect((await client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true })).status).toBe(422);
  });

  test("the typed signature must be the name on the application: case and spacing are forgiven, other names refused", async () => {
    const client = t.client();
    const { applicationId } = await apply(client, { first_name: "Łucja", last_name: "Wiśniewska-Żak" });
    for (const other of ["Lucja Wisniewska-Zak", "Łucja", "Someone Else", "Łucja Wiśniewska Żakk"]) {
      const refused = await client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: other });
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0]).toMatchObject({ loc: ["body", "signature_name"], type: "signature_mismatch" });
      expect(refused.body.detail[0].msg).toContain('as it is on your application, "Łucja Wiśniewska-Żak"');
    }
    expect(await t.services.db.select().from(contracts).where(eq(contracts.applicationId, applicationId))).toHaveLength(0);
    const signed = await client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: "  łucja  WIŚNIEWSKA żak " });
    expect(signed.status).toBe(200);
    const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.applicationId, applicationId));
    expect(contract!.signatureName).toBe("łucja  WIŚNIEWSKA żak");
  });

  test("a Basic applicant who signs becomes an active member with a member session and a full signature record", async () => {
    const client = t.client();
    const { applicationId, contractId, email } = await applyAndSign(client, "Basic");
    const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(contract!.applicationId).toBe(applicationId);
    expect(contract!.contractText).toContain("Article 10");
    expect(contract!.contractText).toContain("815 ILCS 333");
    expect(contract!.textSha256).toMatch(/^[0-9a-f]{64}$/);
    // The full address of the verification page, as printed on the PDF.
    expect(contract!.verifyUrl).toBe(`${t.services.config.PUBLIC_URL.replace(/\/+$/, "")}/verify`);
    expect(contract!.verifyUrl).toMatch(/^https?:\/\/[^/]+(\/[^/]+)*\/verify$/);
    expect(contract!.consentWording).toContain("electronic signature");
    expect(contract!.signatureName).toBe("Maria Gonzalez");

    const [member] = await t.services.db.select().from(members).where(eq(members.email, email));
    expect(member!.membershipLevel).toBe("Basic");
    expect(member!.status).toBe("active");
    expect(client.cookies.has("lpa_member")).toBe(true);
    expect(client.cookies.has("lpa_applicant")).toBe(false);

    const status = await client.get(`/api/membership/application/${applicationId}`);
    expect(status.body.status).toBe("active");
    const info = await client.get(`/api/portal/member-info/${encodeURIComponent(email)}`);
    expect(info.status).toBe(200);
    expect(info.body.membership_level).toBe("Basic");
    expect(info.body.available_features.length).toBeGreaterThan(0);
    expect(Array.isArray(info.body.next_steps)).toBe(true);
    expect(Date.parse(info.body.member_since)).toBeGreaterThan(0);
  });

  test("the signature record keeps the signer's address and browser as the request gave them", async () => {
    const client = t.client();
    const { applicationId, payload } = await apply(client);
    const signed = await client.post(
      `/api/membership/contract-signed/${applicationId}`,
      { consent: true, signature_name: `${payload.first_name} ${payload.last_name}` },
      { "user-agent": "Mozilla/5.0 (Signer's Browser) Test/1.0", "x-forwarded-for": "198.51.100.23" },
    );
    expect(signed.status).toBe(200);
    const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.id, signed.body.contract_id));
    expect(contract!.userAgent).toBe("Mozilla/5.0 (Signer's Browser) Test/1.0");
    expect(contract!.ipAddress).toBe("198.51.100.23");
  });

  test("the agreement signed is the agreement shown: a stale fingerprint is refused and nothing is signed", async () => {
    const client = t.client();
    const { applicationId, payload } = await apply(client);
    const shown = await client.get(`/api/membership/application/${applicationId}`);
    expect(shown.body.agreement_sha256).toMatch(/^[0-9a-f]{64}$/);
    const body = { consent: true, signature_name: `${payload.first_name} ${payload.last_name}` };
    const stale = await client.post(`/api/membership/contract-signed/${applicationId}`, { ...body, agreement_sha256: "0".repeat(64) });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain("The agreement has changed");
    expect(await rowsFor(applicationId)).toBe(0);
    expect((await client.get(`/api/membership/application/${applicationId}`)).body.status).toBe("pending");
    const signed = await client.post(`/api/membership/contract-signed/${applicationId}`, { ...body, agreement_sha256: shown.body.agreement_sha256 });
    expect(signed.status).toBe(200);
    const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.id, signed.body.contract_id));
    expect(contract!.textSha256).toBe(shown.body.agreement_sha256);
  });

  test("a Standard applicant who signs awaits payment", async () => {
    const client = t.client();
    const { applicationId, email } = await applyAndSign(client, "Standard");
    const [member] = await t.services.db.select().from(members).where(eq(members.email, email));
    expect(member!.membershipLevel).toBe("Standard");
    expect(member!.status).toBe("awaiting_payment");
    expect((await client.get(`/api/membership/application/${applicationId}`)).body.status).toBe("awaiting_payment");
  });

  test("signing twice answers the same contract and makes only one", async () => {
    const client = t.client();
    const { applicationId, contractId } = await applyAndSign(client);
    const again = await client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: "Maria Gonzalez" });
    expect(again.status).toBe(200);
    expect(again.body.contract_id).toBe(contractId);
    expect(await rowsFor(applicationId)).toBe(1);
  });

  test("two signing requests at once make one contract", async () => {
    const client = t.client();
    const { applicationId, payload } = await apply(client);
    const body = { consent: true, signature_name: `${payload.first_name} ${payload.last_name}` };
    const results = await Promise.all([1, 2, 3].map(() => client.post(`/api/membership/contract-signed/${applicationId}`, body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.contract_id)).size).toBe(1);
    expect(await rowsFor(applicationId)).toBe(1);
  });

  test("a failure mid-signing leaves nothing half-written", async () => {
    const client = t.client();
    const { applicationId, payload } = await apply(client);
    const memberSessions = async () =>
      ((await t.services.db.select({ n: count() }).from(sessions).where(eq(sessions.kind, "member"))) as [{ n: number }])[0].n;
    const before = { members: await rows(members), contracts: await rows(contracts), sessions: await memberSessions() };
    // The signed-agreement email is the last write of the signing transaction: make it fail.
    await t.services.db.execute(sql`
      create or replace function fail_signed_email() returns trigger language plpgsql as $$
      begin
        if new.template = 'agreement_signed' then raise exception 'mail queue unavailable'; end if;
        return new;
      end $$`);
    await t.services.db.execute(sql`create trigger fail_signed_email before insert on email_outbox for each row execute function fail_signed_email()`);
    const originalError = console.error;
    console.error = () => {};
    try {
      const res = await client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: "Maria Gonzalez" });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ detail: "Server error occurred" });
    } finally {
      console.error = originalError;
      await t.services.db.execute(sql`drop trigger fail_signed_email on email_outbox`);
    }
    expect(await rows(members)).toBe(before.members);
    expect(await rows(contracts)).toBe(before.contracts);
    const [app] = await t.services.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(app!.status).toBe("pending");
    expect(client.cookies.has("lpa_member")).toBe(false);
    expect(await memberSessions()).toBe(before.sessions);

    // And once the fault is gone the same applicant signs normally.
    const retry = await client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: `${payload.first_name} ${payload.last_name}` });
    expect(retry.status).toBe(200);
  });

  test("applying with a member's email is answered like any application; the member is emailed and signing it is refused", async () => {
    const { email } = await applyAndSign(t.client());
    const stranger = t.client();
    const res = await stranger.post("/api/membership/apply", applicationPayload({ email }));
    const fresh = await t.client().post("/api/membership/apply", applicationPayload());
    expect(res.status).toBe(fresh.status);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(res.body.message).toBe(fresh.body.message);
    const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail.map((m) => m.template)).toContain("already_a_member");
    expect(delivered(mail.find((m) => m.template === "already_a_member")!).text).toMatch(/\/account\/link\?token=[a-z2-7]{32}/);
    const sign = await stranger.post(`/api/membership/contract-signed/${res.body.application_id}`, { consent: true, signature_name: "Maria Gonzalez" });
    expect(sign.status).toBe(409);
    expect(sign.body.detail).toContain("sign in");
  });

  test("member info answers only the member whose email it is", async () => {
    const owner = t.client();
    const { email } = await applyAndSign(owner);
    const stranger = t.client();
    expect((await stranger.get(`/api/portal/member-info/${encodeURIComponent(email)}`)).status).toBe(401);
    const other = t.client();
    await applyAndSign(other);
    expect((await other.get(`/api/portal/member-info/${encodeURIComponent(email)}`)).status).toBe(403);
  });

  test("a cookie-authenticated write from another origin is refused", async () => {
    const client = t.client();
    const { applicationId } = await apply(client);
    const res = await client.post(`/api/membership/contract-signed/${applicationId}`, { consent: true, signature_name: "Maria Gonzalez" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await rowsFor(applicationId)).toBe(0);
  });
});

async function rowsFor(applicationId: string): Promise<number> {
  const [{ n }] = (await t.services.db.select({ n: count() }).from(contracts).where(eq(contracts.applicationId, applicationId))) as [{ n: number }];
  return n;
}
