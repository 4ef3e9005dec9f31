import { isPaidLevel, type MembershipLevel, type MemberStatus } from "../../../shared/membership.ts";

// Who may read and post what in the community. A paid level counts once it is paid (active),
// as for the owner portal (ownerPortalAccess) and the document library.

export type Reader =
  | { kind: "anonymous" }
  | { kind: "member"; paid: boolean }
  | { kind: "admin" };

export function isActivePaid(member: { membershipLevel: MembershipLevel; status: MemberStatus }): boolean {
  return member.status === "active" && isPaidLevel(member.membershipLevel);
}

export function readerOf(auth: { member: { membershipLevel: MembershipLevel; status: MemberStatus } | null; admin: boolean }): Reader {
  if (auth.admin) return { kind: "admin" };
  if (auth.member) return { kind: "member", paid: isActivePaid(auth.member) };
  return { kind: "anonymous" };
}

export type Audience = "public" | "members" | "paid";

/** Whether a reader may see something meant for `audience` in full. */
export function mayRead(audience: Audience, reader: Reader): boolean {
  switch (reader.kind) {
    case "admin":
      return true;
    case "member":
      return audience !== "paid" || reader.paid;
    case "anonymous":
      return audience === "public";
  }
}

/** What a reader who may not read a post is asked to do: join, sign in or upgrade. */
export function accessPrompt(audience: Audience, reader: Reader): "join" | "upgrade" | null {
  if (mayRead(audience, reader)) return null;
  return reader.kind === "member" ? "upgrade" : "join";
}

export type PostAccess = "members" | "paid" | "admins";

/** Whether a member (or an admin) may start topics and reply in a category. */
export function mayPost(access: PostAccess, reader: Reader): boolean {
  if (reader.kind === "admin") return true;
  if (reader.kind !== "member") return false;
  if (access === "admins") return false;
  return access === "members" || reader.paid;
}
