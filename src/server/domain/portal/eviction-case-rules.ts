import { plusDays, type IsoDate } from "../../../shared/calendar.ts";
import { NOTICES_FOR_GROUND, VERIFY_WITH_COUNSEL, type EvictionStage, type ServiceJobState } from "../../../shared/evictions.ts";

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

/** The dates of the notice a case's dates run from: its latest served notice. */
export interface ServedNoticeDates {
  servedOn: IsoDate;
  /** The last day of the notice period. */
  expiresOn: IsoDate;
  /** The first day the clerk is open after it. */
  earliestFilingOn: IsoDate;
}

/** The stages that depend on the notice: its service recorded, its period run out, the clerk open for filing. */
export const DATED_STAGES: readonly EvictionStage[] = ["notice_served", "notice_expired", "filed"];

/**
 * Why a case may not enter `to` on `today`, or null (PORTAL.md 7.2: a stage that depends on a date
 * cannot be entered before it). The notice has expired from the day after its period's last day;
 * the case may be filed from the earliest filing day. The same for staff and owners.
 */
export function datedMoveRefusal(to: EvictionStage, notice: ServedNoticeDates | null, today: IsoDate): string | null {
  if (!DATED_STAGES.includes(to)) return null;
  if (!notice) return "No notice's service is recorded on this case: record the service of its notice first; the case's dates run from it.";
  if (to === "notice_expired") {
    const from = plusDays(notice.expiresOn, 1);
    if (today < from) return `The notice period ends ${notice.expiresOn}: the case can move to notice expired from ${from}, not before (${VERIFY_WITH_COUNSEL}).`;
  }
  if (to === "filed" && today < notice.earliestFilingOn) {
    return `The earliest filing day is ${notice.earliestFilingOn}: the case cannot be filed before it (${VERIFY_WITH_COUNSEL}).`;
  }
  return null;
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
