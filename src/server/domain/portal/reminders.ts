import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { daysBetween, firstDayOf, periodOf, plusDays, plusMonths, type IsoDate, type Period } from "../../../shared/calendar.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leases, leaseTenants, ledgerEntries, properties, rentReminders, units } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { rentReminderEmail } from "../../mail/portal-emails.ts";
import type { Services } from "../../services.ts";
import { policyOf, type LeaseRow } from "./posting.ts";
import { rentSchedule } from "./rent.ts";

// Rent reminders (PORTAL.md 4): an email a few days before rent is due (the lease's reminder days,
// 3 by default) and one on the day after the grace ends while a balance remains; each at most once
// per lease and period (the primary key of rent_reminders), so two server processes or a restart
// never send one twice (DECISIONS.md 25).

export type ReminderKind = "before_due" | "after_grace";

export interface DueReminder {
  kind: ReminderKind;
  period: Period;
  dueDate: IsoDate;
  rentCents: number;
}

/**
 * The reminders a lease is due today, from its terms alone (whether a balance remains is the
 * caller's to check for `after_grace`): before the due date within its reminder days, and from
 * the day after the grace until the next month's due date.
 */
export function remindersDue(lease: Pick<LeaseRow, "startDate" | "endDate" | "rentCents" | "dueDay" | "reminderDays" | "lateFee">, today: IsoDate): DueReminder[] {
  const terms = { startDate: lease.startDate, endDate: lease.endDate, rentCents: lease.rentCents, dueDay: lease.dueDay };
  const graceDays = policyOf(lease.lateFee)?.graceDays ?? 0;
  const charges = rentSchedule(terms, plusDays(today, Math.max(lease.reminderDays, 0) + 31), plusMonths(periodOf(today), -2));
  const due: DueReminder[] = [];
  for (const charge of charges) {
    const until = daysBetween(today, charge.date);
    if (until > 0 && until <= lease.reminderDays) due.push({ kind: "before_due", period: charge.period, dueDate: charge.date, rentCents: charge.amountCents });
    const firstLateDay = plusDays(charge.date, graceDays + 1);
    const next = charges.find((c) => c.date > charge.date);
    if (today >= firstLateDay && (!next || today < next.date)) due.push({ kind: "after_grace", period: charge.period, dueDate: charge.date, rentCents: charge.amountCents });
  }
  return due;
}

/** Sends the reminders due today for every running lease; answers how many emails were queued. */
export async function sendRentReminders(services: Services, today: IsoDate): Promise<number> {
  const running = await services.db
    .select()
    .from(leases)
    .where(and(lte(leases.startDate, plusDays(today, 31)), or(isNull(leases.endDate), gte(leases.endDate, firstDayOf(plusMonths(periodOf(today), -1))))))
    .orderBy(asc(leases.id));
  let sent = 0;
  for (let i = 0; i < running.length; i += 500) {
    const batch = running.slice(i, i + 500).map((lease) => ({ lease, due: remindersDue(lease, today) })).filter((x) => x.due.length);
    if (batch.length === 0) continue;
    sent += await services.db.transaction((tx) => sendBatch(tx, services, batch));
  }
  return sent;
}

async function sendBatch(tx: DbOrTx, services: Services, batch: { lease: LeaseRow; due: DueReminder[] }[]) {
  const ids = batch.map((b) => b.lease.id);
  const [tenants, balances, places] = await Promise.all([
    tx.select().from(leaseTenants).where(and(inArray(leaseTenants.leaseId, ids), sql`${leaseTenants.email} is not null`)),
    tx
      .select({ leaseId: ledgerEntries.leaseId, balance: sql<number>`sum(${ledgerEntries.amountCents})::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.leaseId, ids))
      .groupBy(ledgerEntries.leaseId),
    tx
      .select({ unitId: units.id, label: units.label, line1: properties.line1 })
      .from(units)
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(inArray(units.id, batch.map((b) => b.lease.unitId))),
  ]);
  let sent = 0;
  for (const { lease, due } of batch) {
    const recipients = tenants.filter((t) => t.leaseId === lease.id);
    if (recipients.length === 0) continue;
    const balanceCents = balances.find((b) => b.leaseId === lease.id)?.balance ?? 0;
    const place = places.find((p) => p.unitId === lease.unitId);
    for (const reminder of due) {
      if (reminder.kind === "after_grace" && balanceCents <= 0) continue;
      // The key decides: only the first insert of (lease, period, kind) sends.
      const [fresh] = await tx.insert(rentReminders).values({ leaseId: lease.id, period: reminder.period, kind: reminder.kind }).onConflictDoNothing().returning();
      if (!fresh) continue;
      for (const tenant of recipients) {
        await enqueueEmail(tx, {
          to: tenant.email!,
          ...rentReminderEmail(services.config, {
            firstName: tenant.firstName,
            place: `${place?.line1 ?? "your home"}, unit ${place?.label ?? ""}`.trim(),
            kind: reminder.kind,
            dueDate: reminder.dueDate,
            rentCents: reminder.rentCents,
            balanceCents,
          }),
        });
        sent += 1;
      }
    }
  }
  return sent;
}
