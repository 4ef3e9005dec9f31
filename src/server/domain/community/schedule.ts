import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, format, startOfWeek } from "date-fns";
import { ASSOCIATION_TIME_ZONE } from "../../../shared/time.ts";

// Time rules of the scheduled jobs: webinar reminders, the join window, credential expiry and the
// weekly digest. Instants are compared in UTC; calendar days and weeks are Chicago's
// (DECISIONS.md 18), through @date-fns/tz rather than by hand.

const HOUR = 60 * 60_000;

export type ReminderKind = "24h" | "1h";
export const REMINDER_LEAD_MS: Record<ReminderKind, number> = { "24h": 24 * HOUR, "1h": HOUR };

/**
 * The reminder due now for a webinar starting at `startsAt`, if any: the 24-hour one from 24 h
 * to 1 h before, the 1-hour one in the last hour. Once the event starts, none.
 */
export function dueReminder(startsAt: Date, now: Date): ReminderKind | null {
  const left = startsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= REMINDER_LEAD_MS["1h"]) return "1h";
  if (left <= REMINDER_LEAD_MS["24h"]) return "24h";
  return null;
}

export const JOIN_OPENS_BEFORE_MS = 15 * 60_000;

/** The join link shows to a registered member from 15 minutes before the start until the end. */
export function joinLinkOpen(startsAt: Date, endsAt: Date, now: Date): boolean {
  return now.getTime() >= startsAt.getTime() - JOIN_OPENS_BEFORE_MS && now.getTime() <= endsAt.getTime();
}

/** "2026-11-24": the calendar day in Chicago. */
export function chicagoDay(at: Date): string {
  return format(new TZDate(at.getTime(), ASSOCIATION_TIME_ZONE), "yyyy-MM-dd");
}

export type CredentialStage = "valid" | "remind30" | "remind7" | "expired";

/**
 * Where a credential expiring on `expiresOn` (a date, valid through that day) stands on the
 * Chicago day `today`: reminders 30 and 7 days before, expired from the next day on.
 */
export function credentialStage(expiresOn: string, today: string): CredentialStage {
  const daysLeft = differenceInCalendarDays(new Date(`${expiresOn}T12:00:00Z`), new Date(`${today}T12:00:00Z`));
  if (daysLeft < 0) return "expired";
  if (daysLeft <= 7) return "remind7";
  if (daysLeft <= 30) return "remind30";
  return "valid";
}

/** The Chicago day `days` after `day`. */
export function addChicagoDays(day: string, days: number): string {
  return format(addDays(new Date(`${day}T12:00:00Z`), days), "yyyy-MM-dd");
}

/** The weekly digest goes out on Mondays from 8:00 in Chicago; its key is that Monday's date. */
export const DIGEST_HOUR = 8;

export function digestWeek(now: Date): { key: string; due: boolean; since: Date } {
  const local = new TZDate(now.getTime(), ASSOCIATION_TIME_ZONE);
  const monday = startOfWeek(local, { weekStartsOn: 1 });
  const sendAt = new TZDate(monday.getFullYear(), monday.getMonth(), monday.getDate(), DIGEST_HOUR, 0, 0, ASSOCIATION_TIME_ZONE);
  const since = new TZDate(sendAt.getTime() - 7 * 24 * HOUR, ASSOCIATION_TIME_ZONE);
  return { key: format(monday, "yyyy-MM-dd"), due: now.getTime() >= sendAt.getTime(), since: new Date(since.getTime()) };
}
