import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import { isTestData, type TAdminListQueryParsed } from "../../../shared/admin.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { applications, emailOutbox, members, sessions, signInTokens, subscriptions } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { changingFigures } from "./figures.ts";
import { adminCaller } from "../caller.ts";
import { hashPassword } from "../admins.ts";
import { cancelSubscription } from "../subscriptions.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { generateToken, invalidateMemberSessions, type MemberRow } from "../sessions.ts";
import { isUuid, page, personWhere } from "./queries.ts";
import { chicagoDate } from "../../../shared/time.ts";

// Members as the admin area sees and changes them. Every change writes its audit row in the
// same transaction (DECISIONS.md 16).

/** SPEC.md 3 "Member", plus what the admin area needs to act on the row. */
export function describeMemberForAdmin(m: MemberRow) {
  return {
    id: m.id,
    first_name: m.firstName,
    last_name: m.lastName,
    full_name: `${m.firstName} ${m.lastName}`,
    email: m.email,
    phone: m.phone,
    membership_level: m.membershipLevel,
    status: m.status,
    is_active: m.isActive,
    created_at: m.createdAt.toISOString(),
    property_management_status: m.propertyManagementStatus,
    license_status: m.licenseStatus ?? "not specified",
    specialty_skills: m.specialtySkills,
    other_specialty: m.otherSpecialty,
    username: m.username,
    has_password: m.passwordHash !== null,
    must_change_password: m.mustChangePassword,
    is_test_data: isTestData(m),
  };
}
export type AdminMemberView = ReturnType<typeof describeMemberForAdmin>;

type LiveSubscription = Pick<typeof subscriptions.$inferSelect, "memberId" | "status" | "cancelAtPeriodEnd" | "currentPeriodEnd">;

/**
 * Where a member's membership stands, in the words of the member's own screens: "Signed, unpaid"
 * (a paid level signed, first payment not made), "Cancels on DATE", "Payment past due", "Paid", "Free".
 */
export function subscriptionState(m: MemberRow, live: LiveSubscription | undefined): string {
  if (m.status === "awaiting_payment" && m.membershipLevel !== "Basic") return "Signed, unpaid";
  if (live?.cancelAtPeriodEnd && live.currentPeriodEnd) return `Cancels on ${chicagoDate(live.currentPeriodEnd)}`;
  if (live?.status === "past_due") return "Payment past due";
  if (live) return "Paid";
  return m.membershipLevel === "Basic" ? "Free" : "No subscription";
}

/** The members with their subscription state, the live subscriptions read in one query. */
async function describeMembersForAdmin(db: DbOrTx, rows: MemberRow[]) {
  const ids = rows.filter((m) => m.membershipLevel !== "Basic").map((m) => m.id);
  const live = ids.length
    ? await db
        .select({
          memberId: subscriptions.memberId,
          status: subscriptions.status,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
        })
        .from(subscriptions)
        .where(and(inArray(subscriptions.memberId, ids), inArray(subscriptions.status, ["active", "past_due"])))
    : [];
  const byMember = new Map(live.map((row) => [row.memberId, row]));
  return rows.map((m) => ({ ...describeMemberForAdmin(m), subscription_state: subscriptionState(m, byMember.get(m.id)) }));
}

/** One member for the admin area, with the subscription state. */
export async function describeOneMemberForAdmin(db: DbOrTx, m: MemberRow) {
  return (await describeMembersForAdmin(db, [m]))[0]!;
}

/** Members not deleted, newest first, searched and filtered; `contractorsOnly` for the Contractors tab. */
export async function listMembers(db: DbOrTx, query: TAdminListQueryParsed & { limit: number }, options: { contractorsOnly?: boolean } = {}) {
  const where = and(
    listedMember(),
    options.contractorsOnly ? eq(members.propertyManagementStatus, "Contractor") : undefined,
    personWhere(members, query),
  );
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(members).where(where).orderBy(desc(members.createdAt), desc(members.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(members).where(where),
  ]);
  return page(await describeMembersForAdmin(db, rows), Number(totalRow?.n ?? 0), query.offset, query.limit);
}

/** A member who is not deleted, or 404. */
export async function findListedMember(db: DbOrTx, id: string): Promise<MemberRow> {
  if (!isUuid(id)) throw notFound("Member not found.");
  const [row] = await db.select().from(members).where(and(eq(members.id, id), listedMember())).limit(1);
  if (!row) throw notFound("Member not found.");
  return row;
}

async function lockListedMember(tx: Tx, id: string): Promise<MemberRow> {
  if (!isUuid(id)) throw notFound("Member not found.");
  const [row] = await tx.select().from(members).where(and(eq(members.id, id), listedMember())).limit(1).for("update");
  if (!row) throw notFound("Member not found.");
  return row;
}

/** Activate or deactivate (SPEC.md 4). A deactivated member's sessions end at once. */
export async function setMemberActive(services: Services, actor: AdminActor, memberId: string, isActive: boolean) {
  return changingFigures(services, () => services.db.transaction(async (tx) => {
    const member = await lockListedMember(tx, memberId);
    const now = services.now();
    const [updated] = await tx
      .update(members)
      .set({ isActive, updatedAt: now })
      .where(eq(members.id, member.id))
      .returning();
    if (!isActive) await invalidateMemberSessions(tx, member.id);
    await recordAdminAction(
      tx,
      actor,
      {
        action: isActive ? "member_activated" : "member_deactivated",
        targetType: "member",
        targetId: member.id,
        details: { was_active: member.isActive },
      },
      now,
    );
    return describeMemberForAdmin(updated!);
  }));
}

/** Readable and typeable: no 0/O or 1/l/I to confuse when read out to the member. */
const TEMP_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
export function temporaryPassword(length = 14): string {
  // 256 is not a multiple of the alphabet's size: bytes past the last whole multiple are dropped.
  const limit = 256 - (256 % TEMP_ALPHABET.length);
  let out = "";
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out += TEMP_ALPHABET[b % TEMP_ALPHABET.length];
    }
  }
  return out;
}

/**
 * A temporary password, shown once to the admin to hand over securely. The member must choose
 * a new one at next sign-in; their current sessions and emailed sign-in links stop working.
 */
export async function resetMemberPassword(services: Services, actor: AdminActor, memberId: string) {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return services.db.transaction(async (tx) => {
    const member = await lockListedMember(tx, memberId);
    const now = services.now();
    await tx.update(members).set({ passwordHash, mustChangePassword: true, updatedAt: now }).where(eq(members.id, member.id));
    await invalidateMemberSessions(tx, member.id);
    await tx.delete(signInTokens).where(and(eq(signInTokens.memberId, member.id), isNull(signInTokens.usedAt)));
    await recordAdminAction(tx, actor, { action: "member_password_reset", targetType: "member", targetId: member.id }, now);
    return { success: true, temporary_password: password, must_change_password: true };
  });
}

/**
 * Removes the personal data of these members (DECISIONS.md 15): the member rows stay, anonymised,
 * so signed contracts and payment records keep their member; applications lose their personal
 * fields; sessions, sign-in links and queued email go.
 */
export async function anonymiseMembers(tx: DbOrTx, memberIds: string[], now: Date): Promise<void> {
  if (memberIds.length === 0) return;
  const emails = await tx.select({ email: members.email }).from(members).where(inArray(members.id, memberIds));
  await tx
    .update(members)
    .set({
      email: sql`'deleted-' || ${members.id}::text || '@deleted.invalid'`,
      firstName: "Deleted",
      lastName: "Member",
      phone: "",
      otherSpecialty: "",
      specialtySkills: [],
      skillsListed: false,
      skillsBio: "",
      username: null,
      passwordHash: null,
      mustChangePassword: false,
      isActive: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(inArray(members.id, memberIds));
  await tx
    .update(applications)
    .set(anonymousApplication(now))
    .where(inArray(applications.memberId, memberIds));
  await tx.delete(sessions).where(inArray(sessions.memberId, memberIds));
  await tx.delete(signInTokens).where(inArray(signInTokens.memberId, memberIds));
  const addresses = emails.map((e) => e.email.toLowerCase());
  await tx
    .delete(emailOutbox)
    .where(or(inArray(emailOutbox.memberId, memberIds), inArray(sql`lower(${emailOutbox.toAddress})`, addresses)));
}

export function anonymousApplication(now: Date) {
  const noSkills: string[] = [];
  return {
    email: sql`'deleted-' || ${applications.id}::text || '@deleted.invalid'`,
    firstName: "Deleted",
    lastName: "Member",
    phone: "",
    message: "",
    otherSpecialty: "",
    specialtySkills: noSkills,
    ipAddress: null,
    userAgent: null,
    updatedAt: now,
  };
}

/** Members whose paid subscription is still running: deleting them would leave a charge going. */
export async function membersWithRunningSubscriptions(db: DbOrTx, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ memberId: subscriptions.memberId })
    .from(subscriptions)
    .where(and(inArray(subscriptions.memberId, memberIds), inArray(subscriptions.status, ["active", "past_due"])));
  return new Set(rows.map((r) => r.memberId));
}

export const RUNNING_SUBSCRIPTION =
  "This member has a running paid subscription. Cancel the subscription first, so they are not charged after deletion.";

/**
 * SPEC.md 2 "delete", as DECISIONS.md 15 says: personal data goes, records stay. A running paid
 * subscription is cancelled at once first (through the billing area's own cancellation), since a
 * deleted member must not be charged again.
 */
export async function deleteMember(services: Services, actor: AdminActor, memberId: string) {
  const member = await findListedMember(services.db, memberId);
  let subscriptionCancelled = false;
  if ((await membersWithRunningSubscriptions(services.db, [member.id])).size > 0 && actor.session) {
    await cancelSubscription(services, adminCaller(actor.session), { member_email: member.email, reason: "Member deleted by an administrator", immediately: true });
    subscriptionCancelled = true;
  }
  return changingFigures(services, () => services.db.transaction(async (tx) => {
    const locked = await lockListedMember(tx, memberId);
    if ((await membersWithRunningSubscriptions(tx, [locked.id])).size > 0) throw new AppError("CONFLICT", RUNNING_SUBSCRIPTION);
    const now = services.now();
    await anonymiseMembers(tx, [locked.id], now);
    await recordAdminAction(
      tx,
      actor,
      {
        action: "member_deleted",
        targetType: "member",
        targetId: locked.id,
        details: { membership_level: locked.membershipLevel, ...(subscriptionCancelled ? { subscription_cancelled: true } : {}) },
      },
      now,
    );
    return { success: true, id: locked.id, subscription_cancelled: subscriptionCancelled };
  }));
}
