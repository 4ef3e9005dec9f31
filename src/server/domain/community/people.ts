import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { adminUsers, communityProfiles, members } from "../../db/schema.ts";
import type { Caller } from "../caller.ts";
import type { AdminRow, MemberRow } from "../sessions.ts";
import { isActivePaid, type Reader } from "./access.ts";
import { baseHandle, handleCandidate } from "./mentions.ts";

// Who acts in the community: a member (Basic included) or an administrator (staff). The server
// decides from the session (DECISIONS.md 1).

export type CommunityActor = { kind: "member"; member: MemberRow } | { kind: "admin"; admin: AdminRow };

/** The session a community call acts as: the member's when there is one, else the admin's. */
export function communityActor(auth: Pick<Caller, "member" | "admin">): CommunityActor | null {
  if (auth.member) return { kind: "member", member: auth.member.member };
  if (auth.admin) return { kind: "admin", admin: auth.admin.admin };
  return null;
}

export function readerFor(actor: CommunityActor | null): Reader {
  if (!actor) return { kind: "anonymous" };
  if (actor.kind === "admin") return { kind: "admin" };
  return { kind: "member", paid: isActivePaid(actor.member) };
}

export const memberIdOf = (actor: CommunityActor | null) => (actor?.kind === "member" ? actor.member.id : null);

/** A member's @handle, made on first use from the name (mariag, mariag2, ...). */
export async function ensureHandle(db: DbOrTx, member: Pick<MemberRow, "id" | "firstName" | "lastName">): Promise<string> {
  const [existing] = await db.select({ handle: communityProfiles.handle }).from(communityProfiles).where(eq(communityProfiles.memberId, member.id));
  if (existing) return existing.handle;
  const base = baseHandle(member.firstName, member.lastName);
  for (let attempt = 1; attempt < 1000; attempt++) {
    const [row] = await db
      .insert(communityProfiles)
      .values({ memberId: member.id, handle: handleCandidate(base, attempt) })
      .onConflictDoNothing()
      .returning({ handle: communityProfiles.handle });
    if (row) return row.handle;
    // Another request may have made this member's handle meanwhile.
    const [mine] = await db.select({ handle: communityProfiles.handle }).from(communityProfiles).where(eq(communityProfiles.memberId, member.id));
    if (mine) return mine.handle;
  }
  throw new Error("no free handle");
}

export interface AuthorView {
  name: string;
  handle: string | null;
  staff: boolean;
  member_id: string | null;
}

/** How a member's name shows in the community: first name and last initial ("Maria G."). */
export const shortName = (first: string, last: string) => `${first} ${last.slice(0, 1)}.`;

/** How an author shows: "Maria G." with their handle, a deleted member, or an admin marked staff. */
export function describeAuthor(
  memberId: string | null,
  person: { first: string; last: string; deleted: Date | null; handle: string | null } | null,
  staffName: string | null,
): AuthorView {
  if (memberId) {
    if (!person || person.deleted) return { name: "Deleted member", handle: null, staff: false, member_id: null };
    return { name: shortName(person.first, person.last), handle: person.handle, staff: false, member_id: memberId };
  }
  return { name: `${staffName ?? "Administrator"} (staff)`, handle: null, staff: true, member_id: null };
}

/** Display names of post authors, looked up together (members and staff at once). */
export async function authorsOf(db: DbOrTx, memberIds: (string | null)[], adminIds: (string | null)[]) {
  const mids = [...new Set(memberIds.filter((x): x is string => !!x))];
  const aids = [...new Set(adminIds.filter((x): x is string => !!x))];
  const [people, staff] = await Promise.all([
    mids.length
      ? db
          .select({ id: members.id, first: members.firstName, last: members.lastName, deleted: members.deletedAt, handle: communityProfiles.handle })
          .from(members)
          .leftJoin(communityProfiles, eq(communityProfiles.memberId, members.id))
          .where(inArray(members.id, mids))
      : Promise.resolve([]),
    aids.length ? db.select({ id: adminUsers.id, name: adminUsers.fullName }).from(adminUsers).where(inArray(adminUsers.id, aids)) : Promise.resolve([]),
  ]);
  const byMember = new Map(people.map((p) => [p.id, p]));
  const byAdmin = new Map(staff.map((a) => [a.id, a.name]));
  return (memberId: string | null, adminId: string | null): AuthorView =>
    describeAuthor(memberId, (memberId && byMember.get(memberId)) || null, adminId ? (byAdmin.get(adminId) ?? null) : null);
}

/** Members by handle (lower-case), current ones only. */
export async function membersByHandle(db: DbOrTx, handles: string[]) {
  if (handles.length === 0) return [];
  return db
    .select({ member: members, handle: communityProfiles.handle })
    .from(communityProfiles)
    .innerJoin(members, eq(members.id, communityProfiles.memberId))
    .where(sql`${communityProfiles.handle} in ${handles} and ${members.deletedAt} is null and ${members.isActive}`);
}
