import { describe, expect, test } from "bun:test";
import { MAINTENANCE_STATUSES } from "../../src/shared/portal.ts";
import { CONTRACT_MOVES } from "../support/portal-contract.ts";
import { allowedMoves, CATEGORY_SKILL, MAINTENANCE_TRANSITIONS, OPEN_STATUSES, REOPEN_WITHIN_DAYS, TENANT_CANCELLABLE } from "../../src/server/domain/portal/maintenance-rules.ts";

// PORTAL.md 5's table of moves, written out from the contract: a change to the code's table
// shows as a difference from the contract.
const CONTRACT = CONTRACT_MOVES;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-25T18:00:00Z");

describe("maintenance moves", () => {
  test("the table is PORTAL.md 5's, for every state", () => {
    expect(Object.keys(MAINTENANCE_TRANSITIONS).sort()).toEqual([...MAINTENANCE_STATUSES].sort());
    for (const status of MAINTENANCE_STATUSES) expect([...MAINTENANCE_TRANSITIONS[status]].sort(), status).toEqual([...CONTRACT[status]!].sort());
  });

  test("every state but completed allows exactly the table's moves, whenever asked", () => {
    for (const status of MAINTENANCE_STATUSES.filter((s) => s !== "completed")) {
      expect(allowedMoves(status, null, now).sort(), status).toEqual([...CONTRACT[status]!].sort());
      expect(allowedMoves(status, new Date(now.getTime() - 400 * DAY), now).sort(), status).toEqual([...CONTRACT[status]!].sort());
    }
  });

  test("a completed request reopens within 14 days of completion, to the moment, and not after", () => {
    expect(REOPEN_WITHIN_DAYS).toBe(14);
    const at = (ms: number) => allowedMoves("completed", new Date(now.getTime() - ms), now);
    expect(at(0)).toEqual(["closed", "in_progress"]);
    expect(at(14 * DAY)).toEqual(["closed", "in_progress"]);
    expect(at(14 * DAY + 1)).toEqual(["closed"]);
    expect(at(30 * DAY)).toEqual(["closed"]);
    // A completion with no recorded time cannot be reopened.
    expect(allowedMoves("completed", null, now)).toEqual(["closed"]);
  });

  test("the tenant cancels only before work starts; open requests are the unfinished ones", () => {
    expect([...TENANT_CANCELLABLE].sort()).toEqual(["acknowledged", "submitted"]);
    expect([...OPEN_STATUSES].sort()).toEqual(["acknowledged", "in_progress", "on_hold", "submitted"]);
  });

  test("each category is worked by the skills network's matching trade; pests have none", () => {
    expect(CATEGORY_SKILL).toEqual({
      plumbing: "Plumbing",
      electrical: "Electrical",
      hvac: "HVAC",
      appliance: "General Contractor",
      structural: "General Contractor",
      pest: null,
      landscaping: "Lawn Care/Landscaping",
      snow: "Snow Removal",
      cleaning: "Cleaning Services",
      other: "General Contractor",
    });
  });
});
