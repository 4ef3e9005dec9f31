import type { DbOrTx } from "../../db/client.ts";
import { contractors } from "../../db/schema.ts";
import type { MemberRow } from "../sessions.ts";

// Feeding the contractor directory (COMMUNITY.md 4), kept apart from the directory's module so the
// skills network can call it without the two importing each other.

/**
 * The directory is the one list of contractors (issue 31): the skills network and the application's
 * trades feed it. A member who offers trades and has no listing gets one, waiting for the
 * association's verification, named after them, with their contact details. A member who has a
 * listing keeps its trades on it (/contractors/me): a trade added there goes through verification
 * like the rest. Call it in the transaction of the change that offers the trades.
 */
export async function feedDirectory(tx: DbOrTx, member: Pick<MemberRow, "id" | "firstName" | "lastName" | "email" | "phone">, trades: readonly string[], now: Date) {
  if (trades.length === 0) return;
  await tx
    .insert(contractors)
    .values({ memberId: member.id, businessName: `${member.firstName} ${member.lastName}`, phone: member.phone, email: member.email, trades: [...trades], status: "applied", createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: contractors.memberId });
}
