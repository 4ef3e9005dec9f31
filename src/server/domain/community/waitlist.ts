// Webinar seats (COMMUNITY.md 3): registrations up to capacity, then a waitlist moved up in order.

export type SeatDecision = "registered" | "waitlisted";

/** A new registration takes a seat when one is free, else joins the waitlist. */
export function seatFor(capacity: number, registered: number, waiting: number): SeatDecision {
  // Someone already waiting keeps their place ahead of a newcomer.
  return registered < capacity && waiting === 0 ? "registered" : "waitlisted";
}

/**
 * Who moves up from the waitlist: as many of the longest-waiting as there are free seats.
 * `waiting` is in waitlist order.
 */
export function promotions<T>(capacity: number, registered: number, waiting: T[]): T[] {
  const free = Math.max(0, capacity - registered);
  return waiting.slice(0, free);
}

/** 1-based place of a waitlisted registration. */
export function waitlistPosition(aheadOfMe: number): number {
  return aheadOfMe + 1;
}
