import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray, sql } from "drizzle-orm";
import { applications, contracts, emailOutbox, members, sessions } from "../../src/server/db/schema.ts";
import { SIGN_CONNECTION_NAME, writeSigns, type SignItem } from "../../src/server/domain/sign-batch.ts";
import { applicationPayload } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

// Signatures that arrive together are written together (a group commit, src/server/db/group-commit.ts).
// Each must still end exactly as if it had been alone: its own member, signature record, email and
// session, and its own answer when its application changed, was signed already, or its email
// became a member's in between.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const freshIp = () => `198.51.${120 + Math.floor(address / 250)}.${(address++ % 250) + 1}`;

async function applicant(overrides: Record<string, unknown> = {}) {
  const client = t.client();
  const payload = applicationPayload(overrides);
  const applied = await client.post("/api/membership/apply", payload, { "x-forwarded-for": freshIp() });
  expect(applied.status).toBe(201);
  return { client, payload, applicationId: applied.body.application_id as string };
}

const sign = (a: { client: ApiClient; payload: Record<string, unknown>; applicationId: string }) =>
  a.client.post(`/api/membership/contract-signed/${a.applicationId}`, {
    consent: true,
    signature_name: `${a.payload.first_name} ${a.payload.last_name}`,
  });

describe("simultaneous signatures", () => {
  test("each makes its own member, signature record, welcome email and member session, and they commit in shared transactions", async () => {
    const levels = ["Basic", "Standard", "Premium"] as const;
    const applicants = await Promise.all(
      Array.from({ length: 30 }, (_, i) => applicant({ first_name: `Signer${i}`, membership_level: levels[i % 3] })),
    );
    const results = await Promise.all(applicants.map(sign));
    expect(results.map((r) => r.status)).toEqual(applicants.map(() => 200));
    expect(results.map((r) => r.body.status)).toEqual(applicants.map((_, i) => (i % 3 === 0 ? "active" : "awaiting_payment")));

    const ids = applicants.map((a) => a.applicationId);
    const stored = await t.services.db.select().from(contracts).where(inArray(contracts.applicationId, ids));
    expect(stored).toHaveLength(30);
    for (const [i, a] of applicants.entries()) {
      const contract = stored.find((c) => c.applicationId === a.applicationId)!;
      expect(contract.id).toBe(results[i]!.body.contract_id);
      expect(contract.memberName).toBe(`Signer${i} Gonzalez`);
      expect(contract.memberEmail).toBe(a.payload.email as string);
      expect(contract.signatureName).toBe(`Signer${i} Gonzalez`);
      expect(contract.membershipLevel).toBe(levels[i % 3]!);
      expect(contract.contractText).toContain(`Signer${i} Gonzalez`);
      const [member] = await t.services.db.select().from(members).where(eq(members.id, contract.memberId));
      expect(member!.email).toBe(a.payload.email as string);
      expect(member!.firstName).toBe(`Signer${i}`);
      const [application] = await t.services.db.select().from(applications).where(eq(applications.id, a.applicationId));
      expect(application!.memberId).toBe(member!.id);
      expect(application!.status).toBe(results[i]!.body.status);
      const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.memberId, member!.id));
      expect(mail.map((m) => m.template)).toEqual(["agreement_signed"]);
      expect(mail[0]!.toAddress).toBe(a.payload.email as string);
      expect(mail[0]!.html).toContain(`Signer${i}`);
      // The applicant's browser is now that member's, and only that member's.
      const me = await a.client.get("/api/auth/me");
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(a.payload.email);
    }

    const [{ n }] = (await t.services.db
      .select({ n: sql<number>`count(distinct ${sessions.createdAt})`.mapWith(Number) })
      .from(sessions)
      .where(inArray(sessions.memberId, stored.map((c) => c.memberId)))) as [{ n: number }];
    expect(n).toBeLessThan(30);
  });

  test("signing one application twice at once answers both with its one contract", async () => {
    const others = await Promise.all(Array.from({ length: 6 }, () => applicant()));
    const twice = await applicant();
    const results = await Promise.all([...others.slice(0, 3).map(sign), sign(twice), sign(twice), ...others.slice(3).map(sign)]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results[3]!.body.contract_id).toBe(results[4]!.body.contract_id);
    const made = await t.services.db.select().from(contracts).where(eq(contracts.applicationId, twice.applicationId));
    expect(made).toHaveLength(1);
    const member = await t.services.db.select().from(members).where(eq(members.email, twice.payload.email as string));
    expect(member).toHaveLength(1);
  });
});

describe("the batched statement, item by item", () => {
  /** The rows `signAgreement` would write for this application, as one item of a batch. */
  async function itemFor(applicationId: string, changes: Partial<SignItem> = {}): Promise<SignItem> {
    const [a] = await t.services.db.select().from(applications).where(eq(applications.id, applicationId));
    const now = t.services.now().toISOString();
    return {
      ord: 0,
      application_id: a!.id,
      application_updated_at: a!.updatedAt.toISOString(),
      now,
      agreement_version: "2026-11-25",
      agreement_title: "Membership Agreement",
      template_sha256: "0".repeat(64),
      member_id: crypto.randomUUID(),
      email: a!.email,
      first_name: a!.firstName,
      last_name: a!.lastName,
      phone: a!.phone,
      membership_level: a!.membershipLevel,
      status: "active",
      property_management_status: a!.propertyManagementStatus,
      license_status: a!.licenseStatus,
      specialty_skills: ["Plumbing"],
      other_specialty: "",
      email_verified_at: null,
      contract_id: crypto.randomUUID(),
      member_name: `${a!.firstName} ${a!.lastName}`,
      contract_text: `Agreement of ${a!.firstName}`,
      text_sha256: "a".repeat(64),
      signature_name: `${a!.firstName} ${a!.lastName}`,
      consent_wording: "I agree.",
      ip_address: "203.0.113.9",
      user_agent: "batch test",
      pdf_fonts: "standard",
      verify_url: "http://localhost/verify",
      mail_template: "agreement_signed",
      mail_to: a!.email,
      mail_subject: "Welcome",
      mail_html: `<p>Welcome ${a!.firstName}</p>`,
      mail_text: `Welcome ${a!.firstName}`,
      mail_attachments: [],
      session_id: `batch-test-${crypto.randomUUID()}`,
      session_expires_at: new Date(t.services.now().getTime() + 3_600_000).toISOString(),
      ...changes,
    };
  }

  test("a changed application, a signed one and a member's email change nothing; the rest of the batch is signed", async () => {
    const [good1, changed, signedAlready, taken, good2] = await Promise.all(
      ["Good", "Changed", "Signed", "Taken", "Better"].map((first_name) => applicant({ first_name })),
    );
    const existing = await sign(signedAlready!);
    expect(existing.status).toBe(200);
    // A member already has Taken's email (an earlier application of the same address, signed).
    const earlier = await applicant({ email: taken!.payload.email });
    expect((await sign(earlier)).status).toBe(200);

    const items = [
      await itemFor(good1!.applicationId),
      await itemFor(changed!.applicationId, { application_updated_at: "2001-01-01T00:00:00.000Z" }),
      await itemFor(signedAlready!.applicationId),
      await itemFor(taken!.applicationId),
      await itemFor(good2!.applicationId),
    ].map((item, ord) => ({ ...item, ord }));
    const run = t.services.database.dedicatedRunner("sign-batch-test");
    const outcomes = await writeSigns(run, items);
    expect(outcomes.map((o) => [o.pending, o.unchanged, o.signed])).toEqual([
      [true, true, true],
      [true, false, false],
      [false, false, false],
      [true, true, false],
      [true, true, true],
    ]);

    for (const [i, a] of [good1!, changed!, signedAlready!, taken!, good2!].entries()) {
      const [application] = await t.services.db.select().from(applications).where(eq(applications.id, a.applicationId));
      const made = await t.services.db.select().from(contracts).where(eq(contracts.id, items[i]!.contract_id));
      const session = await t.services.db.select().from(sessions).where(eq(sessions.id, items[i]!.session_id));
      const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.html, items[i]!.mail_html));
      if (outcomes[i]!.signed) {
        expect(application!.status).toBe("active");
        expect(application!.memberId).toBe(items[i]!.member_id);
        expect(made).toHaveLength(1);
        expect(made[0]!.memberId).toBe(items[i]!.member_id);
        expect(made[0]!.contractText).toBe(items[i]!.contract_text);
        expect(session).toHaveLength(1);
        expect(session[0]!.memberId).toBe(items[i]!.member_id);
        expect(mail).toHaveLength(1);
        const [member] = await t.services.db.select().from(members).where(eq(members.id, items[i]!.member_id));
        expect(member!.specialtySkills).toEqual(["Plumbing"]);
      } else {
        expect(made).toHaveLength(0);
        expect(session).toHaveLength(0);
        expect(mail).toHaveLength(0);
        const member = await t.services.db.select().from(members).where(eq(members.id, items[i]!.member_id));
        expect(member).toHaveLength(0);
        if (a !== signedAlready) expect(application!.status).toBe("pending");
      }
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("the signatures' own connection (PostgreSQL only: the embedded database runs in the server's process and has no connection of its own)", () => {
  test("carries the batches beside the pool, one connection per server", async () => {
    const results = await Promise.all((await Promise.all(Array.from({ length: 5 }, () => applicant()))).map(sign));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const backends = (await t.services.db.execute(sql`
      select pid from pg_stat_activity where application_name = ${SIGN_CONNECTION_NAME} and datname = current_database()`)) as unknown as { pid: number }[];
    expect(backends).toHaveLength(1);
  });
});
