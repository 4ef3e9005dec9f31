import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { PDFCheckBox, PDFDocument, PDFTextField } from "pdf-lib";
import { pdfText } from "../support/pdf-text.ts";
import { and, eq } from "drizzle-orm";
import { documents, emailOutbox, members } from "../../src/server/db/schema.ts";
import { saveDocument } from "../../src/server/domain/documents.ts";
import { documentText } from "../../src/server/content/documents.ts";
import { applyAndSign } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

// Password hashing (Argon2id) and a real browser need more than bun's 5 s default.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enc = encodeURIComponent;

describe("every portal call needs the member's own session", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/portal/documents/categories"],
    ["GET", "/api/portal/documents"],
    ["GET", "/api/portal/skills"],
    ["GET", "/api/portal/skills/profile"],
    ["PUT", "/api/portal/skills/profile", { specialty_skills: ["Plumbing"], skills_listed: true }],
    ["GET", "/api/portal/skills/members?skill=Plumbing"],
    ["POST", "/api/portal/skills/introductions", { member_id: crypto.randomUUID(), skill: "Plumbing", message: "Hello, can you help?" }],
    ["GET", "/api/auth/me"],
  ];
  for (const [method, path, body] of calls) {
    test(`${method} ${path} without a session answers 401`, async () => {
      const res = await t.client().request(method, path, body);
      expect(res.status).toBe(401);
      expect(typeof res.body.detail).toBe("string");
    });
  }

  test("a document download without a session answers 401", async () => {
    const member = t.client();
    await applyAndSign(member);
    const [doc] = (await member.get("/api/portal/documents")).body;
    const res = await t.client().get(`/api/portal/documents/${doc.id}/download`);
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain("PRIVACY");
    expect(res.body.detail).toBe("Please sign in to continue.");
  });

  test("an applicant who has not signed yet is not a member", async () => {
    const applicant = t.client();
    await applicant.post("/api/membership/apply", (await import("../support/fixtures.ts")).applicationPayload());
    expect((await applicant.get("/api/portal/documents")).status).toBe(401);
  });

  test("another member's session cannot read someone's member info", async () => {
    const owner = t.client();
    const { email } = await applyAndSign(owner);
    const other = t.client();
    await applyAndSign(other);
    const res = await other.get(`/api/portal/member-info/${enc(email)}`);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(email);
    expect((await owner.get(`/api/portal/member-info/${enc(email)}`)).status).toBe(200);
  });

  test("another member's session changes only its own skills profile", async () => {
    const owner = t.client();
    const { email } = await applyAndSign(owner);
    const other = t.client();
    await applyAndSign(other);
    await other.put("/api/portal/skills/profile", { specialty_skills: ["Roofing"], skills_listed: false });
    const [row] = await t.services.db.select().from(members).where(eq(members.email, email));
    expect(row!.specialtySkills).toEqual([]);
    expect((await owner.get("/api/portal/skills/profile")).body.specialty_skills).toEqual([]);
  });

  test("an admin session is not a member session for the portal", async () => {
    const { signInAsAdmin } = await import("../support/fixtures.ts");
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    expect((await admin.get("/api/portal/documents")).status).toBe(401);
  });
});

describe("the document library", () => {
  test("a Basic member sees three categories and the nine seeded documents", async () => {
    const client = t.client();
    await applyAndSign(client);
    const categories = await client.get("/api/portal/documents/categories");
    expect(categories.status).toBe(200);
    expect(categories.body.map((c: { name: string }) => c.name)).toEqual(["Legal Documents", "Property Forms", "Educational Resources"]);
    for (const category of categories.body) {
      expect(category.document_count).toBe(3);
      expect(category.description.length).toBeGreaterThan(10);
      expect(category.access_level).toBe("basic");
    }
    const docs = await client.get("/api/portal/documents");
    expect(docs.body).toHaveLength(9);
    for (const doc of docs.body) {
      expect(doc.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(["basic", "all"]).toContain(doc.access_level);
      expect(doc.file_type).toBe(doc.file_name.endsWith(".pdf") ? "PDF (fillable)" : "TXT");
      expect(Date.parse(doc.created_at)).toBeGreaterThan(0);
    }
    const education = async () => (await client.get(`/api/portal/documents?category=${enc("Educational Resources")}`)).body.map((d: { title: string }) => d.title);
    const libraryOrder = ["Property Management Basics", "Tax Implications of Rental Property", "Schedule E Guide for Rental Properties"];
    expect(await education()).toEqual(libraryOrder);
    // The library's order, not the seeding times: the same when every document was seeded at once.
    await t.services.db.update(documents).set({ createdAt: new Date("2026-01-01T00:00:00Z") });
    expect(await education()).toEqual(libraryOrder);
  });

  test("a download is the real file, with SPEC.md's tax figures in the tax guide", async () => {
    const client = t.client();
    await applyAndSign(client);
    const docs = (await client.get("/api/portal/documents")).body as { id: string; title: string; file_name: string }[];
    const tax = docs.find((d) => d.title === "Tax Implications of Rental Property")!;
    const res = await client.get(`/api/portal/documents/${tax.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${tax.file_name}"`);
    const text = String(res.body);
    for (const figure of ["27.5 years", "39 years", "$2,500", "$25,000", "$100,000", "10%", "$1,000", "90%", "January 15", "April 15", "June 15", "September 15", "7 years"]) {
      expect(text).toContain(figure);
    }
    for (const doc of docs) {
      const file = await client.download(`/api/portal/documents/${doc.id}/download`);
      expect(file.status).toBe(200);
      expect(file.body.length).toBeGreaterThan(1500);
    }
  });

  test("the lease template, rental application and inspection checklist are fillable PDFs", async () => {
    const client = t.client();
    await applyAndSign(client);
    const docs = (await client.get("/api/portal/documents")).body as { id: string; title: string; file_name: string; file_type: string }[];
    const forms = [
      ["Residential Lease Agreement Template", "lease-agreement-template.pdf"],
      ["Tenant Rental Application Form", "tenant-application-form.pdf"],
      ["Property Inspection Checklist", "property-inspection-checklist.pdf"],
    ] as const;
    for (const [title, fileName] of forms) {
      const doc = docs.find((d) => d.title === title)!;
      expect(doc).toMatchObject({ file_name: fileName, file_type: "PDF (fillable)" });
      const res = await client.download(`/api/portal/documents/${doc.id}/download`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
      const pdf = await PDFDocument.load(res.body);
      const fields = pdf.getForm().getFields();
      expect(fields.filter((f) => f instanceof PDFTextField).length).toBeGreaterThan(10);
      expect(fields.filter((f) => f instanceof PDFCheckBox).length).toBeGreaterThan(2);
      // A reader fills it in: the first blank takes text, the first box a tick, and the file keeps them.
      const first = fields.find((f) => f instanceof PDFTextField) as PDFTextField;
      first.setText("Maria Gonzalez");
      (fields.find((f) => f instanceof PDFCheckBox) as PDFCheckBox).check();
      const reopened = (await PDFDocument.load(await pdf.save())).getForm();
      expect(reopened.getTextField(first.getName()).getText()).toBe("Maria Gonzalez");
      // The words of the template are in the PDF.
      expect(await pdfText(res.body)).toContain(documentText(fileName.replace(/\.pdf$/, "")).split("\n")[0]!.trim());
    }
    // The other documents stay plain text.
    const tax = docs.find((d) => d.title === "Tax Implications of Rental Property")!;
    expect(tax.file_name).toEndWith(".txt");
  });

  test("a Basic member cannot list or download a document above Basic; an active Standard member can", async () => {
    const saved = await saveDocument(t.services.db, {
      slug: "standard-rent-roll-workbook",
      categoryId: "property-forms",
      title: "Rent Roll Workbook",
      description: "Monthly rent roll for Standard members.",
      accessLevel: "standard",
      content: "RENT ROLL WORKBOOK\nUnit | Tenant | Rent | Paid\n",
    });
    const basic = t.client();
    await applyAndSign(basic);
    const listed = (await basic.get("/api/portal/documents")).body as { id: string }[];
    expect(listed.some((d) => d.id === saved.id)).toBe(false);
    const forms = (await basic.get("/api/portal/documents/categories")).body.find((c: { name: string }) => c.name === "Property Forms");
    expect(forms.document_count).toBe(3);
    const refused = await basic.get(`/api/portal/documents/${saved.id}/download`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("Standard");

    // A Standard member still awaiting the first payment counts as Basic.
    const standard = t.client();
    const { email } = await applyAndSign(standard, "Standard");
    expect((await standard.get(`/api/portal/documents/${saved.id}/download`)).status).toBe(403);
    await t.services.db.update(members).set({ status: "active" }).where(eq(members.email, email));
    const ok = await standard.get(`/api/portal/documents/${saved.id}/download`);
    expect(ok.status).toBe(200);
    expect(String(ok.body)).toContain("RENT ROLL WORKBOOK");
    const count = (await standard.get("/api/portal/documents/categories")).body.find((c: { name: string }) => c.name === "Property Forms");
    expect(count.document_count).toBe(4);
  });

  test("an unknown or malformed document id answers 404", async () => {
    const client = t.client();
    await applyAndSign(client);
    expect((await client.get(`/api/portal/documents/${crypto.randomUUID()}/download`)).status).toBe(404);
    expect((await client.get(`/api/portal/documents/1/download`)).status).toBe(404);
  });

  test("seeding again at start-up keeps ids and does not duplicate", async () => {
    const client = t.client();
    await applyAndSign(client);
    const before = (await client.get("/api/portal/documents")).body.map((d: { id: string }) => d.id);
    const { seedDocuments } = await import("../../src/server/domain/documents.ts");
    await seedDocuments(t.services.db);
    const after = (await client.get("/api/portal/documents")).body.map((d: { id: string }) => d.id);
    expect(after).toEqual(before);
  });
});

describe("the skills network", () => {
  const countOf = async (client: ReturnType<TestApp["client"]>, skill: string) =>
    ((await client.get("/api/portal/skills")).body as { skill: string; member_count: number }[]).find((s) => s.skill === skill)!.member_count;

  test("counts are real: adding a skill adds one member to its count", async () => {
    const client = t.client();
    await applyAndSign(client);
    const skills = (await client.get("/api/portal/skills")).body;
    expect(skills).toHaveLength(12);
    const before = await countOf(client, "Snow Removal");
    const res = await client.put("/api/portal/skills/profile", {
      specialty_skills: ["Snow Removal", "Lawn Care/Landscaping"],
      skills_bio: "Plow truck, Oak Park and Berwyn.",
      skills_listed: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.specialty_skills).toEqual(["Lawn Care/Landscaping", "Snow Removal"]);
    expect(await countOf(client, "Snow Removal")).toBe(before + 1);
    await client.put("/api/portal/skills/profile", { specialty_skills: [], skills_listed: false });
    expect(await countOf(client, "Snow Removal")).toBe(before);
  });

  test("an unknown skill is refused with 422", async () => {
    const client = t.client();
    await applyAndSign(client);
    const res = await client.put("/api/portal/skills/profile", { specialty_skills: ["Juggling"], skills_listed: true });
    expect(res.status).toBe(422);
    expect((await client.get("/api/portal/skills/members?skill=Juggling")).status).toBe(422);
  });

  test("Connect lists only members who chose to be listed, never their email; an introduction is emailed through the outbox", async () => {
    const plumber = t.client();
    const { email: plumberEmail } = await applyAndSign(plumber, "Basic", { first_name: "Dan", last_name: "Okafor" });
    await plumber.put("/api/portal/skills/profile", { specialty_skills: ["Plumbing"], skills_bio: "Licensed plumber, Chicago.", skills_listed: true });
    const hidden = t.client();
    const { email: hiddenEmail } = await applyAndSign(hidden, "Basic", { first_name: "Hana", last_name: "Private" });
    await hidden.put("/api/portal/skills/profile", { specialty_skills: ["Plumbing"], skills_listed: false });

    const owner = t.client();
    const { email: ownerEmail } = await applyAndSign(owner, "Basic", { first_name: "Olga", last_name: "Owner" });
    const list = await owner.get(`/api/portal/skills/members?skill=Plumbing`);
    expect(list.status).toBe(200);
    const names = list.body.map((m: { display_name: string }) => m.display_name);
    expect(names).toContain("Dan O.");
    expect(names).not.toContain("Hana P.");
    expect(JSON.stringify(list.body)).not.toContain(plumberEmail);
    const dan = list.body.find((m: { display_name: string }) => m.display_name === "Dan O.");

    const sent = await owner.post("/api/portal/skills/introductions", {
      member_id: dan.id,
      skill: "Plumbing",
      message: "Leaking stack in a two-flat in Berwyn, can you look this week?",
    });
    expect(sent.status).toBe(200);
    const [mail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, plumberEmail), eq(emailOutbox.template, "skills_introduction")));
    expect(mail!.text).toContain("Leaking stack in a two-flat in Berwyn");
    expect(mail!.text).toContain(ownerEmail);
    const copies = await t.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, ownerEmail), eq(emailOutbox.template, "skills_introduction_sent")));
    expect(copies).toHaveLength(1);
    expect(copies[0]!.text).not.toContain(plumberEmail);

    // An unlisted member cannot be contacted, even by id.
    const [hiddenRow] = await t.services.db.select().from(members).where(eq(members.email, hiddenEmail));
    const refused = await owner.post("/api/portal/skills/introductions", { member_id: hiddenRow!.id, skill: "Plumbing", message: "Are you free next week?" });
    expect(refused.status).toBe(404);
  });

  test("introductions are limited per day", async () => {
    const helper = t.client();
    await applyAndSign(helper, "Basic", { first_name: "Rita", last_name: "Roofer" });
    await helper.put("/api/portal/skills/profile", { specialty_skills: ["Roofing"], skills_listed: true });
    const asker = t.client();
    await applyAndSign(asker);
    const rita = (await asker.get(`/api/portal/skills/members?skill=Roofing`)).body.find((m: { display_name: string }) => m.display_name === "Rita R.");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await asker.post("/api/portal/skills/introductions", { member_id: rita.id, skill: "Roofing", message: `Message number ${i} about a roof.` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
