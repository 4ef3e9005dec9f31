import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import type { TWebinar, TWebinarPatch } from "../../../shared/community.ts";
import { chicagoWhen } from "../../../shared/time.ts";
import type { DbOrTx } from "../../db/client.ts";
import { members, webinarRegistrations, webinars } from "../../db/schema.ts";
import { AppError, forbidden, notFound, unauthorized } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../admin/queries.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import type { MemberRow } from "../sessions.ts";
import { mayRead, type Reader } from "./access.ts";
import { claimJobKey, queueNewsletter, subscribers } from "./bulk-mail.ts";
import { webinarCalendar } from "./calendar.ts";
import { readerFor, type CommunityActor } from "./people.ts";
import { dueReminder, joinLinkOpen, type ReminderKind } from "./schedule.ts";
import { promotions, seatFor, waitlistPosition } from "./waitlist.ts";

// Monthly webinars (COMMUNITY.md 3): registration up to capacity, a waitlist moved up in order,
// calendar files, reminders at 24 h and 1 h (once each), the join link from 15 minutes before,
// recordings afterwards.

type Webinar = typeof webinars.$inferSelect;
type Registration = typeof webinarRegistrations.$inferSelect;

async function seatCounts(db: DbOrTx, webinarId: string) {
  const rows = await db
    .select({ status: webinarRegistrations.status, n: count() })
    .from(webinarRegistrations)
    .where(eq(webinarRegistrations.webinarId, webinarId))
    .groupBy(webinarRegistrations.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { registered: of("registered") + of("attended"), waiting: of("waitlisted") };
}

async function positionOf(db: DbOrTx, registration: Registration) {
  if (registration.status !== "waitlisted" || !registration.waitlistedAt) return null;
  const [ahead] = await db
    .select({ n: count() })
    .from(webinarRegistrations)
    .where(
      and(
        eq(webinarRegistrations.webinarId, registration.webinarId),
        eq(webinarRegistrations.status, "waitlisted"),
        sql`(${webinarRegistrations.waitlistedAt}, ${webinarRegistrations.id}) < (${registration.waitlistedAt.toISOString()}::timestamptz, ${registration.id}::uuid)`,
      ),
    );
  return waitlistPosition(Number(ahead?.n ?? 0));
}

function describe(w: Webinar, reader: Reader, now: Date, extra: { counts: { registered: number; waiting: number }; registration: Registration | null; position: number | null }) {
  const allowed = reader.kind !== "anonymous" && mayRead(w.audience, reader);
  const registered = extra.registration?.status === "registered" || extra.registration?.status === "attended";
  const past = w.endsAt.getTime() < now.getTime();
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    starts_at: w.startsAt.toISOString(),
    ends_at: w.endsAt.toISOString(),
    capacity: w.capacity,
    audience: w.audience,
    seats_taken: extra.counts.registered,
    seats_left: Math.max(0, w.capacity - extra.counts.registered),
    waitlist_count: extra.counts.waiting,
    cancelled: w.cancelledAt !== null,
    past,
    can_register: allowed && !past && w.cancelledAt === null,
    registration: extra.registration && extra.registration.status !== "cancelled" ? { status: extra.registration.status, position: extra.position } : null,
    // Only to those registered, from 15 minutes before the start to the end (or an admin).
    join_url: w.joinUrl && !w.cancelledAt && ((registered && joinLinkOpen(w.startsAt, w.endsAt, now)) || reader.kind === "admin") ? w.joinUrl : null,
    join_opens_at: new Date(w.startsAt.getTime() - 15 * 60_000).toISOString(),
    // The recording: for members the webinar was for, once it is over.
    recording_url: w.recordingUrl && allowed && (past || reader.kind === "admin") ? w.recordingUrl : null,
  };
}

async function describeFor(db: DbOrTx, w: Webinar, actor: CommunityActor | null, now: Date) {
  const reader = readerFor(actor);
  const counts = await seatCounts(db, w.id);
  let registration: Registration | null = null;
  if (actor?.kind === "member") {
    [registration = null] = await db.select().from(webinarRegistrations).where(and(eq(webinarRegistrations.webinarId, w.id), eq(webinarRegistrations.memberId, actor.member.id)));
  }
  return describe(w, reader, now, { counts, registration, position: registration ? await positionOf(db, registration) : null });
}

/** Upcoming (soonest first) or past (newest first) webinars; anyone may see the programme. */
export async function listWebinars(services: Services, actor: CommunityActor | null, when: "upcoming" | "past") {
  const now = services.now();
  const rows = await services.db
    .select()
    .from(webinars)
    .where(when === "upcoming" ? and(gt(webinars.endsAt, now), isNull(webinars.cancelledAt)) : lte(webinars.endsAt, now))
    .orderBy(when === "upcoming" ? asc(webinars.startsAt) : desc(webinars.startsAt))
    .limit(50);
  return Promise.all(rows.map((w) => describeFor(services.db, w, actor, now)));
}

async function findWebinar(db: DbOrTx, id: string, lock = false) {
  if (!isUuid(id)) throw notFound("That webinar does not exist.");
  const query = db.select().from(webinars).where(eq(webinars.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("That webinar does not exist.");
  return row;
}

export async function getWebinar(services: Services, actor: CommunityActor | null, id: string) {
  return describeFor(services.db, await findWebinar(services.db, id), actor, services.now());
}

const whenText = (w: Webinar) => `${chicagoWhen(w.startsAt)} (Chicago time)`;
const pageUrl = (services: Services, w: Webinar) => `${services.config.PUBLIC_URL}/webinars/${w.id}`;

function calendarAttachment(services: Services, w: Webinar, method: "REQUEST" | "CANCEL") {
  const ics = webinarCalendar(w, { publicUrl: services.config.PUBLIC_URL, method, stamp: services.now() });
  return { filename: "webinar.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content: Buffer.from(ics).toString("base64") };
}

async function emailSeat(tx: DbOrTx, services: Services, w: Webinar, member: MemberRow, kind: "registered" | "promoted" | "waitlisted", position?: number | null) {
  const subject =
    kind === "waitlisted" ? `You are on the waitlist: ${w.title}` : kind === "promoted" ? `A seat opened up: you are registered for ${w.title}` : `You are registered: ${w.title}`;
  const paragraphs =
    kind === "waitlisted"
      ? [`The webinar on ${whenText(w)} is full. You are number ${position} on the waitlist; we register you and email you as soon as a seat frees up.`]
      : [
          `${kind === "promoted" ? "A seat freed up and you moved up from the waitlist. " : ""}You are registered for the webinar on ${whenText(w)}.`,
          "The calendar file is attached. The join link shows on the webinar's page from 15 minutes before the start, and we remind you 24 hours and 1 hour before.",
        ];
  const rendered = renderEmail(services.config, `webinar_${kind}`, subject, { heading: `Hello ${member.firstName}`, paragraphs, action: { label: "Open the webinar", url: pageUrl(services, w) } });
  await enqueueEmail(tx, { to: member.email, memberId: member.id, ...rendered, attachments: kind === "waitlisted" ? [] : [calendarAttachment(services, w, "REQUEST")] });
}

/** Moves the longest-waiting members into free seats, in order, with an email each. */
async function promoteFromWaitlist(tx: DbOrTx, services: Services, w: Webinar) {
  const counts = await seatCounts(tx, w.id);
  const waiting = await tx
    .select({ registration: webinarRegistrations, member: members })
    .from(webinarRegistrations)
    .innerJoin(members, eq(members.id, webinarRegistrations.memberId))
    .where(and(eq(webinarRegistrations.webinarId, w.id), eq(webinarRegistrations.status, "waitlisted")))
    .orderBy(asc(webinarRegistrations.waitlistedAt), asc(webinarRegistrations.id));
  const moving = promotions(w.capacity, counts.registered, waiting);
  for (const { registration, member } of moving) {
    await tx.update(webinarRegistrations).set({ status: "registered", waitlistedAt: null, updatedAt: services.now() }).where(eq(webinarRegistrations.id, registration.id));
    await emailSeat(tx, services, w, member, "promoted");
  }
  return moving.length;
}

function requireMemberActor(actor: CommunityActor | null): MemberRow {
  if (!actor) throw unauthorized("Please sign in to register.");
  if (actor.kind !== "member") throw forbidden("Registration is for members.");
  return actor.member;
}

/**
 * Registers a member, or puts them on the waitlist when the webinar is full. The webinar's row
 * is locked for the decision, so simultaneous registrations never exceed the capacity.
 */
export async function registerForWebinar(services: Services, actor: CommunityActor | null, id: string) {
  const member = requireMemberActor(actor);
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const w = await findWebinar(tx, id, true);
    if (!mayRead(w.audience, readerFor(actor))) throw forbidden("This webinar is for Standard and Premium members. Upgrade to register.");
    if (w.cancelledAt) throw new AppError("CONFLICT", "This webinar was cancelled.");
    if (w.endsAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "This webinar is over.");
    const [existing] = await tx.select().from(webinarRegistrations).where(and(eq(webinarRegistrations.webinarId, w.id), eq(webinarRegistrations.memberId, member.id)));
    if (existing && existing.status !== "cancelled") return;
    const counts = await seatCounts(tx, w.id);
    const status = seatFor(w.capacity, counts.registered, counts.waiting);
    const values = { status, waitlistedAt: status === "waitlisted" ? now : null, updatedAt: now };
    const [row] = existing
      ? await tx.update(webinarRegistrations).set(values).where(eq(webinarRegistrations.id, existing.id)).returning()
      : await tx.insert(webinarRegistrations).values({ webinarId: w.id, memberId: member.id, createdAt: now, ...values }).returning();
    await emailSeat(tx, services, w, member, status, status === "waitlisted" ? await positionOf(tx, row!) : null);
  });
  return getWebinar(services, actor, id);
}

/** Cancels a member's registration (or waitlist place); a freed seat goes to the next in line. */
export async function cancelWebinarRegistration(services: Services, actor: CommunityActor | null, id: string) {
  const member = requireMemberActor(actor);
  await services.db.transaction(async (tx) => {
    const w = await findWebinar(tx, id, true);
    const [row] = await tx
      .update(webinarRegistrations)
      .set({ status: "cancelled", waitlistedAt: null, updatedAt: services.now() })
      .where(and(eq(webinarRegistrations.webinarId, w.id), eq(webinarRegistrations.memberId, member.id), inArray(webinarRegistrations.status, ["registered", "waitlisted"])))
      .returning();
    if (!row) throw notFound("You are not registered for this webinar.");
    if (!w.cancelledAt && w.endsAt.getTime() > services.now().getTime()) await promoteFromWaitlist(tx, services, w);
  });
  return getWebinar(services, actor, id);
}

/** The .ics of a webinar, for members it is for (registered or deciding). */
export async function webinarCalendarFile(services: Services, actor: CommunityActor | null, id: string) {
  if (!actor) throw unauthorized("Please sign in to download the calendar file.");
  const w = await findWebinar(services.db, id);
  if (!mayRead(w.audience, readerFor(actor))) throw forbidden("This webinar is for Standard and Premium members.");
  return { ics: webinarCalendar(w, { publicUrl: services.config.PUBLIC_URL, method: "PUBLISH", stamp: services.now() }), fileName: `webinar-${w.startsAt.toISOString().slice(0, 10)}.ics` };
}

// ---- Admin ------------------------------------------------------------------------------------

export async function createWebinar(services: Services, actor: AdminActor, input: TWebinar) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [w] = await tx
      .insert(webinars)
      .values({
        title: input.title,
        description: input.description,
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        capacity: input.capacity,
        audience: input.audience,
        joinUrl: input.join_url,
        recordingUrl: input.recording_url || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAdminAction(tx, actor, { action: "webinar_created", targetType: "webinar", targetId: w!.id, details: { capacity: w!.capacity, audience: w!.audience } }, now);
    let announced = 0;
    if (input.announce && (await claimJobKey(tx, `webinar-announce:${w!.id}`))) {
      const recipients = await subscribers(tx, "webinars", { paidOnly: w!.audience === "paid" });
      announced = await queueNewsletter(tx, services, "webinars", recipients.map((r) => r.member), (member, footer) =>
        renderEmail(services.config, "webinar_announcement", `New webinar: ${w!.title}`, {
          heading: w!.title,
          paragraphs: [`Hello ${member.firstName},`, `Join us on ${whenText(w!)}.`, w!.description, footer.line],
          action: { label: "Register", url: pageUrl(services, w!) },
        }),
      );
    }
    return { ...describe(w!, { kind: "admin" }, now, { counts: { registered: 0, waiting: 0 }, registration: null, position: null }), announced_to: announced };
  });
}

/** Changes a webinar. Attendees hear about a new time, title or link, or a cancellation, with an updated calendar file. */
export async function changeWebinar(services: Services, actor: AdminActor, id: string, patch: TWebinarPatch) {
  const now = services.now();
  const result = await services.db.transaction(async (tx) => {
    const current = await findWebinar(tx, id, true);
    const startsAt = patch.starts_at ? new Date(patch.starts_at) : current.startsAt;
    const endsAt = patch.ends_at ? new Date(patch.ends_at) : current.endsAt;
    if (endsAt.getTime() <= startsAt.getTime()) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "ends_at"], msg: "The end must be after the start", type: "invalid" }]);
    const cancelling = patch.cancelled === true && !current.cancelledAt;
    const attendeesHear =
      cancelling ||
      startsAt.getTime() !== current.startsAt.getTime() ||
      endsAt.getTime() !== current.endsAt.getTime() ||
      (patch.title !== undefined && patch.title !== current.title) ||
      (patch.description !== undefined && patch.description !== current.description);
    const [w] = await tx
      .update(webinars)
      .set({
        title: patch.title ?? current.title,
        description: patch.description ?? current.description,
        startsAt,
        endsAt,
        capacity: patch.capacity ?? current.capacity,
        audience: patch.audience ?? current.audience,
        joinUrl: patch.join_url ?? current.joinUrl,
        recordingUrl: patch.recording_url === undefined ? current.recordingUrl : patch.recording_url || null,
        cancelledAt: patch.cancelled === false ? null : cancelling ? now : current.cancelledAt,
        sequence: attendeesHear ? current.sequence + 1 : current.sequence,
        updatedAt: now,
      })
      .where(eq(webinars.id, id))
      .returning();
    await recordAdminAction(tx, actor, { action: cancelling ? "webinar_cancelled" : "webinar_changed", targetType: "webinar", targetId: id, details: { changed: Object.keys(patch), sequence: w!.sequence } }, now);
    let notified = 0;
    if (attendeesHear) {
      const people = await tx
        .select({ member: members, status: webinarRegistrations.status })
        .from(webinarRegistrations)
        .innerJoin(members, eq(members.id, webinarRegistrations.memberId))
        .where(and(eq(webinarRegistrations.webinarId, id), inArray(webinarRegistrations.status, cancelling ? ["registered", "waitlisted"] : ["registered"])));
      for (const { member } of people) {
        const rendered = renderEmail(services.config, cancelling ? "webinar_cancelled" : "webinar_changed", cancelling ? `Cancelled: ${w!.title}` : `Changed: ${w!.title}`, {
          heading: `Hello ${member.firstName}`,
          paragraphs: cancelling
            ? [`The webinar "${w!.title}" planned for ${whenText(current)} is cancelled. The attached calendar file removes it from your calendar.`]
            : [`The webinar "${w!.title}" changed. It is now on ${whenText(w!)}. The attached calendar file updates your calendar.`],
          action: { label: "Open the webinar", url: pageUrl(services, w!) },
        });
        await enqueueEmail(tx, { to: member.email, memberId: member.id, ...rendered, attachments: [calendarAttachment(services, w!, cancelling ? "CANCEL" : "REQUEST")] });
        notified += 1;
      }
    }
    // More seats (or a shorter list) may let people in from the waitlist.
    const promoted = !w!.cancelledAt && w!.endsAt.getTime() > now.getTime() ? await promoteFromWaitlist(tx, services, w!) : 0;
    return { w: w!, notified, promoted };
  });
  return { ...(await describeFor(services.db, result.w, null, now)), notified: result.notified, promoted: result.promoted };
}

export async function adminListWebinars(services: Services) {
  const now = services.now();
  const rows = await services.db.select().from(webinars).orderBy(desc(webinars.startsAt)).limit(100);
  return Promise.all(rows.map(async (w) => describe(w, { kind: "admin" }, now, { counts: await seatCounts(services.db, w.id), registration: null, position: null })));
}

/** After the event, admins mark who attended (registered members only). */
export async function markAttendance(services: Services, actor: AdminActor, id: string, memberIds: string[]) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const w = await findWebinar(tx, id);
    if (w.startsAt.getTime() > now.getTime()) throw new AppError("CONFLICT", "Attendance is taken once the webinar has started.");
    const rows = memberIds.length
      ? await tx
          .update(webinarRegistrations)
          .set({ status: "attended", updatedAt: now })
          .where(and(eq(webinarRegistrations.webinarId, w.id), inArray(webinarRegistrations.memberId, memberIds), inArray(webinarRegistrations.status, ["registered", "attended"])))
          .returning({ id: webinarRegistrations.id })
      : [];
    await recordAdminAction(tx, actor, { action: "webinar_changed", targetType: "webinar", targetId: w.id, details: { attended: rows.length } }, now);
    return { success: true, attended: rows.length };
  });
}

export async function webinarRegistrationsForAdmin(services: Services, id: string) {
  const w = await findWebinar(services.db, id);
  const rows = await services.db
    .select({ r: webinarRegistrations, first: members.firstName, last: members.lastName, email: members.email })
    .from(webinarRegistrations)
    .innerJoin(members, eq(members.id, webinarRegistrations.memberId))
    .where(eq(webinarRegistrations.webinarId, w.id))
    .orderBy(asc(webinarRegistrations.createdAt));
  return rows.map(({ r, first, last, email }) => ({ id: r.id, member_id: r.memberId, member_name: `${first} ${last}`, member_email: email, status: r.status, registered_at: r.createdAt.toISOString() }));
}

// ---- Reminders -------------------------------------------------------------------------------

/**
 * Sends the reminders that are due: 24 hours and 1 hour before each webinar, once per
 * registration and start time (key webinar-reminder:<kind>:<registration>:<start>), so two
 * processes or repeated runs never send one twice, and a moved webinar gets new reminders.
 */
export async function sendWebinarReminders(services: Services): Promise<number> {
  const now = services.now();
  const soon = await services.db
    .select()
    .from(webinars)
    .where(and(isNull(webinars.cancelledAt), gt(webinars.startsAt, now), lte(webinars.startsAt, new Date(now.getTime() + 24 * 3600_000))));
  let sent = 0;
  for (const w of soon) {
    const kind = dueReminder(w.startsAt, now);
    if (!kind) continue;
    const people = await services.db
      .select({ registration: webinarRegistrations, member: members })
      .from(webinarRegistrations)
      .innerJoin(members, eq(members.id, webinarRegistrations.memberId))
      .where(and(eq(webinarRegistrations.webinarId, w.id), eq(webinarRegistrations.status, "registered"), listedMember()));
    for (const { registration, member } of people) {
      await services.db.transaction(async (tx) => {
        if (!(await claimJobKey(tx, `webinar-reminder:${kind}:${registration.id}:${w.startsAt.toISOString()}`))) return;
        await enqueueEmail(tx, { to: member.email, memberId: member.id, ...reminderEmail(services, w, member, kind) });
        sent += 1;
      });
    }
  }
  return sent;
}

function reminderEmail(services: Services, w: Webinar, member: MemberRow, kind: ReminderKind) {
  return renderEmail(services.config, `webinar_reminder_${kind}`, `${kind === "24h" ? "Tomorrow" : "In one hour"}: ${w.title}`, {
    heading: `Hello ${member.firstName}`,
    paragraphs: [`A reminder: "${w.title}" starts ${kind === "24h" ? "in 24 hours" : "in one hour"}, on ${whenText(w)}.`, "The join link shows on the webinar's page from 15 minutes before the start."],
    action: { label: "Open the webinar", url: pageUrl(services, w) },
  });
}
