import { forbidden, unauthorized } from "../errors.ts";
import type { ValidSession } from "./sessions.ts";

// Who is calling a domain function, decided by the server from a session (DECISIONS.md 1). The
// REST routes, the tRPC procedures and background jobs hand domain functions the same Caller; how
// it was found (a cookie, a bearer token) is the transport's business.

export type MemberSession = Extract<ValidSession, { kind: "member" }>;
export type AdminSession = Extract<ValidSession, { kind: "admin" }>;
export type ApplicantSession = Extract<ValidSession, { kind: "applicant" }>;
export type TenantSession = Extract<ValidSession, { kind: "tenant" }>;

export interface Caller {
  applicant: ApplicantSession | null;
  member: MemberSession | null;
  admin: AdminSession | null;
  /** A tenant of the owner portal (PORTAL.md 1): not a member. */
  tenant?: TenantSession | null;
  /**
   * A visitor of the live demo (PORTAL.md 1): reads the sample owner's books and nothing else, and
   * writes nothing. Set only by the demo's transports, never from a session.
   */
  demo?: boolean;
}

/** Where a request came from: recorded with signatures and counted by rate limits. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** A background job acting for nobody in particular. */
export const NOBODY: Caller = { applicant: null, member: null, admin: null };

/** Whoever opens the live demo: no session counts there, only the sample books. */
export const DEMO_VISITOR: Caller = { applicant: null, member: null, admin: null, tenant: null, demo: true };

/** An administrator acting through the domain (a job started by an admin, say). */
export const adminCaller = (admin: AdminSession): Caller => ({ applicant: null, member: null, admin });

/**
 * The signed-in member whose email it is, or an admin (DECISIONS.md 6). Answers the member's
 * own row, or null when an admin asks (the caller then looks the email up).
 */
export function requireSelfOrAdmin(caller: Caller, email: string): MemberSession["member"] | null {
  if (caller.member && caller.member.member.email.toLowerCase() === email.trim().toLowerCase()) return caller.member.member;
  if (caller.admin) return null;
  if (!caller.member) throw unauthorized();
  throw forbidden("You can only see your own membership.");
}

/** The single session a caller acts as, for domain functions that accept any of them. */
export function actingSession(caller: Caller): ValidSession | null {
  return caller.admin ?? caller.member ?? caller.applicant;
}
