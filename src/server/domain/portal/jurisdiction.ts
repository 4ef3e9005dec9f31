import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { JURISDICTION_LABELS, type Jurisdiction, type PropertyType, type RuleSet } from "../../../shared/portal.ts";

// Which landlord-tenant rules a property's tenancies follow (DECISIONS.md 28), as a pure function
// of the property: Chicago's Residential Landlord and Tenant Ordinance (Municipal Code chapter
// 5-12), Cook County's Residential Tenant Landlord Ordinance (Cook County Code chapter 42, article
// IV, in force since June 2021) for the rest of the county, or the Illinois statutes alone. The
// late-fee limits, the notices and the security-deposit rules all ask this one function.

export const RLTO_EXCLUSION_SOURCE = "Chicago Municipal Code 5-12-020(a)";
export const CCRTLO_SOURCE = "Cook County Code Sec. 42-801 to 42-810 (Residential Tenant Landlord Ordinance)";

/**
 * The municipalities wholly or partly in Cook County, lower-case, for the app's first guess of a
 * property's jurisdiction from its city (data, kept in src/server/content/cook-county-municipalities.csv). Compiled from the public lists of the county's
 * municipalities (the Cook County Clerk's and the U.S. Census Bureau's); it has not been checked
 * line by line against the Clerk's current list, which is why the guess is only a default the owner
 * confirms (decision 0050). `partly` marks those that lie partly in another county: an address
 * there may be outside Cook County.
 */
export const COOK_COUNTY_MUNICIPALITIES: Readonly<Record<string, "cook" | "partly">> = Object.fromEntries(
  readFileSync(resolve(import.meta.dir, "../../content/cook-county-municipalities.csv"), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [name, where] = line.split(",") as [string, string];
      return [name, where === "wholly" ? "cook" : "partly"];
    }),
);

/**
 * Suburban Cook County municipalities with a landlord-tenant ordinance of their own, which Cook
 * County's ordinance leaves to them (Sec. 42-801). The app does not model these ordinances.
 */
export const OWN_ORDINANCE: Readonly<Record<string, string>> = {
  evanston: "Evanston's Residential Landlord and Tenant Ordinance",
  "mount prospect": "Mount Prospect's landlord and tenant regulations",
};

/** "Mt. Prospect" -> "mount prospect": a city as the list spells it. */
export function normalizeCity(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replace(/\./g, "")
    .replace(/\s+/g, " ")
    .replace(/^mt /, "mount ")
    .replace(/^village of |^city of |^town of /, "");
}

export interface JurisdictionGuess {
  jurisdiction: Jurisdiction;
  /** Why, in words. */
  reason: string;
  /** The city is partly outside Cook County, or not on the list at all. */
  uncertain: boolean;
}

/** The app's first guess of a property's jurisdiction, from its city and state. */
export function guessJurisdiction(address: { city: string; state: string }): JurisdictionGuess {
  const city = normalizeCity(address.city);
  const state = address.state.trim().toUpperCase();
  if (state !== "IL") {
    return { jurisdiction: "illinois_other", reason: `${address.city.trim()}, ${state} is not in Illinois.`, uncertain: true };
  }
  if (city === "chicago") return { jurisdiction: "chicago", reason: "The city is Chicago.", uncertain: false };
  const inCook = COOK_COUNTY_MUNICIPALITIES[city];
  if (inCook === "cook") return { jurisdiction: "suburban_cook", reason: `${address.city} is a municipality of Cook County.`, uncertain: false };
  if (inCook === "partly") {
    return {
      jurisdiction: "suburban_cook",
      reason: `${address.city} lies partly in Cook County and partly in another county; the app assumes Cook County, whose rules are the stricter.`,
      uncertain: true,
    };
  }
  return { jurisdiction: "illinois_other", reason: `${address.city} is not on the app's list of Cook County municipalities.`, uncertain: true };
}

export interface RuleSetInput {
  city: string;
  state: string;
  propertyType: PropertyType;
  /** What the owner confirmed, or null for the app's guess. */
  jurisdiction: Jurisdiction | null;
  ownerOccupied: boolean;
  ownerOccupiedConfirmed: boolean;
  /** Dwelling units in the building (the property's units that are not archived). */
  unitCount: number;
}

export interface RuleSetDecision {
  rules: RuleSet;
  jurisdiction: Jurisdiction;
  jurisdictionConfirmed: boolean;
  /** Why these rules, in words, with the source. */
  reason: string;
  /** What the app cannot know, and what else applies. */
  warnings: string[];
}

const OWNER_OCCUPIED_LIMIT = 6;

/**
 * The rules a property's tenancies follow:
 * - not a dwelling (commercial property, land): the residential ordinances do not reach it;
 * - Chicago: the RLTO, except an owner-occupied building of six units or fewer (5-12-020(a)), where
 *   only the Fair Notice section (5-12-130(j)) and the lockout ban (5-12-160) still apply;
 * - suburban Cook County: the county's ordinance, except an owner-occupied building of six units or
 *   fewer (Sec. 42-802) and the municipalities with an ordinance of their own;
 * - elsewhere: the Illinois statutes.
 * Where the app cannot know (owner occupancy never confirmed, a guessed jurisdiction), it applies
 * the stricter rules and says so.
 */
export function ruleSetOf(input: RuleSetInput): RuleSetDecision {
  const guess = guessJurisdiction(input);
  const jurisdiction = input.jurisdiction ?? guess.jurisdiction;
  const jurisdictionConfirmed = input.jurisdiction !== null;
  const warnings: string[] = [];
  if (!jurisdictionConfirmed) {
    warnings.push(`The jurisdiction (${JURISDICTION_LABELS[jurisdiction]}) is the app's guess from the address: ${guess.reason} Confirm it on the property.`);
  }
  const decide = (rules: RuleSet, reason: string): RuleSetDecision => ({ rules, jurisdiction, jurisdictionConfirmed, reason, warnings });

  if (input.propertyType === "commercial" || input.propertyType === "land") {
    return decide("illinois", "Not a dwelling: the residential landlord-tenant ordinances do not apply.");
  }
  const small = input.unitCount <= OWNER_OCCUPIED_LIMIT;
  const unknownOccupancy = small && !input.ownerOccupiedConfirmed;
  const ownerOccupiedSmall = small && input.ownerOccupied && input.ownerOccupiedConfirmed;

  if (jurisdiction === "chicago") {
    if (ownerOccupiedSmall) {
      warnings.push(
        `Chicago's Fair Notice section (5-12-130(j)) and its ban on lockouts (5-12-160) still apply to an owner-occupied building of six units or fewer (${RLTO_EXCLUSION_SOURCE}).`,
      );
      return decide("illinois", `An owner-occupied building of ${input.unitCount} unit${input.unitCount === 1 ? "" : "s"} in Chicago is outside the RLTO (${RLTO_EXCLUSION_SOURCE}).`);
    }
    if (unknownOccupancy) {
      warnings.push(
        `The app cannot know whether you live in this building. An owner-occupied building of six units or fewer is outside the RLTO (${RLTO_EXCLUSION_SOURCE}); until you say whether you live here, the app applies the RLTO.`,
      );
    }
    return decide("chicago_rlto", "A Chicago rental dwelling: the Residential Landlord and Tenant Ordinance (Municipal Code chapter 5-12) applies.");
  }
  if (jurisdiction === "suburban_cook") {
    const own = OWN_ORDINANCE[normalizeCity(input.city)];
    if (own) {
      warnings.push(`${input.city} has its own ordinance, ${own}, which the app does not apply: check it.`);
      return decide("illinois", `${input.city} has a landlord-tenant ordinance of its own, so Cook County's does not apply there (Sec. 42-801).`);
    }
    if (ownerOccupiedSmall) {
      return decide("illinois", `An owner-occupied building of ${input.unitCount} unit${input.unitCount === 1 ? "" : "s"} is outside Cook County's ordinance (Sec. 42-802).`);
    }
    if (unknownOccupancy) {
      warnings.push("The app cannot know whether you live in this building. An owner-occupied building of six units or fewer is outside Cook County's ordinance (Sec. 42-802); until you say whether you live here, the app applies it.");
    }
    if (input.propertyType === "single_family") {
      warnings.push(
        "A single-family home or condominium that is not owned or managed by a company, whose owner lived in it within the last 12 months, is also outside Cook County's ordinance (Sec. 42-802): the app cannot know this and applies the ordinance.",
      );
    }
    return decide("cook_county", `A suburban Cook County rental dwelling: ${CCRTLO_SOURCE} applies.`);
  }
  return decide("illinois", "Outside Cook County: the Illinois statutes apply (check for a local ordinance).");
}
