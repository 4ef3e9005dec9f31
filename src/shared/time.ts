import { TZDate } from "@date-fns/tz";

// Times are stored in UTC and shown in America/Chicago (DECISIONS.md 18).
export const ASSOCIATION_TIME_ZONE = "America/Chicago";

/**
 * The instant a time names: one with its offset ("2026-11-20T14:30:00-06:00", "...Z") as it says,
 * one without ("2026-11-20T14:30", what a datetime-local field gives) as Chicago's wall clock,
 * whatever the zone of the browser or the server that reads it.
 */
export function instantOf(time: string): Date {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(time)) return new Date(time);
  const [date = "", clock = ""] = time.split("T");
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h = 0, min = 0, sec = 0] = clock.split(":").map(Number);
  return new Date(new TZDate(y, m - 1, d, h, min, Math.trunc(sec), ASSOCIATION_TIME_ZONE).getTime());
}

// Each formatter is made once, on first use: making one costs far more than formatting with it
// (dates are formatted on every signature, email and PDF), and a page that shows no such date
// (the tenant's home on a phone) should not pay for making four.
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, ...options }));
};
const longDate = formatter({ dateStyle: "long" });
const longDateTime = formatter({ dateStyle: "long", timeStyle: "long" });
const longTime = formatter({ timeStyle: "long" });
// dateStyle and timeStyle cannot be combined with timeZoneName, hence the fields.
const readableDateTime = formatter({
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "November 21, 2026" in Chicago. */
export function chicagoDate(date: Date): string {
  return longDate().format(date);
}

/** "November 21, 2026 at 7:35:11 AM CST" */
export function chicagoDateTime(date: Date): string {
  return longDateTime().format(date);
}

/**
 * "Wednesday, December 9, 2026 at 6:00 PM CST": a time as people read it (an appointment, a
 * webinar, a service attempt), to the minute; records keep chicagoDateTime's seconds.
 */
export function chicagoWhen(date: Date): string {
  return readableDateTime().format(date);
}

/** "7:35:11 AM CST" */
export function chicagoTime(date: Date): string {
  return longTime().format(date);
}
