import { describe, expect, test } from "bun:test";
import { COOK_COUNTY_MUNICIPALITIES, guessJurisdiction, normalizeCity, ruleSetOf, type RuleSetInput } from "../../src/server/domain/portal/jurisdiction.ts";

// Which landlord-tenant rules a property follows: Chicago's RLTO (Municipal Code chapter 5-12; an
// owner-occupied building of six units or fewer is outside it, 5-12-020(a)), Cook County's RTLO for
// the rest of the county (owner-occupied buildings of six or fewer units and municipalities with
// their own ordinance excluded), or the Illinois statutes.

const input = (over: Partial<RuleSetInput>): RuleSetInput => ({
  city: "Chicago",
  state: "IL",
  propertyType: "multi_family",
  jurisdiction: null,
  ownerOccupied: false,
  ownerOccupiedConfirmed: false,
  unitCount: 2,
  ...over,
});

describe("the app's guess from the city", () => {
  test("Chicago by name, suburbs of Cook County by the list, everything else outside", () => {
    expect(guessJurisdiction({ city: " chicago ", state: "il" })).toMatchObject({ jurisdiction: "chicago", uncertain: false });
    expect(guessJurisdiction({ city: "Berwyn", state: "IL" })).toMatchObject({ jurisdiction: "suburban_cook", uncertain: false });
    expect(guessJurisdiction({ city: "Springfield", state: "IL" })).toMatchObject({ jurisdiction: "illinois_other", uncertain: true });
    // Schaumburg lies partly in DuPage County: the stricter Cook County rules, flagged.
    expect(guessJurisdiction({ city: "Schaumburg", state: "IL" })).toMatchObject({ jurisdiction: "suburban_cook", uncertain: true });
    expect(guessJurisdiction({ city: "Chicago", state: "IN" })).toMatchObject({ jurisdiction: "illinois_other", uncertain: true });
  });

  test("city names are compared as written on envelopes: case, periods, 'Mt.'", () => {
    expect(normalizeCity("Mt. Prospect")).toBe("mount prospect");
    expect(normalizeCity("Village of  Oak Park")).toBe("oak park");
    expect(Object.keys(COOK_COUNTY_MUNICIPALITIES)).toHaveLength(135);
    expect(Object.keys(COOK_COUNTY_MUNICIPALITIES)).toEqual(Object.keys(COOK_COUNTY_MUNICIPALITIES).map(normalizeCity));
  });
});

describe("the rule set", () => {
  test("a Chicago two-flat whose owner never said whether they live there: the RLTO, with both things the app cannot know", () => {
    const r = ruleSetOf(input({}));
    expect([r.rules, r.jurisdiction, r.jurisdictionConfirmed]).toEqual(["chicago_rlto", "chicago", false]);
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toContain("the app's guess from the address");
    expect(r.warnings[1]).toContain("The app cannot know whether you live in this building");
  });

  test("an owner-occupied Chicago building of six units or fewer is outside the RLTO, but Fair Notice still applies", () => {
    const r = ruleSetOf(input({ jurisdiction: "chicago", ownerOccupied: true, ownerOccupiedConfirmed: true, unitCount: 6 }));
    expect(r.rules).toBe("illinois");
    expect(r.reason).toBe("An owner-occupied building of 6 units in Chicago is outside the RLTO (Chicago Municipal Code 5-12-020(a)).");
    expect(r.warnings).toEqual([
      "Chicago's Fair Notice section (5-12-130(j)) and its ban on lockouts (5-12-160) still apply to an owner-occupied building of six units or fewer (Chicago Municipal Code 5-12-020(a)).",
    ]);
    // Seven units: the RLTO whoever lives there, and nothing to ask.
    expect(ruleSetOf(input({ jurisdiction: "chicago", ownerOccupied: true, ownerOccupiedConfirmed: true, unitCount: 7 }))).toMatchObject({ rules: "chicago_rlto", warnings: [] });
    expect(ruleSetOf(input({ jurisdiction: "chicago", unitCount: 12 }))).toMatchObject({ rules: "chicago_rlto", warnings: [] });
    // Confirmed not owner-occupied: the RLTO, no warning.
    expect(ruleSetOf(input({ jurisdiction: "chicago", ownerOccupiedConfirmed: true }))).toMatchObject({ rules: "chicago_rlto", warnings: [] });
  });

  test("suburban Cook County: the county's ordinance, except owner-occupied small buildings and Evanston or Mount Prospect", () => {
    expect(ruleSetOf(input({ city: "Berwyn", jurisdiction: "suburban_cook", ownerOccupiedConfirmed: true })).rules).toBe("cook_county");
    expect(ruleSetOf(input({ city: "Berwyn", jurisdiction: "suburban_cook", ownerOccupied: true, ownerOccupiedConfirmed: true })).rules).toBe("illinois");
    const evanston = ruleSetOf(input({ city: "Evanston", jurisdiction: "suburban_cook", ownerOccupiedConfirmed: true }));
    expect(evanston.rules).toBe("illinois");
    expect(evanston.warnings[0]).toContain("Evanston's Residential Landlord and Tenant Ordinance");
    expect(ruleSetOf(input({ city: "Mt. Prospect", jurisdiction: "suburban_cook", ownerOccupiedConfirmed: true })).rules).toBe("illinois");
    // A single-family house: the ordinance, and the exemption the app cannot know about is named.
    const house = ruleSetOf(input({ city: "Oak Park", jurisdiction: "suburban_cook", propertyType: "single_family", unitCount: 1, ownerOccupiedConfirmed: true }));
    expect(house.rules).toBe("cook_county");
    expect(house.warnings[0]).toContain("within the last 12 months");
  });

  test("elsewhere in Illinois, and anything that is not a dwelling: the statutes only", () => {
    expect(ruleSetOf(input({ city: "Springfield", jurisdiction: "illinois_other" }))).toMatchObject({ rules: "illinois", warnings: [] });
    expect(ruleSetOf(input({ jurisdiction: "chicago", propertyType: "commercial" })).rules).toBe("illinois");
    expect(ruleSetOf(input({ jurisdiction: "chicago", propertyType: "land" })).rules).toBe("illinois");
  });

  test("what the owner confirmed wins over the guess: an Elgin address confirmed outside Cook County", () => {
    expect(ruleSetOf(input({ city: "Elgin" })).jurisdiction).toBe("suburban_cook");
    expect(ruleSetOf(input({ city: "Elgin", jurisdiction: "illinois_other" }))).toMatchObject({ rules: "illinois", jurisdiction: "illinois_other", jurisdictionConfirmed: true, warnings: [] });
  });
});

describe("every answer says why, with its source, as the owner reads it", () => {
  test("the guesses' reasons", () => {
    expect(guessJurisdiction({ city: "Gary", state: " in " }).reason).toBe("Gary, IN is not in Illinois.");
    expect(guessJurisdiction({ city: "Chicago", state: " IL " })).toEqual({ jurisdiction: "chicago", reason: "The city is Chicago.", uncertain: false });
    expect(guessJurisdiction({ city: "Berwyn", state: "IL" }).reason).toBe("Berwyn is a municipality of Cook County.");
    expect(guessJurisdiction({ city: "Schaumburg", state: "IL" }).reason).toBe(
      "Schaumburg lies partly in Cook County and partly in another county; the app assumes Cook County, whose rules are the stricter.",
    );
    expect(guessJurisdiction({ city: "Peoria", state: "IL" }).reason).toBe("Peoria is not on the app's list of Cook County municipalities.");
  });

  test("a city is read from its start: 'Mt.' and 'Village of' only as prefixes", () => {
    expect(normalizeCity("Vermont")).toBe("vermont");
    expect(normalizeCity("Lake of the Woods City of X")).toBe("lake of the woods city of x");
    expect(normalizeCity("Southtown of Y")).toBe("southtown of y");
    expect(normalizeCity("The Village of Z")).toBe("the village of z");
    expect(normalizeCity("City of Evanston")).toBe("evanston");
    expect(normalizeCity("Town of Cicero")).toBe("cicero");
  });

  test("the rule sets' reasons and warnings", () => {
    const confirmed = { jurisdiction: "suburban_cook" as const, ownerOccupiedConfirmed: true };
    expect(ruleSetOf(input({ propertyType: "land" })).reason).toBe("Not a dwelling: the residential landlord-tenant ordinances do not apply.");
    expect(ruleSetOf(input({ jurisdiction: "chicago", ownerOccupiedConfirmed: true })).reason).toBe(
      "A Chicago rental dwelling: the Residential Landlord and Tenant Ordinance (Municipal Code chapter 5-12) applies.",
    );
    expect(ruleSetOf(input({ jurisdiction: "chicago", ownerOccupied: true, ownerOccupiedConfirmed: true, unitCount: 1 })).reason).toBe(
      "An owner-occupied building of 1 unit in Chicago is outside the RLTO (Chicago Municipal Code 5-12-020(a)).",
    );
    expect(ruleSetOf(input({ ...confirmed, city: "Evanston" })).reason).toBe("Evanston has a landlord-tenant ordinance of its own, so Cook County's does not apply there (Sec. 42-801).");
    expect(ruleSetOf(input({ ...confirmed, city: "Berwyn", ownerOccupied: true, unitCount: 1 })).reason).toBe("An owner-occupied building of 1 unit is outside Cook County's ordinance (Sec. 42-802).");
    expect(ruleSetOf(input({ ...confirmed, city: "Berwyn", ownerOccupied: true, unitCount: 3 })).reason).toBe("An owner-occupied building of 3 units is outside Cook County's ordinance (Sec. 42-802).");
    const cook = ruleSetOf(input({ ...confirmed, city: "Berwyn" }));
    expect(cook.reason).toBe("A suburban Cook County rental dwelling: Cook County Code Sec. 42-801 to 42-810 (Residential Tenant Landlord Ordinance) applies.");
    expect(cook.warnings).toEqual([]);
    const unknown = ruleSetOf(input({ jurisdiction: "suburban_cook", city: "Berwyn" }));
    expect(unknown.warnings).toContain(
      "The app cannot know whether you live in this building. An owner-occupied building of six units or fewer is outside Cook County's ordinance (Sec. 42-802); until you say whether you live here, the app applies it.",
    );
    expect(ruleSetOf(input({ jurisdiction: "illinois_other", city: "Peoria" })).reason).toBe("Outside Cook County: the Illinois statutes apply (check for a local ordinance).");
  });
});

