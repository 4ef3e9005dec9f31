import { and, asc, avg, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  FORUM_PAGE_SIZE,
  HOME_REPAIR_ACT_NOTE,
  ILLINOIS_LICENSE_NOTES,
  type TContractorProfile,
  type TContractorSearch,
} from "../../../shared/community.ts";
import type { DbOrTx } from "../../db/client.ts";
import { contractorCredentials, contractorReviews, contractors, members } from "../../db/schema.ts";
import { AppError, forbidden, notFound, unauthorized } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../admin/queries.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { hitRateLimit } from "../rate-limit.ts";
import type { MemberRow } from "../sessions.ts";
import { displayName, INTRODUCTIONS_PER_DAY } from "../skills.ts";
import { claimJobKey } from "./bulk-mail.ts";
import type { CommunityActor } from "./people.ts";
import { documentsOf } from "./contractor-documents.ts";
import { chicagoDay, credentialStage } from "./schedule.ts";

// The contractor directory (COMMUNITY.md 4): free sign-up for any member who is a contractor,
// admin verification with Illinois' licence rules, a Verified badge that lapses with an expired
// licence or insurance (after reminders 30 and 7 days before), member search, introductions
// through the skills network's machinery, and reviews.

type Contractor = typeof contractors.$inferSelect;
type Credential = typeof contractorCredentials.$inferSelect;

/** The badge: approved by an admin, and no licence or insurance has expired since. */
export const isVerified = (c: Pick<Contractor, "status" | "badgeLapsedAt">) => c.status === "approved" && c.badgeLapsedAt === null;

async function credentialsOf(db: DbOrTx, ids: string[]) {
  const rows = ids.length ? await db.select().from(contractorCredentials).where(inArray(contractorCredentials.contractorId, ids)).orderBy(asc(contractorCredentials.createdAt)) : [];
  const map = new Map<string, Credential[]>();
  for (const r of rows) map.set(r.contractorId, [...(map.get(r.contractorId) ?? []), r]);
  return map;
}

async function ratingsOf(db: DbOrTx, ids: string[]) {
  const rows = ids.length
    ? await db
        .select({ id: contractorReviews.contractorId, n: count(), avg: avg(contractorReviews.rating) })
        .from(contractorReviews)
        .where(and(inArray(contractorReviews.contractorId, ids), isNull(contractorReviews.hiddenAt)))
        .groupBy(contractorReviews.contractorId)
    : [];
  return new Map(rows.map((r) => [r.id, { count: Number(r.n), average: r.avg === null ? null : Math.round(Number(r.avg) * 10) / 10 }]));
}

function describe(c: Contractor, credentials: Credential[], rating: { count: number; average: number | null } | undefined, options: { admin?: boolean } = {}) {
  return {
    id: c.id,
    business_name: c.businessName,
    description: c.description,
    trades: c.trades,
    counties: c.counties,
    zips: c.zips,
    phone: c.phone,
    email: c.email,
    status: c.status,
    verified: isVerified(c),
    badge_lapsed: c.badgeLapsedAt !== null,
    credentials: credentials.map((k) => ({ id: k.id, kind: k.kind, issuer: k.issuer, number: k.number, expires_on: k.expiresOn })),
    review_count: rating?.count ?? 0,
    rating_average: rating?.average ?? null,
    ...(options.admin
      ? {
          member_id: c.memberId,
          verification_note: c.verificationNote,
          verified_at: c.verifiedAt?.toISOString() ?? null,
          license_notes: ILLINOIS_LICENSE_NOTES.filter((n) => c.trades.includes(n.trade)),
          created_at: c.createdAt.toISOString(),
        }
      : {}),
  };
}

export function requireMember(actor: CommunityActor | null): MemberRow {
  if (!actor) throw unauthorized("Please sign in to use the contractor directory.");
  if (actor.kind !== "member") throw forbidden("This is for members.");
  return actor.member;
}

export async function ownProfile(db: DbOrTx, memberId: string) {
  const [row] = await db.select().from(contractors).where(eq(contractors.memberId, memberId));
  return row ?? null;
}

export async function myContractorProfile(services: Services, actor: CommunityActor | null) {
  const member = requireMember(actor);
  const row = await ownProfile(services.db, member.id);
  if (!row) return null;
  const view = describe(row, (await credentialsOf(services.db, [row.id])).get(row.id) ?? [], (await ratingsOf(services.db, [row.id])).get(row.id));
  return { ...view, documents: (await documentsOf(services.db, [row.id])).get(row.id) ?? [] };
}

const credentialKey = (k: { kind: string; issuer: string; number: string; expires_on?: string | null; expiresOn?: string | null }) =>
  `${k.kind}|${k.issuer.trim().toLowerCase()}|${k.number.trim().toLowerCase()}|${k.expires_on ?? k.expiresOn ?? ""}`;

/**
 * Free sign-up and profile (PUT /api/contractors/me). A new profile waits for verification; an
 * approved one whose credentials change goes back to "verifying" until an admin checks them.
 */
export async function saveContractorProfile(services: Services, actor: CommunityActor | null, input: TContractorProfile) {
  const member = requireMember(actor);
  const now = services.now();
  const id = await services.db.transaction(async (tx) => {
    const current = await ownProfile(tx, member.id);
    const fields = {
      businessName: input.business_name,
      description: input.description,
      trades: input.trades,
      counties: [...new Set(input.counties.map((c) => c.replace(/\s+county$/i, "").trim()))],
      zips: [...new Set(input.zips)],
      phone: input.phone,
      email: input.email || member.email,
      updatedAt: now,
    };
    let row: Contractor;
    if (!current) {
      [row] = (await tx.insert(contractors).values({ memberId: member.id, ...fields, status: "applied", createdAt: now }).returning()) as [Contractor];
    } else {
      const before = (await tx.select().from(contractorCredentials).where(eq(contractorCredentials.contractorId, current.id))).map(credentialKey).sort().join("\n");
      const after = input.credentials.map(credentialKey).sort().join("\n");
      const recheck = before !== after && current.status === "approved";
      [row] = (await tx
        .update(contractors)
        .set({ ...fields, ...(recheck ? { status: "verifying" as const } : {}) })
        .where(eq(contractors.id, current.id))
        .returning()) as [Contractor];
    }
    await tx.delete(contractorCredentials).where(eq(contractorCredentials.contractorId, row.id));
    if (input.credentials.length) {
      await tx.insert(contractorCredentials).values(
        input.credentials.map((k) => ({ contractorId: row.id, kind: k.kind, issuer: k.issuer, number: k.number, expiresOn: k.expires_on ?? null, createdAt: now })),
      );
    }
    return row.id;
  });
  return { ...(await myContractorProfile(services, actor))!, id };
}

/** Member search: approved contractors by trade, county, ZIP and text; verified ones first. */
export async function searchContractors(services: Services, actor: CommunityActor | null, query: TContractorSearch) {
  if (!actor) throw unauthorized("Please sign in to use the contractor directory.");
  // Listings of current members only: a deactivated or deleted member's business leaves the directory.
  const conditions: SQL[] = [
    eq(contractors.status, "approved"),
    sql`exists (select 1 from ${members} m where m.id = ${contractors.memberId} and m.is_active and m.deleted_at is null)`,
  ];
  if (query.trade) conditions.push(sql`${query.trade} = any(${contractors.trades})`);
  if (query.county) conditions.push(sql`lower(${query.county.replace(/\s+county$/i, "").trim()}) = any(select lower(x) from unnest(${contractors.counties}) x)`);
  if (query.zip) conditions.push(sql`${query.zip} = any(${contractors.zips})`);
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(sql`(lower(${contractors.businessName}) like ${like} or lower(${contractors.description}) like ${like})`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    services.db
      .select()
      .from(contractors)
      .where(where)
      .orderBy(sql`(${contractors.badgeLapsedAt} is null) desc`, asc(contractors.businessName))
      .limit(FORUM_PAGE_SIZE)
      .offset((query.page - 1) * FORUM_PAGE_SIZE),
    services.db.select({ n: count() }).from(contractors).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [creds, ratings] = await Promise.all([credentialsOf(services.db, ids), ratingsOf(services.db, ids)]);
  return { contractors: rows.map((r) => describe(r, creds.get(r.id) ?? [], ratings.get(r.id))), page: query.page, page_size: FORUM_PAGE_SIZE, total: Number(total?.n ?? 0) };
}

/** A listing the directory offers members: approved, the Verified badge on, its member current. */
const offered = () => [
  eq(contractors.status, "approved"),
  isNull(contractors.badgeLapsedAt),
  sql`exists (select 1 from ${members} m where m.id = ${contractors.memberId} and m.is_active and m.deleted_at is null and not m.is_sample)`,
];

/**
 * The directory's verified contractors of a trade who serve a ZIP code (its first five digits), best
 * rated first: what a maintenance request offers its owner. `elsewhere` counts the verified ones of
 * the trade who serve other places.
 */
export async function verifiedContractorsFor(db: DbOrTx, query: { trade: string; zip: string; exceptMemberId: string }) {
  const zip = query.zip.slice(0, 5);
  const ofTrade = and(...offered(), sql`${query.trade} = any(${contractors.trades})`, sql`${contractors.memberId} <> ${query.exceptMemberId}`);
  const [rows, [others]] = await Promise.all([
    db.select().from(contractors).where(and(ofTrade, sql`${zip} = any(${contractors.zips})`)).orderBy(asc(contractors.businessName)).limit(50),
    db.select({ n: count() }).from(contractors).where(and(ofTrade, sql`not (${zip} = any(${contractors.zips}))`)),
  ]);
  const ratings = await ratingsOf(db, rows.map((r) => r.id));
  const listed = rows
    .map((r) => ({
      id: r.id,
      business_name: r.businessName,
      trades: r.trades,
      counties: r.counties,
      phone: r.phone,
      verified: true as const,
      review_count: ratings.get(r.id)?.count ?? 0,
      rating_average: ratings.get(r.id)?.average ?? null,
    }))
    .sort((a, b) => (b.rating_average ?? 0) - (a.rating_average ?? 0));
  return { contractors: listed, elsewhere: Number(others?.n ?? 0) };
}

/** One listing the directory offers (verified, current), or null: with its member, to email. */
export async function offeredContractor(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ listing: contractors, member: members }).from(contractors).innerJoin(members, eq(members.id, contractors.memberId)).where(and(eq(contractors.id, id), ...offered()));
  return row ?? null;
}

async function findContractor(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound("That contractor is not in the directory.");
  const [row] = await db.select().from(contractors).where(eq(contractors.id, id));
  if (!row) throw notFound("That contractor is not in the directory.");
  return row;
}

/** One contractor with reviews: approved ones for members; the owner and admins see any state. */
export async function getContractor(services: Services, actor: CommunityActor | null, id: string) {
  if (!actor) throw unauthorized("Please sign in to use the contractor directory.");
  const row = await findContractor(services.db, id);
  const admin = actor.kind === "admin";
  const owner = actor.kind === "member" && actor.member.id === row.memberId;
  if (row.status !== "approved" && !admin && !owner) throw notFound("That contractor is not in the directory.");
  const reviews = await services.db
    .select({ r: contractorReviews, first: members.firstName, last: members.lastName })
    .from(contractorReviews)
    .innerJoin(members, eq(members.id, contractorReviews.memberId))
    .where(and(eq(contractorReviews.contractorId, row.id), admin ? undefined : isNull(contractorReviews.hiddenAt)))
    .orderBy(desc(contractorReviews.createdAt));
  const myId = actor.kind === "member" ? actor.member.id : null;
  return {
    ...describe(row, (await credentialsOf(services.db, [row.id])).get(row.id) ?? [], (await ratingsOf(services.db, [row.id])).get(row.id), { admin }),
    home_repair_act_note: HOME_REPAIR_ACT_NOTE,
    is_mine: owner,
    reviews: reviews.map(({ r, first, last }) => ({
      id: r.id,
      rating: r.rating,
      body: r.body,
      author: displayName({ firstName: first, lastName: last }),
      mine: r.memberId === myId,
      reply: r.reply,
      replied_at: r.repliedAt?.toISOString() ?? null,
      hidden: r.hiddenAt !== null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}

/** A member rates a contractor 1-5 with a review: one per member and contractor, editable. */
export async function reviewContractor(services: Services, actor: CommunityActor | null, id: string, input: { rating: number; body: string }) {
  const member = requireMember(actor);
  const row = await findContractor(services.db, id);
  if (row.status !== "approved") throw notFound("That contractor is not in the directory.");
  if (row.memberId === member.id) throw forbidden("You cannot review your own business.");
  const now = services.now();
  const [review] = await services.db
    .insert(contractorReviews)
    .values({ contractorId: row.id, memberId: member.id, rating: input.rating, body: input.body, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [contractorReviews.contractorId, contractorReviews.memberId], set: { rating: input.rating, body: input.body, updatedAt: now } })
    .returning();
  return { id: review!.id, rating: review!.rating, body: review!.body, edited: review!.createdAt.getTime() !== review!.updatedAt.getTime() };
}

/** The contractor answers a review once. */
export async function replyToReview(services: Services, actor: CommunityActor | null, reviewId: string, reply: string) {
  const member = requireMember(actor);
  if (!isUuid(reviewId)) throw notFound("That review does not exist.");
  const [row] = await services.db
    .select({ review: contractorReviews, owner: contractors.memberId })
    .from(contractorReviews)
    .innerJoin(contractors, eq(contractors.id, contractorReviews.contractorId))
    .where(eq(contractorReviews.id, reviewId));
  if (!row || (row.review.hiddenAt && row.owner !== member.id)) throw notFound("That review does not exist.");
  if (row.owner !== member.id) throw forbidden("Only the contractor reviewed can answer.");
  const [updated] = await services.db
    .update(contractorReviews)
    .set({ reply, repliedAt: services.now() })
    .where(and(eq(contractorReviews.id, reviewId), isNull(contractorReviews.reply)))
    .returning();
  if (!updated) throw new AppError("CONFLICT", "You have already answered this review.");
  return { id: updated.id, reply: updated.reply, replied_at: updated.repliedAt!.toISOString() };
}

/**
 * An introduction to a listed contractor: the skills network's rule (10 a day per sender, shared
 * with skills-network introductions) and the same privacy: the contractor gets the member's name,
 * email and message, the member a copy; the Home Repair and Remodeling Act note goes to both.
 */
export async function requestContractorIntroduction(services: Services, actor: CommunityActor | null, id: string, input: { message: string; estimated_over_1000: boolean }) {
  const member = requireMember(actor);
  const row = await findContractor(services.db, id);
  if (row.status !== "approved") throw notFound("That contractor is not in the directory.");
  if (row.memberId === member.id) throw new AppError("BAD_REQUEST", "This is your own business.");
  await hitRateLimit(services.db, INTRODUCTIONS_PER_DAY, member.id, services.now());
  const [owner] = await services.db.select().from(members).where(eq(members.id, row.memberId));
  const senderName = `${member.firstName} ${member.lastName}`;
  const note = input.estimated_over_1000 ? [HOME_REPAIR_ACT_NOTE] : [`If the job grows past $1,000: ${HOME_REPAIR_ACT_NOTE}`];
  await services.db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      to: row.email || owner!.email,
      memberId: row.memberId,
      ...renderEmail(services.config, "contractor_introduction", `${senderName} would like a quote from ${row.businessName}`, {
        heading: `Hello ${owner!.firstName}, a member found ${row.businessName} in the contractor directory`,
        paragraphs: [`${senderName} wrote:`, input.message, `To answer, write to ${member.email}.`, ...note],
      }),
    });
    await enqueueEmail(tx, {
      to: member.email,
      memberId: member.id,
      ...renderEmail(services.config, "contractor_introduction_sent", `Your request to ${row.businessName} was sent`, {
        heading: `Your request is on its way, ${member.firstName}`,
        paragraphs: [`We sent your message to ${row.businessName} with your email address so they can answer you directly.`, `Your message: ${input.message}`, ...note],
      }),
    });
  });
  return { success: true, message: `Your request was sent to ${row.businessName}. They will answer you by email.`, home_repair_act_note: HOME_REPAIR_ACT_NOTE };
}

// ---- Admin ------------------------------------------------------------------------------------

export async function adminListContractors(services: Services, status?: Contractor["status"]) {
  const rows = await services.db
    .select()
    .from(contractors)
    .where(status ? eq(contractors.status, status) : undefined)
    .orderBy(sql`case ${contractors.status} when 'applied' then 0 when 'verifying' then 1 when 'suspended' then 2 when 'approved' then 3 else 4 end`, desc(contractors.updatedAt))
    .limit(200);
  const ids = rows.map((r) => r.id);
  const [creds, ratings, documents] = await Promise.all([credentialsOf(services.db, ids), ratingsOf(services.db, ids), documentsOf(services.db, ids)]);
  return rows.map((r) => ({ ...describe(r, creds.get(r.id) ?? [], ratings.get(r.id), { admin: true }), documents: documents.get(r.id) ?? [] }));
}

/** Admin verification: applied, verifying, approved, rejected, suspended; audited, and the contractor is told. */
export async function verifyContractor(services: Services, actor: AdminActor, id: string, input: { status: Contractor["status"]; note: string }) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const row = await findContractor(tx, id);
    const [updated] = await tx
      .update(contractors)
      .set({
        status: input.status,
        verificationNote: input.note,
        ...(input.status === "approved" ? { verifiedAt: now, badgeLapsedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(contractors.id, row.id))
      .returning();
    await recordAdminAction(tx, actor, { action: "contractor_verification", targetType: "contractor", targetId: row.id, details: { from: row.status, to: input.status, note: input.note } }, now);
    const [owner] = await tx.select().from(members).where(eq(members.id, row.memberId));
    const words: Record<Contractor["status"], string> = {
      applied: "is waiting for verification",
      verifying: "is being verified: we are checking your licences and insurance",
      approved: "is verified: it shows in the member directory with the Verified badge",
      rejected: "could not be verified",
      suspended: "is suspended from the directory",
    };
    await enqueueEmail(tx, {
      to: row.email || owner!.email,
      memberId: row.memberId,
      ...renderEmail(services.config, "contractor_verification", `${row.businessName}: ${input.status}`, {
        heading: `Hello ${owner!.firstName}`,
        paragraphs: [`Your directory listing for ${row.businessName} ${words[input.status]}.`, ...(input.note ? [`Note from the association: ${input.note}`] : [])],
        action: { label: "Open your listing", url: `${services.config.PUBLIC_URL}/contractors/me` },
      }),
    });
    const creds = await credentialsOf(tx, [row.id]);
    return describe(updated!, creds.get(row.id) ?? [], undefined, { admin: true });
  });
}

export async function moderateReview(services: Services, actor: AdminActor, reviewId: string, input: { hidden: boolean; reason: string }) {
  if (!isUuid(reviewId)) throw notFound("That review does not exist.");
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [row] = await tx.update(contractorReviews).set({ hiddenAt: input.hidden ? now : null }).where(eq(contractorReviews.id, reviewId)).returning();
    if (!row) throw notFound("That review does not exist.");
    await recordAdminAction(tx, actor, { action: "contractor_review_moderated", targetType: "review", targetId: reviewId, details: { hidden: input.hidden, reason: input.reason } }, now);
    return { id: row.id, hidden: row.hiddenAt !== null };
  });
}

// ---- Credential expiry -----------------------------------------------------------------------

/**
 * Daily (run every minute, keyed by credential and stage): reminders 30 and 7 days before a
 * licence or insurance expires, and on expiry the Verified badge lapses until an admin checks the
 * renewal. Each reminder and lapse happens once (keys credential-<stage>:<credential>:<expiry>).
 */
export async function sweepContractorCredentials(services: Services): Promise<number> {
  const today = chicagoDay(services.now());
  const rows = await services.db
    .select({ k: contractorCredentials, c: contractors, first: members.firstName, memberEmail: members.email })
    .from(contractorCredentials)
    .innerJoin(contractors, eq(contractors.id, contractorCredentials.contractorId))
    .innerJoin(members, eq(members.id, contractors.memberId))
    .where(and(eq(contractors.status, "approved"), inArray(contractorCredentials.kind, ["license", "insurance"]), sql`${contractorCredentials.expiresOn} is not null`, sql`${contractorCredentials.expiresOn} <= (${today}::date + 30)`));
  let done = 0;
  for (const { k, c, first, memberEmail } of rows) {
    const stage = credentialStage(k.expiresOn!, today);
    if (stage === "valid") continue;
    await services.db.transaction(async (tx) => {
      if (!(await claimJobKey(tx, `credential-${stage}:${k.id}:${k.expiresOn}`))) return;
      done += 1;
      const what = `${k.kind === "license" ? "licence" : "insurance"} ${k.number} (${k.issuer})`;
      if (stage === "expired") {
        await tx.update(contractors).set({ badgeLapsedAt: services.now(), updatedAt: services.now() }).where(and(eq(contractors.id, c.id), isNull(contractors.badgeLapsedAt)));
      }
      await enqueueEmail(tx, {
        to: c.email || memberEmail,
        memberId: c.memberId,
        ...renderEmail(services.config, `contractor_credential_${stage}`, stage === "expired" ? `${c.businessName}: your Verified badge is paused` : `${c.businessName}: your ${k.kind === "license" ? "licence" : "insurance"} expires on ${k.expiresOn}`, {
          heading: `Hello ${first}`,
          paragraphs:
            stage === "expired"
              ? [`Your ${what} expired on ${k.expiresOn}. The Verified badge is off until you add the renewed document to your listing and we check it.`]
              : [`Your ${what} expires on ${k.expiresOn}, in ${stage === "remind30" ? "30" : "7"} days or less. Add the renewed document to your listing so your Verified badge stays on.`],
          action: { label: "Update your listing", url: `${services.config.PUBLIC_URL}/contractors/me` },
        }),
      });
    });
  }
  return done;
}
