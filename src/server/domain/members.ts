import { and, eq, isNull, sql } from "drizzle-orm";
import { levelFeatures, type MembershipLevel } from "../../shared/membership.ts";
import type { DbOrTx } from "../db/client.ts";
import { applications, members } from "../db/schema.ts";
import type { MemberRow } from "./sessions.ts";

/**
 * A member as people count them: not deleted, and not the live demo's sample owner (PORTAL.md 1),
 * who cannot sign in and appears in no list, figure, export or mailing.
 */
export const listedMember = () => and(isNull(members.deletedAt), eq(members.isSample, false))!;

/**
 * The listed member with this email. Found by the unique email index alone and checked here: with
 * the listed conditions in the query, a plan made while the table was small read the partial
 * index of listed members from end to end.
 */
export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row && row.deletedAt === null && !row.isSample ? row : null;
}

export async function findMemberById(db: DbOrTx, id: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** Everything a level includes: Premium lists Standard's features too. */
export function featuresFor(level: MembershipLevel): string[] {
  if (level === "Basic") return levelFeatures.Basic;
  if (level === "Standard") return [...levelFeatures.Standard, ...levelFeatures.Basic];
  return [...levelFeatures.Premium, ...levelFeatures.Standard.slice(0, -1), ...levelFeatures.Basic];
}

function nextStepsForMember(member: MemberRow): string[] {
  if (member.status === "awaiting_payment") {
    return [`Complete your first payment to start your ${member.membershipLevel} membership`];
  }
  const steps = [
    "Download the Illinois lease agreement template and tenant application form",
    "Read the Illinois tenant rights guide before your next lease renewal",
    "Add your skills to the skills network so other members can find you",
  ];
  if (member.membershipLevel === "Basic") steps.push("Upgrade to Standard or Premium for the property management portal");
  return steps;
}

/** SPEC.md 3 "Member info", plus the identity fields the portal shows. */
export async function describeMember(db: DbOrTx, member: MemberRow) {
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.memberId, member.id))
    .orderBy(applications.createdAt)
    .limit(1);
  return {
    id: member.id,
    first_name: member.firstName,
    last_name: member.lastName,
    full_name: `${member.firstName} ${member.lastName}`,
    email: member.email,
    username: member.username,
    membership_level: member.membershipLevel,
    status: member.status,
    member_since: member.createdAt.toISOString(),
    application_id: application?.id ?? null,
    has_password: member.passwordHash !== null,
    email_verified: member.emailVerifiedAt !== null,
    must_change_password: member.mustChangePassword,
    next_steps: nextStepsForMember(member),
    available_features: featuresFor(member.membershipLevel),
  };
}
export type MemberInfo = Awaited<ReturnType<typeof describeMember>>;
