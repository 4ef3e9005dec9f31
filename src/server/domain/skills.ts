import { and, asc, eq, ne, sql } from "drizzle-orm";
import { listedMember } from "./members.ts";
import type { TIntroductionRequest, TSkillsProfile } from "../../shared/account-schema.ts";
import { ZSkillsProfileSchema } from "../../shared/account-schema.ts";
import { SPECIALTY_SKILLS, type SpecialtySkill } from "../../shared/membership.ts";
import type { DbOrTx } from "../db/client.ts";
import { members } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { skillsIntroductionEmail, skillsIntroductionSentEmail } from "../mail/skills-emails.ts";
import type { Services } from "../services.ts";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.ts";
import { feedDirectory } from "./community/directory-feed.ts";
import type { MemberRow } from "./sessions.ts";

// The skills network (SPEC.md 2): real counts of members listing each skill, each member's own
// profile, and introductions by email to members who chose to be listed. What members list here
// feeds the contractor directory (community/contractors.ts), the one list of contractors.

export const INTRODUCTIONS_PER_DAY: RateLimitRule = {
  name: "skills-introduction:member",
  limit: 10,
  windowMs: 24 * 60 * 60 * 1000,
  message: "You have sent the most introductions allowed in one day. Please try again tomorrow.",
};

const currentMember = and(eq(members.isActive, true), listedMember());

/** "Dan O." - what other members see of a listed member's name. */
export const displayName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName.slice(0, 1)}.`;

/** How many current members list each of the twelve skills. */
export async function countMembersBySkill(db: DbOrTx) {
  const rows = await db
    .select({ skill: sql<string>`s.skill`, members: sql<number>`count(*)::int` })
    .from(sql`${members} cross join lateral unnest(${members.specialtySkills}) as s(skill)`)
    .where(currentMember)
    .groupBy(sql`s.skill`);
  const counts = new Map(rows.map((r) => [r.skill, Number(r.members)]));
  return SPECIALTY_SKILLS.map((skill) => ({ skill, member_count: counts.get(skill) ?? 0 }));
}

export function describeSkillsProfile(member: MemberRow) {
  return {
    display_name: displayName(member),
    specialty_skills: member.specialtySkills as SpecialtySkill[],
    other_specialty: member.otherSpecialty,
    skills_bio: member.skillsBio,
    skills_listed: member.skillsListed,
    license_status: member.licenseStatus,
    property_management_status: member.propertyManagementStatus,
  };
}

/**
 * Saves the member's skills profile. Skills offered to members (listed) feed the contractor
 * directory, the one list of contractors, in the same transaction: they wait there for the
 * association to verify them before a maintenance request offers them (feedDirectory).
 */
export async function updateSkillsProfile(services: Services, member: MemberRow, input: TSkillsProfile) {
  const profile = ZSkillsProfileSchema.parse(input);
  // Kept in the order of SPEC.md's list, without repeats.
  const skills = SPECIALTY_SKILLS.filter((skill) => profile.specialty_skills.includes(skill));
  const now = services.now();
  const row = await services.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(members)
      .set({
        specialtySkills: skills,
        otherSpecialty: profile.other_specialty,
        skillsBio: profile.skills_bio,
        skillsListed: profile.skills_listed,
        updatedAt: now,
      })
      .where(eq(members.id, member.id))
      .returning();
    if (profile.skills_listed) await feedDirectory(tx, saved!, skills, now);
    return saved!;
  });
  return describeSkillsProfile(row);
}

/** Listed members with this skill, other than the one asking. Email addresses are never shown. */
export async function listMembersWithSkill(db: DbOrTx, member: MemberRow, skill: SpecialtySkill) {
  const rows = await db
    .select()
    .from(members)
    .where(and(currentMember, eq(members.skillsListed, true), ne(members.id, member.id), sql`${skill} = any(${members.specialtySkills})`))
    .orderBy(asc(members.firstName), asc(members.lastName))
    .limit(100);
  return rows.map((m) => ({
    id: m.id,
    display_name: displayName(m),
    specialty_skills: m.specialtySkills,
    other_specialty: m.otherSpecialty,
    skills_bio: m.skillsBio,
    license_status: m.licenseStatus,
    member_since: m.createdAt.toISOString(),
  }));
}

/**
 * Sends a listed member an introduction by email, with the sender's name and email so they can
 * answer. The recipient's address stays private.
 */
export async function sendSkillsIntroduction(services: Services, sender: MemberRow, input: TIntroductionRequest) {
  const { db, config } = services;
  const [recipient] = await db
    .select()
    .from(members)
    .where(
      and(
        currentMember,
        eq(members.id, input.member_id),
        eq(members.skillsListed, true),
        ne(members.id, sender.id),
        sql`${input.skill} = any(${members.specialtySkills})`,
      ),
    )
    .limit(1);
  if (!recipient) throw notFound("That member is not available in the skills network for this skill.");
  await hitRateLimit(db, INTRODUCTIONS_PER_DAY, sender.id, services.now());
  const senderName = `${sender.firstName} ${sender.lastName}`;
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      to: recipient.email,
      memberId: recipient.id,
      ...skillsIntroductionEmail(config, {
        recipientFirstName: recipient.firstName,
        senderName,
        senderEmail: sender.email,
        skill: input.skill,
        message: input.message,
      }),
    });
    await enqueueEmail(tx, {
      to: sender.email,
      memberId: sender.id,
      ...skillsIntroductionSentEmail(config, {
        senderFirstName: sender.firstName,
        recipientName: displayName(recipient),
        skill: input.skill,
        message: input.message,
      }),
    });
  });
  return { success: true, message: `Your introduction was sent to ${displayName(recipient)}. They will answer you by email.` };
}
