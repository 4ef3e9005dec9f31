import type { SpecialtySkill } from "../../../shared/membership.ts";
import type { MaintenanceCategory, MaintenanceStatus } from "../../../shared/portal.ts";

// The maintenance request's states and the only legal moves (PORTAL.md 5), as a table the code
// asks (open-condo keeps its ticket moves the same way), never a chain of ifs.

export const MAINTENANCE_TRANSITIONS: Readonly<Record<MaintenanceStatus, readonly MaintenanceStatus[]>> = {
  submitted: ["acknowledged", "declined", "cancelled"],
  acknowledged: ["in_progress", "on_hold", "declined", "cancelled"],
  in_progress: ["on_hold", "completed"],
  on_hold: ["in_progress", "cancelled"],
  completed: ["closed", "in_progress"],
  closed: [],
  declined: [],
  cancelled: [],
};

/** A completed request may be reopened (back to in progress) within this many days. */
export const REOPEN_WITHIN_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moves the owner may make now: the table's, less a reopening after 14 days. */
export function allowedMoves(status: MaintenanceStatus, completedAt: Date | null, now: Date): MaintenanceStatus[] {
  return MAINTENANCE_TRANSITIONS[status].filter(
    (to) => !(status === "completed" && to === "in_progress" && (!completedAt || now.getTime() - completedAt.getTime() > REOPEN_WITHIN_DAYS * DAY_MS)),
  );
}

/** The tenant may cancel their own request only before work starts. */
export const TENANT_CANCELLABLE: readonly MaintenanceStatus[] = ["submitted", "acknowledged"];

/** Requests still needing the owner: not finished, declined or cancelled. */
export const OPEN_STATUSES: readonly MaintenanceStatus[] = ["submitted", "acknowledged", "in_progress", "on_hold"];

/** The skills-network skill that does a category's work (PORTAL.md 5: assign a matching member). */
export const CATEGORY_SKILL: Readonly<Record<MaintenanceCategory, SpecialtySkill | null>> = {
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
};
