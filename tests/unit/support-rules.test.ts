import { describe, expect, test } from "bun:test";
import { addBusinessHours, firstResponseDue, isBreached } from "../../src/server/domain/portal/support-rules.ts";

// Priority support's first-response targets (PORTAL.md 7.4) on the real 2026 calendar: business
// hours are Monday to Friday, 9:00 to 17:00 in Chicago, on Illinois business days.

/** A Chicago wall-clock time as the instant it is (offset given, so each case says CST or CDT). */
const at = (local: string) => new Date(local);

describe("first-response targets", () => {
  test("a ticket opened on a Friday afternoon: Premium by Monday late morning, Standard by Tuesday afternoon", () => {
    // Friday 20 November 2026, 15:00 CST: two hours left on Friday.
    const opened = at("2026-11-20T15:00:00-06:00");
    expect(firstResponseDue(opened, "Premium")).toEqual(at("2026-11-23T11:00:00-06:00"));
    expect(firstResponseDue(opened, "Standard")).toEqual(at("2026-11-24T15:00:00-06:00"));
  });

  test("a ticket opened at 16:30 before a weekend carries its half hour into Monday", () => {
    const opened = at("2026-11-20T16:30:00-06:00");
    expect(firstResponseDue(opened, "Premium")).toEqual(at("2026-11-23T12:30:00-06:00"));
    expect(firstResponseDue(opened, "Standard")).toEqual(at("2026-11-24T16:30:00-06:00"));
  });

  test("a ticket opened on Thanksgiving starts counting the next business morning", () => {
    // Thursday 26 November 2026 is Thanksgiving Day, an Illinois holiday; Friday the 27th is open.
    const opened = at("2026-11-26T10:00:00-06:00");
    expect(firstResponseDue(opened, "Premium")).toEqual(at("2026-11-27T13:00:00-06:00"));
    // Sixteen hours: all of Friday and all of Monday, due at Monday's close.
    expect(firstResponseDue(opened, "Standard")).toEqual(at("2026-11-30T17:00:00-06:00"));
  });

  test("the week daylight saving time begins: the target is in Chicago's wall-clock hours", () => {
    // Friday 6 March 2026 16:30 CST; clocks go forward on Sunday the 8th.
    const opened = at("2026-03-06T16:30:00-06:00");
    expect(firstResponseDue(opened, "Premium")).toEqual(at("2026-03-09T12:30:00-05:00"));
    expect(firstResponseDue(opened, "Standard")).toEqual(at("2026-03-10T16:30:00-05:00"));
  });

  test("the week daylight saving time ends, and a holiday inside the count (General Election Day)", () => {
    // Friday 30 October 2026 15:00 CDT; clocks go back on Sunday 1 November; Tuesday 3 November is a holiday.
    const opened = at("2026-10-30T15:00:00-05:00");
    expect(firstResponseDue(opened, "Premium")).toEqual(at("2026-11-02T11:00:00-06:00"));
    expect(firstResponseDue(opened, "Standard")).toEqual(at("2026-11-04T15:00:00-06:00"));
  });

  test("opened before the office opens, or at night, the clock starts at 9:00", () => {
    expect(firstResponseDue(at("2026-12-01T06:15:00-06:00"), "Premium")).toEqual(at("2026-12-01T13:00:00-06:00"));
    expect(firstResponseDue(at("2026-12-01T22:00:00-06:00"), "Premium")).toEqual(at("2026-12-02T13:00:00-06:00"));
    // Christmas Day is skipped: opened Thursday 24 December 2026 at 15:00.
    expect(addBusinessHours(at("2026-12-24T15:00:00-06:00"), 4)).toEqual(at("2026-12-28T11:00:00-06:00"));
  });

  test("a breach is a target passed without a staff reply, or a reply that came late", () => {
    const dueAt = at("2026-11-23T11:00:00-06:00");
    expect(isBreached({ dueAt, firstResponseAt: null }, at("2026-11-23T10:59:00-06:00"))).toBe(false);
    expect(isBreached({ dueAt, firstResponseAt: null }, at("2026-11-23T11:01:00-06:00"))).toBe(true);
    expect(isBreached({ dueAt, firstResponseAt: at("2026-11-23T10:00:00-06:00") }, at("2026-12-01T00:00:00Z"))).toBe(false);
    expect(isBreached({ dueAt, firstResponseAt: at("2026-11-23T12:00:00-06:00") }, at("2026-12-01T00:00:00Z"))).toBe(true);
    // Exactly at the target is in time, asked then or answered then.
    expect(isBreached({ dueAt, firstResponseAt: null }, dueAt)).toBe(false);
    expect(isBreached({ dueAt, firstResponseAt: dueAt }, at("2026-12-01T00:00:00Z"))).toBe(false);
  });

  test("opened at 17:00 sharp, the clock starts the next business morning", () => {
    // Monday November 16, 2026 at 17:00 in Chicago: Premium's 4 hours run Tuesday 9:00 to 13:00.
    expect(addBusinessHours(at("2026-11-16T17:00:00-06:00"), 4)).toEqual(at("2026-11-17T13:00:00-06:00"));
    // Zero hours at 17:00: not the same evening, the next morning.
    expect(addBusinessHours(at("2026-11-16T17:00:00-06:00"), 0)).toEqual(at("2026-11-17T09:00:00-06:00"));
  });
});
