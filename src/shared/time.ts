// Times are stored in UTC and shown in America/Chicago (DECISIONS.md 18).
export const ASSOCIATION_TIME_ZONE = "America/Chicago";

/** "November 21, 2026" in Chicago. */
export function chicagoDate(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, dateStyle: "long" }).format(date);
}

/** "November 21, 2026 at 7:35:11 AM CST" */
export function chicagoDateTime(date: Date): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: ASSOCIATION_TIME_ZONE,
    dateStyle: "long",
    timeStyle: "long",
  }).format(date);
}

/** "7:35:11 AM CST" */
export function chicagoTime(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, timeStyle: "long" }).format(date);
}
