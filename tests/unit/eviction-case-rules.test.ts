import { describe, expect, test } from "bun:test";
import { EVICTION_STAGES, SERVICE_JOB_STATES } from "../../src/shared/evictions.ts";
import {
  canMoveCase,
  canMoveJob,
  DATED_STAGES,
  datedMoveRefusal,
  EVICTION_END_STAGES,
  EVICTION_TRANSITIONS,
  isOpenStage,
  NOTICES_FOR_GROUND,
  SERVICE_JOB_TRANSITIONS,
} from "../../src/server/domain/portal/eviction-case-rules.ts";
import { FULL_PAYMENT_SENTENCE, noticePdf, type NoticeCopy, type NoticeFacts } from "../../src/server/documents/notice-pdf.ts";
import { pdfText } from "../support/pdf-text.ts";

// The eviction case's stages and the service job's states (PORTAL.md 7.2, 7.3), written out here
// from the contract: a change to the code's tables shows as a difference from these.

const CASE_MOVES: Record<string, string[]> = {
  notice_prepared: ["notice_served", "cured", "paid_in_full", "settled", "closed"],
  notice_served: ["notice_expired", "cured", "paid_in_full", "settled", "closed"],
  notice_expired: ["filed", "cured", "paid_in_full", "settled", "closed"],
  filed: ["summons_served", "hearing_scheduled", "paid_in_full", "settled", "dismissed", "closed"],
  summons_served: ["hearing_scheduled", "paid_in_full", "settled", "dismissed", "closed"],
  hearing_scheduled: ["judgment", "paid_in_full", "settled", "dismissed", "closed"],
  judgment: ["with_sheriff", "paid_in_full", "settled", "closed"],
  with_sheriff: ["enforced", "paid_in_full", "settled", "closed"],
  enforced: ["closed"],
  cured: [],
  paid_in_full: [],
  settled: [],
  dismissed: [],
  closed: [],
};

const JOB_MOVES: Record<string, string[]> = {
  received: ["assigned", "cancelled"],
  assigned: ["attempting", "served", "not_served", "cancelled"],
  attempting: ["served", "not_served", "cancelled"],
  served: ["affidavit_filed", "closed"],
  not_served: ["assigned", "attempting", "closed"],
  affidavit_filed: ["closed"],
  closed: [],
  cancelled: [],
};

describe("eviction case stages", () => {
  test("the table covers every stage of PORTAL.md 7.2 with exactly the moves written here", () => {
    expect(Object.keys(EVICTION_TRANSITIONS).sort()).toEqual([...EVICTION_STAGES].sort());
    for (const stage of EVICTION_STAGES) expect([...EVICTION_TRANSITIONS[stage]].sort() as string[], stage).toEqual([...CASE_MOVES[stage]!].sort());
  });

  test("every pair of stages is allowed exactly when the table says, and only to a stage that exists", () => {
    for (const from of EVICTION_STAGES) {
      for (const to of EVICTION_STAGES) expect(canMoveCase(from, to), `${from} -> ${to}`).toBe(CASE_MOVES[from]!.includes(to));
      expect(canMoveCase(from, from), `${from} stays`).toBe(false);
    }
  });

  test("the ends are cured, paid in full, settled, dismissed and closed; the court path runs forward only", () => {
    expect([...EVICTION_END_STAGES].sort()).toEqual(["closed", "cured", "dismissed", "paid_in_full", "settled"]);
    expect(isOpenStage("with_sheriff")).toBe(true);
    expect(isOpenStage("closed")).toBe(false);
    expect(canMoveCase("filed", "notice_served")).toBe(false);
    expect(canMoveCase("notice_prepared", "filed")).toBe(false);
    // A tenant cures before court, never after judgment.
    expect(canMoveCase("judgment", "cured")).toBe(false);
    // Every open stage can still be closed.
    for (const stage of EVICTION_STAGES.filter(isOpenStage)) expect(canMoveCase(stage, "closed"), stage).toBe(true);
  });

  test("each ground takes its own notice", () => {
    expect(NOTICES_FOR_GROUND).toEqual({
      unpaid_rent: ["5_day"],
      lease_violation: ["10_day"],
      month_to_month_end: ["30_day"],
      week_to_week_end: ["7_day"],
      year_to_year_end: ["60_day"],
    });
  });
});

describe("moves that depend on a date (PORTAL.md 7.2)", () => {
  // A 5-day notice served Tuesday November 24, 2026: its period ends Monday November 30 (the 5th
  // day, the 29th, is a Sunday) and the clerk is open Tuesday December 1.
  const notice = { servedOn: "2026-11-24", expiresOn: "2026-11-30", earliestFilingOn: "2026-12-01" };

  test("notice expired: not on November 26, not on the period's last day, from the day after", () => {
    expect(datedMoveRefusal("notice_expired", notice, "2026-11-26")).toBe(
      "The notice period ends 2026-11-30: the case can move to notice expired from 2026-12-01, not before (verify with counsel).",
    );
    expect(datedMoveRefusal("notice_expired", notice, "2026-11-30")).not.toBeNull();
    expect(datedMoveRefusal("notice_expired", notice, "2026-12-01")).toBeNull();
  });

  test("filed: from the earliest filing day, which may be later than the day after expiry", () => {
    expect(datedMoveRefusal("filed", notice, "2026-11-30")).toBe("The earliest filing day is 2026-12-01: the case cannot be filed before it (verify with counsel).");
    expect(datedMoveRefusal("filed", notice, "2026-12-01")).toBeNull();
    // Expired Wednesday November 25, Thanksgiving on the 26th: filing from Friday the 27th.
    const beforeThanksgiving = { servedOn: "2026-11-20", expiresOn: "2026-11-25", earliestFilingOn: "2026-11-27" };
    expect(datedMoveRefusal("notice_expired", beforeThanksgiving, "2026-11-26")).toBeNull();
    expect(datedMoveRefusal("filed", beforeThanksgiving, "2026-11-26")).not.toBeNull();
  });

  test("without a served notice no notice-dependent stage can be entered; the other stages do not depend on a date", () => {
    expect([...DATED_STAGES].sort()).toEqual(["filed", "notice_expired", "notice_served"]);
    for (const to of DATED_STAGES) expect(datedMoveRefusal(to, null, "2030-01-01"), to).toContain("No notice's service is recorded");
    for (const to of EVICTION_STAGES.filter((s) => !DATED_STAGES.includes(s))) expect(datedMoveRefusal(to, null, "2026-11-24"), to).toBeNull();
    expect(datedMoveRefusal("notice_served", notice, "2026-11-24")).toBeNull();
  });
});

describe("service job states", () => {
  test("the table covers every state of PORTAL.md 7.3 with exactly the moves written here", () => {
    expect(Object.keys(SERVICE_JOB_TRANSITIONS).sort()).toEqual([...SERVICE_JOB_STATES].sort());
    for (const from of SERVICE_JOB_STATES) {
      for (const to of SERVICE_JOB_STATES) expect(canMoveJob(from, to), `${from} -> ${to}`).toBe(JOB_MOVES[from]!.includes(to));
    }
  });

  test("a served job cannot be cancelled, and the affidavit follows service", () => {
    expect(canMoveJob("served", "cancelled")).toBe(false);
    expect(canMoveJob("received", "affidavit_filed")).toBe(false);
    expect(canMoveJob("attempting", "affidavit_filed")).toBe(false);
  });
});

// Golden text of the notices: fixed facts, the text the PDF carries word for word. The dates are
// given here as the statute and the calendar give them (eviction-rules.test.ts works each out).
const base: Omit<NoticeFacts, "kind" | "expiresOn" | "earliestFilingOn" | "terminatesOn"> = {
  jurisdiction: "chicago",
  tenants: ["Rosa Diaz", "Marco Diaz"],
  premises: "1842 W Cermak Rd, unit 2, Chicago, IL 60608",
  landlord: "Maria Gonzalez",
  asOf: "2026-11-24",
  datedOn: "2026-11-24",
  amountDemandedCents: 265_000,
  breach: "",
  rule: "735 ILCS 5/9-209: the tenant has 5 days after service to pay the rent demanded.",
  notes: [],
  service: { servedOn: "2026-11-24", method: "personal", servedBy: "Jon Ortiz" },
};
const created = new Date("2026-11-24T15:00:00Z");
/** Served (or dated) Tuesday November 24, 2026: a 5-day period ends Monday the 30th (the 29th is a Sunday); filing from December 1. */
const NOV_24_5_DAY = { expiresOn: "2026-11-30", earliestFilingOn: "2026-12-01", terminatesOn: null };
async function golden(
  facts: Omit<NoticeFacts, "expiresOn" | "earliestFilingOn" | "terminatesOn">,
  dates: Pick<NoticeFacts, "expiresOn" | "earliestFilingOn" | "terminatesOn"> = NOV_24_5_DAY,
  copy: NoticeCopy = "tenant",
) {
  return pdfText(await noticePdf({ ...facts, ...dates }, created, copy));
}

describe("notice PDFs, golden text", () => {
  test("the 5-day notice names exactly the rent demanded, says it is rent only, and carries the full-payment sentence; dates written out", async () => {
    const text = await golden({ ...base, kind: "5_day" });
    expect(text).toContain("LANDLORD'S 5-DAY NOTICE");
    expect(text).toContain("Under 735 ILCS 5/9-209");
    expect(text).toContain("To: Rosa Diaz, Marco Diaz and all others in possession");
    expect(text).toContain("Premises: 1842 W Cermak Rd, unit 2, Chicago, IL 60608");
    // The premises are printed above the demand, so the demand points up to them.
    expect(text.indexOf("Premises:")).toBeLessThan(text.indexOf("the premises described above"));
    expect(text).toContain(
      "You are hereby notified that there is now due the undersigned landlord the sum of $2,650.00, being rent for the premises described above, due on or before November 24, 2026. " +
        "This sum is rent only: it includes no late fees or other charges.",
    );
    expect(text).not.toContain("described below");
    expect(text.match(/\$[\d,]+\.\d\d/g)).toEqual(["$2,650.00"]);
    expect(text).toContain("Unless payment of the rent demanded is made on or before the end of 5 days after service of this notice, your lease of the premises will be terminated.");
    expect(text).toContain(FULL_PAYMENT_SENTENCE);
    expect(text).toContain("Dated: November 24, 2026");
    expect(text).toContain("I, Jon Ortiz, served this notice on November 24, 2026 by personal delivery to the tenant.");
    expect(text).toContain("Landlord: Maria Gonzalez");
    // The tenant's copy carries no date in the ISO form and none of the app's own block.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain("Dates computed by the app");
    expect(text).not.toContain("earliest filing");
  });

  test("the owner's copy adds the app's dates, marked verify with counsel and not part of the notice", async () => {
    const text = await golden({ ...base, kind: "5_day", notes: ["A note for the owner."] }, NOV_24_5_DAY, "owner");
    expect(text).toContain("Owner's copy: serve the tenant's copy.");
    expect(text).toContain("Dates computed by the app (verify with counsel; not part of the notice)");
    // Served the Tuesday before Thanksgiving: the fifth day is Sunday the 29th, so the period ends Monday the 30th.
    expect(text).toContain("Served November 24, 2026: the notice period ends November 30, 2026; the earliest filing day is December 1, 2026.");
    expect(text).toContain("735 ILCS 5/9-209: the tenant has 5 days after service to pay the rent demanded.");
    expect(text).toContain("A note for the owner.");
  });

  test("a prepared 5-day notice leaves the affidavit blank; its owner's copy gives the dates as if served that day", async () => {
    const tenant = await golden({ ...base, kind: "5_day", service: null });
    expect(tenant).toContain("I served this notice on ____________ by:");
    expect(tenant).toContain("posting (no one in possession)");
    const owner = await golden({ ...base, kind: "5_day", service: null }, NOV_24_5_DAY, "owner");
    expect(owner).toContain("If served on November 24, 2026, the notice period ends November 30, 2026 and the earliest filing day is December 1, 2026.");
  });

  test("the 10-day notice names the breach; in Chicago the tenant may cure, elsewhere must surrender", async () => {
    const chicago = await golden({ ...base, kind: "10_day", breach: "keeping a dog in breach of paragraph 12 (no pets)" });
    expect(chicago).toContain("LANDLORD'S 10-DAY NOTICE");
    expect(chicago).toContain("Under 735 ILCS 5/9-210");
    expect(chicago).toContain("the landlord elects to terminate your lease: keeping a dog in breach of paragraph 12 (no pets).");
    expect(chicago).toContain("Under the Chicago Residential Landlord and Tenant Ordinance you may cure the breach within the 10 days after service of this notice; if you do, the lease will not terminate.");
    expect(chicago).not.toContain("$");
    const elsewhere = await golden({ ...base, kind: "10_day", jurisdiction: "illinois_other", breach: "a broken window" });
    expect(elsewhere).toContain("You are required to surrender possession of the premises within 10 days after service of this notice.");
    expect(elsewhere).not.toContain("Chicago Residential Landlord");
    // An owner-occupied Chicago building of six units or fewer is outside the RLTO (5-12-020(a)): no cure sentence.
    const ownerOccupied = await golden({ ...base, kind: "10_day", rlto: false, breach: "a broken window" });
    expect(ownerOccupied).toContain("You are required to surrender possession of the premises within 10 days after service of this notice.");
  });

  test("the 30-, 7- and 60-day notices end the tenancy on the day the statute gives, written out", async () => {
    const cases = [
      // Served Tue Nov 24, 2026: the 30th day is Thursday December 24, a business day.
      ["30_day", "30-DAY NOTICE TO END A MONTH-TO-MONTH TENANCY", "735 ILCS 5/9-207", "2026-11-24", "2026-12-24", "December 24, 2026"],
      // A tenancy whose weeks run Monday to Sunday: the 7th day is Tuesday December 1, in the week ending Sunday December 6.
      ["7_day", "7-DAY NOTICE TO END A WEEK-TO-WEEK TENANCY", "735 ILCS 5/9-207", "2026-11-24", "2026-12-06", "December 6, 2026"],
      // A tenancy year ending December 31, served August 14 (inside July 2 - November 1): the end of the year.
      ["60_day", "60-DAY NOTICE TO END A YEAR-TO-YEAR TENANCY", "735 ILCS 5/9-205", "2026-08-14", "2026-12-31", "December 31, 2026"],
    ] as const;
    for (const [kind, title, statute, servedOn, ends, words] of cases) {
      const text = await golden(
        { ...base, kind, amountDemandedCents: 0, asOf: servedOn, datedOn: servedOn, service: { ...base.service!, servedOn } },
        { expiresOn: ends, earliestFilingOn: "2027-01-04", terminatesOn: ends },
      );
      expect(text, kind).toContain(title);
      expect(text, kind).toContain(`Under ${statute}`);
      expect(text, kind).toContain(`Your tenancy will end on ${words}, and you are required to surrender possession of the premises to the landlord on or before that day.`);
      expect(text, kind).not.toContain("$");
    }
  });
});
