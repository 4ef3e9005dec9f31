import { NOTICES_FOR_GROUND, type EvictionStage, type ServiceJobState } from "../../../shared/evictions.ts";

// An eviction case's stages and a service job's states (PORTAL.md 7.2, 7.3), each with the only
// legal moves as a table the code asks, like maintenance-rules.ts.

const ENDINGS_BEFORE_COURT: readonly EvictionStage[] = ["cured", "paid_in_full", "settled", "closed"];
const ENDINGS_IN_COURT: readonly EvictionStage[] = ["paid_in_full", "settled", "dismissed", "closed"];

export const EVICTION_TRANSITIONS: Readonly<Record<EvictionStage, readonly EvictionStage[]>> = {
  notice_prepared: ["notice_served", ...ENDINGS_BEFORE_COURT],
  notice_served: ["notice_expired", ...ENDINGS_BEFORE_COURT],
  notice_expired: ["filed", ...ENDINGS_BEFORE_COURT],
  filed: ["summons_served", "hearing_scheduled", ...ENDINGS_IN_COURT],
  summons_served: ["hearing_scheduled", ...ENDINGS_IN_COURT],
  hearing_scheduled: ["judgment", ...ENDINGS_IN_COURT],
  judgment: ["with_sheriff", "paid_in_full", "settled", "closed"],
  with_sheriff: ["enforced", "paid_in_full", "settled", "closed"],
  enforced: ["closed"],
  cured: [],
  paid_in_full: [],
  settled: [],
  dismissed: [],
  closed: [],
};

/** The stages a case ends in: nothing more happens to it. */
export const EVICTION_END_STAGES: readonly EvictionStage[] = (Object.keys(EVICTION_TRANSITIONS) as EvictionStage[]).filter((s) => EVICTION_TRANSITIONS[s].length === 0);

export const isOpenStage = (stage: EvictionStage) => !EVICTION_END_STAGES.includes(stage);

export function canMoveCase(from: EvictionStage, to: EvictionStage): boolean {
  return EVICTION_TRANSITIONS[from].includes(to);
}

/** The notices a ground allows (PORTAL.md 7.2), shared with the web app. */
export { NOTICES_FOR_GROUND };

export const SERVICE_JOB_TRANSITIONS: Readonly<Record<ServiceJobState, readonly ServiceJobState[]>> = {
  received: ["assigned", "cancelled"],
  assigned: ["attempting", "served", "not_served", "cancelled"],
  attempting: ["served", "not_served", "cancelled"],
  served: ["affidavit_filed", "closed"],
  not_served: ["assigned", "attempting", "closed"],
  affidavit_filed: ["closed"],
  closed: [],
  cancelled: [],
};

export function canMoveJob(from: ServiceJobState, to: ServiceJobState): boolean {
  return SERVICE_JOB_TRANSITIONS[from].includes(to);
}

export const SERVICE_JOB_OPEN_STATES: readonly ServiceJobState[] = ["received", "assigned", "attempting", "not_served", "served"];
