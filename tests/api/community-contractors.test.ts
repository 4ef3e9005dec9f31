import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { adminAuditLog, emailOutbox } from "../../src/server/db/schema.ts";
import { sweepContractorCredentials } from "../../src/server/domain/community/contractors.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { adminClient, communityMember, type CommunityMember } from "../support/community.ts";
import { secondProcess } from "../support/second-process.ts";
import { pdfBytes, PNG_BYTES, REFUSED_FILES } from "../support/files.ts";

// The contractor directory (COMMUNITY.md 4) through the API on the real database.

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const dayFromNow = (days: number) => new Date(t.services.now().getTime() + days * DAY).toISOString().slice(0, 10);

const profile = (overrides: Record<string, unknown> = {}) => ({
  business_name: "Lakeview Roofing & Gutters",
  description: "Flat roofs and tuckpointing on two-flats.",
  trades: ["Roofing", "Carpentry"],
  counties: ["Cook", "DuPage County"],
  zips: ["60613", "60657"],
  phone: "(312) 555-0199",
  email: "office@lakeviewroofing.example",
  credentials: [
    { kind: "license", issuer: "IDFPR", number: "104.012345", expires_on: dayFromNow(400) },
    { kind: "insurance", issuer: "Acme Mutual", number: "GL-77", expires_on: dayFromNow(200) },
  ],
  ...overrides,
});

async function signUp(overrides: Record<string, unknown> = {}, level: "Basic" | "Standard" = "Basic") {
  const contractor = await communityMember(t, level, { property_management_status: "Contractor", license_status: "Licensed", specialty_skills: ["Roofing"] });
  const res = await contractor.client.put("/api/contractors/me", profile(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { contractor, id: res.body.id as string };
}

const verify = (id: string, status: string, note = "") => admin.post(`/api/admin/contractors/${id}/verification`, { status, note });

describe("sign-up and verification", () => {
  test("any member signs up for free; the listing waits for an admin, who approves it with Illinois' licence notes at hand", async () => {
    const { contractor, id } = await signUp();
    const mine = await contractor.client.get("/api/contractors/me");
    expect(mine.body.profile).toMatchObject({ id, status: "applied", verified: false, counties: ["Cook", "DuPage"] });
    const member = await communityMember(t);
    expect((await member.client.get("/api/contractors?trade=Roofing")).body.contractors.some((c: { id: string }) => c.id === id)).toBe(false);
    expect((await member.client.get(`/api/contractors/${id}`)).status).toBe(404);

    const queue = await admin.get("/api/admin/contractor-directory?status=applied");
    const listed = queue.body.find((c: { id: string }) => c.id === id);
    expect(listed.license_notes.map((n: { trade: string }) => n.trade)).toEqual(["Roofing"]);
    expect(listed.license_notes[0].note).toContain("225 ILCS 335");
    expect((await verify(id, "verifying", "Checking IDFPR")).body.status).toBe("verifying");
    const approved = await verify(id, "approved", "IDFPR licence 104.012345 active");
    expect(approved.body).toMatchObject({ status: "approved", verified: true });
    const audit = await t.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit.map((a) => a.details.to)).toEqual(["verifying", "approved"]);
    const told = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, "contractor_verification"), eq(emailOutbox.toAddress, "office@lakeviewroofing.example")));
    expect(told).toHaveLength(2);

    const found = await member.client.get(`/api/contractors/${id}`);
    expect(found.body).toMatchObject({ business_name: "Lakeview Roofing & Gutters", verified: true, status: "approved" });
    expect(found.body.home_repair_act_note).toContain("815 ILCS 513");
    expect(found.body.home_repair_act_note).toContain("$1,000");
    expect(found.body.member_id).toBeUndefined();
    expect((await verify(id, "famous")).status).toBe(422);
    expect((await contractor.client.post(`/api/admin/contractors/${id}/verification`, { status: "approved" })).status).toBe(403);
  });

  test("bad profiles are refused with SPEC.md's error body", async () => {
    const member = await communityMember(t);
    const bad = await member.client.put("/api/contractors/me", profile({ trades: ["Juggling"], zips: ["90210"], credentials: [{ kind: "license", issuer: "", number: "" }] }));
    expect(bad.status).toBe(422);
    const locs = bad.body.detail.map((d: { loc: string[] }) => d.loc.join("."));
    expect(locs).toContain("body.trades.0");
    expect(locs).toContain("body.zips.0");
    expect((await t.client().put("/api/contractors/me", profile())).status).toBe(401);
  });

  test("changing an approved listing's credentials sends it back to verification", async () => {
    const { contractor, id } = await signUp({ business_name: "Recheck Plumbing", trades: ["Plumbing"] });
    await verify(id, "approved");
    const same = await contractor.client.put("/api/contractors/me", profile({ business_name: "Recheck Plumbing & Sons", trades: ["Plumbing"] }));
    expect(same.body.status).toBe("approved");
    const changed = await contractor.client.put("/api/contractors/me", profile({ trades: ["Plumbing"], credentials: [{ kind: "license", issuer: "IDPH", number: "058-999", expires_on: dayFromNow(300) }] }));
    expect(changed.body).toMatchObject({ status: "verifying", verified: false });
  });
});

describe("the directory is the one list of contractors", () => {
  test("a contractor who applies with trades, and a member who lists skills in the skills network, each get a listing waiting for verification", async () => {
    const applicant = await communityMember(t, "Basic", { property_management_status: "Contractor", license_status: "Licensed", specialty_skills: ["Plumbing", "HVAC"] });
    const mine = async (member: CommunityMember) => (await member.client.get("/api/contractors/me")).body.profile;
    const fromApplication = { body: await mine(applicant) };
    expect(fromApplication.body).toMatchObject({ status: "applied", verified: false, trades: ["Plumbing", "HVAC"] });
    expect(fromApplication.body.business_name).toMatch(/\S+ \S+/);

    const lister = await communityMember(t, "Basic");
    expect(await mine(lister)).toBeNull();
    // Skills kept to oneself feed nothing; skills offered to members do.
    await lister.client.put("/api/portal/skills/profile", { specialty_skills: ["Painting"], skills_listed: false });
    expect(await mine(lister)).toBeNull();
    await lister.client.put("/api/portal/skills/profile", { specialty_skills: ["Painting"], skills_listed: true });
    expect(await mine(lister)).toMatchObject({ status: "applied", trades: ["Painting"] });

    // Both wait in the admins' queue; members find neither until it is verified.
    const queue = (await admin.get("/api/admin/contractor-directory?status=applied")).body as { id: string; member_id: string }[];
    expect(queue.map((c) => c.member_id)).toEqual(expect.arrayContaining([applicant.id, lister.id]));
    const search = (await lister.client.get("/api/contractors?trade=Plumbing")).body.contractors as { id: string }[];
    expect(search.map((c) => c.id)).not.toContain(fromApplication.body.id);
    await admin.post(`/api/admin/contractors/${fromApplication.body.id}/verification`, { status: "approved", note: "IDPH licence checked" });
    const found = (await lister.client.get("/api/contractors?trade=Plumbing")).body.contractors as { id: string; verified: boolean }[];
    expect(found.find((c) => c.id === fromApplication.body.id)).toMatchObject({ verified: true });

    // A member with a listing keeps its trades there: the skills network adds no second listing and changes none.
    await applicant.client.put("/api/portal/skills/profile", { specialty_skills: ["Roofing"], skills_listed: true });
    expect(await mine(applicant)).toMatchObject({ status: "approved", trades: ["Plumbing", "HVAC"] });
  });
});

describe("documents for verification", () => {
  test("a contractor uploads licence and insurance certificates that only they and staff see, as downloads", async () => {
    const stranger = await communityMember(t, "Basic");
    const none = await stranger.client.upload("/api/contractors/me/documents", { name: "c.pdf", bytes: await pdfBytes() }, { title: "Certificate" });
    expect(none.status).toBe(409);
    expect(none.body.detail).toContain("listing first");

    const { contractor, id } = await signUp({ business_name: "Certified Electric", trades: ["Electrical"] });
    const pdf = await pdfBytes("Certificate of insurance");
    const added = await contractor.client.upload("/api/contractors/me/documents", { name: "COI 2027.pdf", bytes: pdf }, { title: "Certificate of insurance 2027" });
    expect(added.status).toBe(201);
    expect(added.body.file).toMatchObject({ name: "COI-2027.pdf", content_type: "application/pdf", size_bytes: pdf.byteLength });
    const photo = await contractor.client.upload("/api/contractors/me/documents", { name: "licence.png", bytes: PNG_BYTES }, { title: "Chicago electrical licence" });
    expect(photo.status).toBe(201);
    expect((await contractor.client.upload("/api/contractors/me/documents", REFUSED_FILES.html, { title: "Not a document" })).status).toBe(415);
    expect((await contractor.client.upload("/api/contractors/me/documents", { name: "x.pdf", bytes: pdf }, { title: " " })).status).toBe(422);

    const mine = await contractor.client.get("/api/contractors/me");
    expect(mine.body.profile.documents.map((d: { title: string }) => d.title)).toEqual(["Certificate of insurance 2027", "Chicago electrical licence"]);
    const download = await contractor.client.download(`/api/contractors/me/documents/${added.body.id}`);
    expect(download.body).toEqual(pdf);
    expect(download.headers.get("content-disposition")).toStartWith("attachment;");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");

    // Staff see them in the verification queue and download them; other members never do.
    const queue = await admin.get("/api/admin/contractor-directory");
    expect(queue.body.find((c: { id: string }) => c.id === id).documents).toHaveLength(2);
    expect((await admin.download(`/api/admin/contractor-directory/documents/${added.body.id}`)).body).toEqual(pdf);
    expect((await stranger.client.get(`/api/contractors/me/documents/${added.body.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/admin/contractor-directory/documents/${added.body.id}`)).status).toBe(403);
    const listing = await stranger.client.get(`/api/contractors/${id}`);
    expect(JSON.stringify(listing.body)).not.toContain("Certificate of insurance");

    expect((await stranger.client.delete(`/api/contractors/me/documents/${photo.body.id}`)).status).toBe(409);
    expect((await contractor.client.delete(`/api/contractors/me/documents/${photo.body.id}`)).status).toBe(200);
    expect((await contractor.client.get("/api/contractors/me")).body.profile.documents).toHaveLength(1);
  });
});

describe("search", () => {
  let roofer: string;
  let plumber: string;
  let member: CommunityMember;
  beforeAll(async () => {
    roofer = (await signUp({ business_name: "Search Roofing Co", trades: ["Roofing"], counties: ["Cook"], zips: ["60614"] })).id;
    plumber = (await signUp({ business_name: "Will County Drains", description: "Sewer rodding", trades: ["Plumbing"], counties: ["Will"], zips: ["60435"] })).id;
    await verify(roofer, "approved");
    await verify(plumber, "approved");
    member = await communityMember(t);
  });
  const ids = async (query: string) => ((await member.client.get(`/api/contractors?${query}`)).body.contractors as { id: string }[]).map((c) => c.id);

  test("by trade, county, ZIP and text", async () => {
    expect(await ids("trade=Roofing")).toContain(roofer);
    expect(await ids("trade=Roofing")).not.toContain(plumber);
    expect(await ids("county=will")).toEqual([plumber]);
    expect(await ids("county=Will%20County")).toEqual([plumber]);
    expect(await ids("zip=60614")).toEqual([roofer]);
    expect(await ids("q=rodding")).toEqual([plumber]);
    expect(await ids("q=search%20roofing")).toEqual([roofer]);
    expect(await ids("q=100%25")).toEqual([]);
    expect((await member.client.get("/api/contractors?trade=Juggling")).status).toBe(422);
    expect((await member.client.get("/api/contractors?zip=abc")).status).toBe(422);
    expect((await t.client().get("/api/contractors")).status).toBe(401);
  });

  test("reviews: one per member, editable; the contractor answers once; admins hide abusive ones", async () => {
    const [, owner] = [null, (await signUp({ business_name: "Reviewed Painting", trades: ["Painting"] }))];
    await verify(owner.id, "approved");
    const first = await member.client.post(`/api/contractors/${owner.id}/reviews`, { rating: 4, body: "Good work on the porch, a day late." });
    expect(first.status).toBe(201);
    const edited = await member.client.post(`/api/contractors/${owner.id}/reviews`, { rating: 5, body: "Came back and fixed the trim for free." });
    expect(edited.body).toMatchObject({ id: first.body.id, rating: 5, edited: true });
    expect((await member.client.post(`/api/contractors/${owner.id}/reviews`, { rating: 6, body: "Too many stars here." })).status).toBe(422);
    expect((await owner.contractor.client.post(`/api/contractors/${owner.id}/reviews`, { rating: 5, body: "We are the best painters." })).status).toBe(403);
    const page = await member.client.get(`/api/contractors/${owner.id}`);
    expect(page.body).toMatchObject({ review_count: 1, rating_average: 5 });
    expect(page.body.reviews[0]).toMatchObject({ rating: 5, mine: true, reply: null });
    expect((await member.client.post(`/api/contractors/reviews/${first.body.id}/reply`, { reply: "Me again" })).status).toBe(403);
    expect((await owner.contractor.client.post(`/api/contractors/reviews/${first.body.id}/reply`, { reply: "Thank you!" })).status).toBe(200);
    expect((await owner.contractor.client.post(`/api/contractors/reviews/${first.body.id}/reply`, { reply: "Again" })).status).toBe(409);
    const hidden = await admin.post(`/api/admin/contractor-directory/reviews/${first.body.id}/moderation`, { hidden: true, reason: "Personal details" });
    expect(hidden.body.hidden).toBe(true);
    const after = await member.client.get(`/api/contractors/${owner.id}`);
    expect(after.body).toMatchObject({ review_count: 0, rating_average: null, reviews: [] });
  });

  test("an introduction reaches the contractor with the member's message and the Home Repair and Remodeling Act note", async () => {
    const res = await member.client.post(`/api/contractors/${roofer}/introductions`, { message: "Our two-flat's roof leaks by the chimney.", estimated_over_1000: true });
    expect(res.status).toBe(201);
    expect(res.body.home_repair_act_note).toContain("written contract");
    const [mail] = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "contractor_introduction"));
    expect(mail!.text).toContain("roof leaks by the chimney");
    expect(mail!.text).toContain(member.email);
    expect(mail!.text).toContain("815 ILCS 513");
  });
});

describe("credentials that expire", () => {
  test("reminders 30 and 7 days before, once each, then the Verified badge lapses until an admin checks the renewal", async () => {
    const { contractor, id } = await signUp({ business_name: "Expiring Electric", trades: ["Electrical"], credentials: [{ kind: "insurance", issuer: "Acme", number: "GL-1", expires_on: dayFromNow(40) }] });
    await verify(id, "approved");
    const mails = async (template: string) => (await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, template), eq(emailOutbox.memberId, contractor.id)))).length;
    await sweepContractorCredentials(t.services);
    expect(await mails("contractor_credential_remind30")).toBe(0);
    const other = await secondProcess(t);
    try {
      t.clock.advance(11 * DAY); // 29 days left
      await Promise.all([sweepContractorCredentials(t.services), sweepContractorCredentials(other.services)]);
      await sweepContractorCredentials(t.services);
      expect(await mails("contractor_credential_remind30")).toBe(1);
      t.clock.advance(23 * DAY); // 6 days left
      await Promise.all([sweepContractorCredentials(t.services), sweepContractorCredentials(other.services)]);
      expect(await mails("contractor_credential_remind7")).toBe(1);
      expect((await (await communityMember(t)).client.get(`/api/contractors/${id}`)).body.verified).toBe(true);
      t.clock.advance(8 * DAY); // expired (a day past, in Chicago too)
      await Promise.all([sweepContractorCredentials(t.services), sweepContractorCredentials(other.services)]);
      expect(await mails("contractor_credential_expired")).toBe(1);
    } finally {
      await other.close();
    }
    const lapsed = await (await communityMember(t)).client.get(`/api/contractors/${id}`);
    expect(lapsed.body).toMatchObject({ status: "approved", verified: false, badge_lapsed: true });
    // The renewal goes back to verification, and the admin's approval restores the badge.
    const { createSession } = await import("../../src/server/domain/sessions.ts");
    contractor.client.cookies.set("lpa_member", (await createSession(t.services.db, { kind: "member", memberId: contractor.id }, t.services.now())).token);
    const renewed = await contractor.client.put("/api/contractors/me", profile({ business_name: "Expiring Electric", trades: ["Electrical"], credentials: [{ kind: "insurance", issuer: "Acme", number: "GL-2", expires_on: dayFromNow(365) }] }));
    expect(renewed.body.status).toBe("verifying");
    admin = await adminClient(t);
    expect((await verify(id, "approved", "Renewed policy checked")).body.verified).toBe(true);
  });
});
