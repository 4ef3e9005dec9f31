import { and, eq, lte, notExists, sql } from "drizzle-orm";
import { listedMember } from "./members.ts";
import { isPaidLevel } from "../../shared/membership.ts";
import type { DbOrTx } from "../db/client.ts";
import { members, paymentReminders } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { paymentReminderEmail } from "../mail/billing-emails.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import type { Services } from "../services.ts";
import { recordAdminAction, type AdminActor } from "./audit.ts";
import { findListedMember } from "./admin/members.ts";
import { issueLink } from "./links.ts";
import type { MemberRow } from "./sessions.ts";

// Members who signed a paid level and never paid ("signed, unpaid"): an emailed reminder with a
// link back to their portal, once, a day after signing; and an admin's resend of the same email.

/** How long after signing an unpaid member is reminded. */
export const PAYMENT_REMINDER_AFTER_MS = 24 * 60 * 60 * 1000;
/** Members reminded per run of the job; the next run takes the rest. */
const REMINDER_BATCH = 200;

/** Whether a member signed a paid level and has not made the first payment. */
export const isSignedUnpaid = (member: Pick<MemberRow, "status" | "membershipLevel">) =>
  member.status === "awaiting_payment" && isPaidLevel(member.membershipLevel);

/** Queues the email with a fresh single-use sign-in link, in the caller's transaction. */
async function queueReminder(tx: DbOrTx, services: Services, member: MemberRow, now: Date) {
  if (!isPaidLevel(member.membershipLevel)) return;
  const token = await issueLink(tx, "sign_in", { memberId: member.id }, now);
  await enqueueEmail(tx, {
    to: member.email,
    memberId: member.id,
    ...paymentReminderEmail(services.config, { firstName: member.firstName, level: member.membershipLevel, token }),
  });
}

/**
 * The scheduled reminder (DECISIONS.md 25): members signed-unpaid for a day, not reminded yet. The
 * claim is the `payment_reminders` row, inserted in the transaction that queues the email: of two
 * processes running this at once, one inserts it and emails, the other finds it taken.
 */
export async function sendDuePaymentReminders(services: Services, now: Date = services.now()): Promise<number> {
  const due = await services.db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.status, "awaiting_payment"),
        eq(members.isActive, true),
        listedMember(),
        lte(members.createdAt, new Date(now.getTime() - PAYMENT_REMINDER_AFTER_MS)),
        notExists(services.db.select({ one: sql`1` }).from(paymentReminders).where(eq(paymentReminders.memberId, members.id))),
      ),
    )
    .limit(REMINDER_BATCH);
  let sent = 0;
  for (const { id } of due) {
    const queued = await services.db.transaction(async (tx) => {
      const [claimed] = await tx.insert(paymentReminders).values({ memberId: id, sentAt: now }).onConflictDoNothing().returning();
      if (!claimed) return false;
      // Read again under the claim: a member who paid meanwhile is not reminded.
      const [member] = await tx.select().from(members).where(eq(members.id, id)).for("update");
      if (!member || !isSignedUnpaid(member) || member.deletedAt || !member.isActive) return false;
      await queueReminder(tx, services, member, now);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** An admin sends the reminder with a fresh payment link now; the email and the audit row commit together. */
export async function resendPaymentLink(services: Services, actor: AdminActor, memberId: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const found = await findListedMember(tx, memberId);
    const [member] = await tx.select().from(members).where(eq(members.id, found.id)).for("update");
    if (!member || !isSignedUnpaid(member)) {
      throw new AppError("CONFLICT", "This member has no payment to complete: only a member who signed a paid level and has not paid gets a payment link.");
    }
    if (!member.isActive) throw new AppError("CONFLICT", "This member is deactivated. Activate them before sending a payment link.");
    await queueReminder(tx, services, member, now);
    await tx
      .insert(paymentReminders)
      .values({ memberId: member.id, sentAt: now })
      .onConflictDoUpdate({ target: paymentReminders.memberId, set: { sentAt: now } });
    await recordAdminAction(tx, actor, { action: "payment_link_sent", targetType: "member", targetId: member.id, details: { level: member.membershipLevel } }, now);
    return { success: true as const, detail: `A payment link was emailed to ${member.email}.` };
  });
}
