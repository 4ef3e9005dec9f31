import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { ASSOCIATION_NAME } from "../../../shared/agreement.ts";
import { ASSOCIATION_TIME_ZONE } from "../../../shared/time.ts";
import type { webinars } from "../../db/schema.ts";

// Calendar files of webinars (RFC 5545, COMMUNITY.md 3): ical-generator writes the event with a
// stable UID, the webinar's SEQUENCE (it grows with every change attendees hear about) and local
// times in America/Chicago with its VTIMEZONE. Times go in as @date-fns/tz TZDate values, which
// ical-generator turns into Chicago wall-clock times; a plain Date would be written in the
// server's own zone.

type Webinar = typeof webinars.$inferSelect;

/** The UID of a webinar's event: the same in every file and update for that webinar. */
export const webinarUid = (webinarId: string, host: string) => `webinar-${webinarId}@${host}`;

/** RFC 5545 3.3.5's UTC form, "20261126T180000Z": toISOString's without separators or milliseconds (its "Z" kept). */
const icsStamp = (at: Date) => at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export function webinarCalendar(webinar: Webinar, options: { publicUrl: string; method: "PUBLISH" | "REQUEST" | "CANCEL"; stamp: Date }): string {
  const host = new URL(options.publicUrl).hostname;
  const calendar = ical({
    prodId: { company: ASSOCIATION_NAME, product: "Webinars", language: "EN" },
    method: ICalCalendarMethod[options.method],
    timezone: { name: ASSOCIATION_TIME_ZONE, generator: getVtimezoneComponent },
  });
  const cancelled = options.method === "CANCEL" || webinar.cancelledAt !== null;
  calendar.createEvent({
    id: webinarUid(webinar.id, host),
    sequence: webinar.sequence,
    start: new TZDate(webinar.startsAt.getTime(), ASSOCIATION_TIME_ZONE),
    end: new TZDate(webinar.endsAt.getTime(), ASSOCIATION_TIME_ZONE),
    timezone: ASSOCIATION_TIME_ZONE,
    stamp: options.stamp,
    summary: webinar.title,
    description: `${webinar.description}\n\nDetails and the join link (from 15 minutes before the start): ${options.publicUrl}/webinars/${webinar.id}`.trim(),
    url: `${options.publicUrl}/webinars/${webinar.id}`,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // RFC 5545 3.8.7.2: DTSTAMP is always UTC; ical-generator writes it in the calendar's zone.
  return calendar.toString().replace(/^DTSTAMP:.*$/m, `DTSTAMP:${icsStamp(options.stamp)}`);
}
