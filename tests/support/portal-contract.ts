import type { MaintenanceStatus } from "../../src/shared/portal.ts";

/** PORTAL.md 5's legal moves of a maintenance request, written out from the contract rather than read from the code under test. */
export const CONTRACT_MOVES: Record<MaintenanceStatus, MaintenanceStatus[]> = {
  submitted: ["acknowledged", "declined", "cancelled"],
  acknowledged: ["in_progress", "on_hold", "declined", "cancelled"],
  in_progress: ["on_hold", "completed"],
  on_hold: ["in_progress", "cancelled"],
  completed: ["closed", "in_progress"],
  closed: [],
  declined: [],
  cancelled: [],
};
