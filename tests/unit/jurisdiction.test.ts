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
