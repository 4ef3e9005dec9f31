import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { emailOutbox, webinarRegistrations, type OutboxAttachment } from "../../src/server/db/schema.ts";
import { sendWebinarReminders } from "../../src/server/domain/community/webinars.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { adminClient, communityMember } from "../support/community.ts";
import { readCalendar } from "../support/icalendar.ts";
import { secondProcess } from "../support/second-process.ts";

// Webinars (COMMUNITY.md 3) through the API on the real database.

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const HOUR = 3600_000;
const inHours = (h: number) => new Date(t.services.now().getTime() + h * HOUR).toISOString();

async function webinar(overrides: Record<string, unknown> = {}) {
  const res = await admin.post("/api/admin/webinars", {
    title: "Security deposits under the Chicago RLTO",
    description: "Interest, receipts and the 45-day return.",
    starts_at: inHours(48),
    ends_at: inHours(49),
    capacity: 2,
    audience: "members",
    join_url: "https://meet.example.org/rlto-deposits",
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

/** The calendar file attached to a message (stored inline, unlike a contract's PDF). */
const attachmentText = (mail: { attachments: OutboxAttachment[] }) => {
  const file = mail.attachments[0]!;
  if (!("content" in file)) throw new Error(`${file.filename} is not stored inline`);
  return Buffer.from(file.content, "base64").toString("utf8");
};

describe("registering", () => {
  test("members register until the webinar is full, then wait in order; a cancellation moves the first one up with an email and a calendar file", async () => {
    const { id } = await webinar();
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => communityMember(t)));
    const ra = await a!.client.post(`/api/webinars/${id}/registration`);
    expect(ra.status).toBe(201);
    expect(ra.body.registration).toEqual({ status: "registered", position: null });
    expect((await b!.client.post(`/api/webinars/${id}/registration`)).body.registration.status).toBe("registered");
    const rc = await c!.client.post(`/api/webinars/${id}/registration`);
    expect(rc.body.registration).toEqual({ status: "waitlisted", position: 1 });
    expect((await d!.client.post(`/api/webinars/${id}/registration`)).body.registration).toEqual({ status: "waitlisted", position: 2 });
    // Registering again changes nothing.
    expect((await c!.client.post(`/api/webinars/${id}/registration`)).body.registration).toEqual({ status: "waitlisted", position: 1 });
    expect((await a!.client.get(`/api/webinars/${id}`)).body).toMatchObject({ seats_taken: 2, seats_left: 0, waitlist_count: 2 });

    const confirmation = (await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, a!.email), eq(emailOutbox.template, "webinar_registered"))))[0]!;
    expect(confirmation.attachments[0]!.contentType).toContain("text/calendar");
    expect(attachmentText(confirmation)).toContain("METHOD:REQUEST");
    expect(readCalendar(attachmentText(confirmation)).calendar.getFirstPropertyValue("method")).toBe("REQUEST");

    expect((await a!.client.delete(`/api/webinars/${id}/registration`)).body.registration).toBeNull();
    expect((await c!.client.get(`/api/webinars/${id}`)).body.registration).toEqual({ status: "registered", position: null });
    expect((await d!.client.get(`/api/webinars/${id}`)).body.registration).toEqual({ status: "waitlisted", position: 1 });
    const promoted = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, c!.email), eq(emailOutbox.template, "webinar_promoted")));
    expect(promoted).toHaveLength(1);
    expect(readCalendar(attachmentText(promoted[0]!)).events).toHaveLength(1);
    // A waitlisted member leaving frees no seat and moves nobody.
    expect((await d!.client.delete(`/api/webinars/${id}/registration`)).status).toBe(200);
    expect((await d!.client.delete(`/api/webinars/${id}/registration`)).status).toBe(404);
  });

  test("simultaneous registrations never exceed the capacity, and the waitlist keeps one order", async () => {
    const { id } = await webinar({ capacity: 5 });
    const people = await Promise.all(Array.from({ length: 16 }, () => communityMember(t)));
    const answers = await Promise.all(people.map((p) => p.client.post(`/api/webinars/${id}/registration`)));
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const rows = await t.services.db.select().from(webinarRegistrations).where(eq(webinarRegistrations.webinarId, id));
    expect(rows.filter((r) => r.status === "registered")).toHaveLength(5);
    expect(rows.filter((r) => r.status === "waitlisted")).toHaveLength(11);
    const positions = await Promise.all(people.map(async (p) => (await p.client.get(`/api/webinars/${id}`)).body.registration.position));
    expect(positions.filter((x) => x !== null).sort((x, y) => x - y)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    // Five cancel at once: exactly five move up, the longest waiting first.
    const registered = people.filter((_, i) => answers[i]!.body.registration.status === "registered");
    const firstWaiting = people.filter((_, i) => positions[i] !== null && positions[i]! <= 5);
    await Promise.all(registered.map((p) => p.client.delete(`/api/webinars/${id}/registration`)));
    const after = await t.services.db.select().from(webinarRegistrations).where(and(eq(webinarRegistrations.webinarId, id), eq(webinarRegistrations.status, "registered")));
    expect(after.map((r) => r.memberId).sort()).toEqual(firstWaiting.map((p) => p.id).sort());
  });

  test("a paid webinar is for Standard and Premium members; visitors see the programme but cannot register", async () => {
    const { id } = await webinar({ audience: "paid", recording_url: "https://video.example.org/rec" });
    const basic = await communityMember(t);
    const paid = await communityMember(t, "Standard");
    const refused = await basic.client.post(`/api/webinars/${id}/registration`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("Upgrade");
    expect((await paid.client.post(`/api/webinars/${id}/registration`)).status).toBe(201);
    const anon = t.client();
    const seen = await anon.get(`/api/webinars/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ join_url: null, recording_url: null, can_register: false });
    expect((await anon.post(`/api/webinars/${id}/registration`)).status).toBe(401);
    expect((await anon.get(`/api/webinars/${id}/calendar.ics`)).status).toBe(401);
    expect((await basic.client.get(`/api/webinars/${id}/calendar.ics`)).status).toBe(403);
    expect((await t.client().get(`/api/webinars/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("the join link and the recording", () => {
  test("the join link shows only to registered members, from 15 minutes before the start to the end; the recording after it", async () => {
    const { id } = await webinar({ starts_at: inHours(2), ends_at: inHours(3), recording_url: "https://video.example.org/deposits" });
    const registered = await communityMember(t);
    const other = await communityMember(t);
    await registered.client.post(`/api/webinars/${id}/registration`);
    expect((await registered.client.get(`/api/webinars/${id}`)).body.join_url).toBeNull();
    t.clock.advance(2 * HOUR - 16 * 60_000);
    expect((await registered.client.get(`/api/webinars/${id}`)).body.join_url).toBeNull();
    t.clock.advance(60_000);
    expect((await registered.client.get(`/api/webinars/${id}`)).body.join_url).toBe("https://meet.example.org/rlto-deposits");
    expect((await other.client.get(`/api/webinars/${id}`)).body.join_url).toBeNull();
    expect((await registered.client.get(`/api/webinars/${id}`)).body.recording_url).toBeNull();
    t.clock.advance(HOUR + 16 * 60_000);
    const past = await other.client.get(`/api/webinars/${id}`);
    expect(past.body).toMatchObject({ past: true, join_url: null, recording_url: "https://video.example.org/deposits", can_register: false });
    expect((await other.client.get("/api/webinars?when=past")).body.some((w: { id: string }) => w.id === id)).toBe(true);
    expect((await other.client.get("/api/webinars")).body.some((w: { id: string }) => w.id === id)).toBe(false);
    expect((await other.client.post(`/api/webinars/${id}/registration`)).status).toBe(409);
    expect((await t.client().get(`/api/webinars/${id}`)).body.recording_url).toBeNull();
    // Afterwards the admin marks who attended.
    admin = await adminClient(t);
    const marked = await admin.post(`/api/admin/webinars/${id}/attendance`, { member_ids: [registered.id, other.id] });
    expect(marked.body).toEqual({ success: true, attended: 1 });
    expect((await registered.client.get(`/api/webinars/${id}`)).body.registration).toEqual({ status: "attended", position: null });
  });
});

describe("calendar files", () => {
  test("a stable UID, Chicago local times with the time zone, and a SEQUENCE that grows with each change; a cancellation cancels", async () => {
    // The webinar's date is fixed (its Chicago wall time is the point), so the clock is too: a week
    // before it, whatever day the suite runs (registration closes once a webinar has begun).
    const real = t.clock.now();
    t.clock.set(new Date("2026-12-02T18:00:00Z"));
    try {
      await calendarFiles();
    } finally {
      t.clock.set(real);
    }
  });
});

async function calendarFiles() {
  {
    // 2026-12-10 00:00 UTC is 6 pm on December 9 in Chicago (CST, UTC-6).
    const { id } = await webinar({ starts_at: "2026-12-10T00:00:00Z", ends_at: "2026-12-10T01:30:00Z" });
    const member = await communityMember(t);
    await member.client.post(`/api/webinars/${id}/registration`);
    const first = String((await member.client.get(`/api/webinars/${id}/calendar.ics`)).body);
    // Mozilla's iCalendar parser reads the file as written, and its own time zone gives the instant.
    const [downloaded] = readCalendar(first).events;
    expect(downloaded!.startDate.toJSDate().toISOString()).toBe("2026-12-10T00:00:00.000Z");
    expect(downloaded!.endDate.toJSDate().toISOString()).toBe("2026-12-10T01:30:00.000Z");
    const [registeredMail] = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, member.email), eq(emailOutbox.template, "webinar_registered")));
    expect(readCalendar(attachmentText(registeredMail!)).events[0]!.uid).toBe(downloaded!.uid);
    // The email says the time as people read it: to the minute, Chicago's zone named.
    expect(registeredMail!.text).toContain("Wednesday, December 9, 2026 at 6:00 PM CST (Chicago time)");
    expect(registeredMail!.text).not.toMatch(/\d:\d\d:\d\d/);
    expect(first).toContain("BEGIN:VCALENDAR");
    expect(first).toContain("TZID:America/Chicago");
    expect(first).toContain("DTSTART;TZID=America/Chicago:20261209T180000");
    expect(first).toContain("DTEND;TZID=America/Chicago:20261209T193000");
    expect(first).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(first).toContain("SEQUENCE:0");
    const uid = first.match(/UID:(.+)/)![1]!.trim();
    expect(uid).toBe(`webinar-${id}@localhost`);

    await t.services.db.delete(emailOutbox).where(eq(emailOutbox.toAddress, member.email));
    // A summer date is daylight time: 2027-07-01 23:00 UTC is 6 pm CDT (UTC-5).
    const moved = await admin.request("PATCH", `/api/admin/webinars/${id}`, { starts_at: "2027-07-01T23:00:00Z", ends_at: "2027-07-02T00:00:00Z" });
    expect(moved.status).toBe(200);
    expect(moved.body.notified).toBe(1);
    const [changed] = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, member.email), eq(emailOutbox.template, "webinar_changed")));
    const update = attachmentText(changed!);
    expect(readCalendar(update).events[0]!.startDate.toJSDate().toISOString()).toBe("2027-07-01T23:00:00.000Z");
    expect(changed!.text).toContain("Thursday, July 1, 2027 at 6:00 PM CDT (Chicago time)");
    expect(update).toContain(`UID:${uid}`);
    expect(update).toContain("SEQUENCE:1");
    expect(update).toContain("DTSTART;TZID=America/Chicago:20270701T180000");
    // A change of capacity alone tells nobody and keeps the sequence.
    expect((await admin.request("PATCH", `/api/admin/webinars/${id}`, { capacity: 50 })).body.notified).toBe(0);
    const cancelled = await admin.request("PATCH", `/api/admin/webinars/${id}`, { cancelled: true });
    expect(cancelled.body).toMatchObject({ cancelled: true, notified: 1 });
    const [cancelMail] = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, member.email), eq(emailOutbox.template, "webinar_cancelled")));
    const cancelIcs = attachmentText(cancelMail!);
    expect(readCalendar(cancelIcs).events[0]!.uid).toBe(uid);
    expect(cancelIcs).toContain("METHOD:CANCEL");
    expect(cancelIcs).toContain("STATUS:CANCELLED");
    expect(cancelIcs).toContain("SEQUENCE:2");
    expect(cancelIcs).toContain(`UID:${uid}`);
  }
}

describe("reminders", () => {
  test("24 hours and 1 hour before, each sent once, even with two processes running the job at once", async () => {
    const { id } = await webinar({ starts_at: inHours(30), ends_at: inHours(31), capacity: 10 });
    const people = await Promise.all([1, 2, 3].map(() => communityMember(t)));
    for (const p of people) await p.client.post(`/api/webinars/${id}/registration`);
    await people[2]!.client.delete(`/api/webinars/${id}/registration`);
    const mails = async (template: string) =>
      (await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, template), inArray(emailOutbox.toAddress, people.map((p) => p.email))))).map((m) => m.toAddress).sort();
    expect(await sendWebinarReminders(t.services)).toBe(0);
    const other = await secondProcess(t);
    try {
      t.clock.advance(7 * HOUR); // 23 hours before
      await Promise.all([sendWebinarReminders(t.services), sendWebinarReminders(other.services), sendWebinarReminders(t.services)]);
      expect(await mails("webinar_reminder_24h")).toEqual([people[0]!.email, people[1]!.email].sort());
      await sendWebinarReminders(other.services);
      expect(await mails("webinar_reminder_24h")).toHaveLength(2);
      t.clock.advance(22.5 * HOUR); // 30 minutes before
      await Promise.all([sendWebinarReminders(t.services), sendWebinarReminders(other.services)]);
      expect(await mails("webinar_reminder_1h")).toEqual([people[0]!.email, people[1]!.email].sort());
      await sendWebinarReminders(t.services);
      expect(await mails("webinar_reminder_1h")).toHaveLength(2);
      expect(await mails("webinar_reminder_24h")).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  test("admins only create and change webinars, with validation", async () => {
    admin = await adminClient(t); // the clock moved past the 12-hour admin session
    const member = await communityMember(t);
    expect((await member.client.post("/api/admin/webinars", { title: "x" })).status).toBe(403);
    const bad = await admin.post("/api/admin/webinars", { title: "Bad times", starts_at: inHours(5), ends_at: inHours(4), capacity: 10 });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain("after the start");
    expect((await admin.post("/api/admin/webinars", { title: "No capacity", starts_at: inHours(5), ends_at: inHours(6), capacity: 0 })).status).toBe(422);
    expect((await admin.request("PATCH", `/api/admin/webinars/${crypto.randomUUID()}`, { capacity: 3 })).status).toBe(404);
  });
});
