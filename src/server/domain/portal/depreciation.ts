import type { IsoDate } from "../../../shared/calendar.ts";
import type { PropertyType } from "../../../shared/portal.ts";

// Schedule E line 18 for the building (PORTAL.md 6): MACRS GDS straight line with the mid-month
// convention, by the percentages of IRS Publication 946, Appendix A: Table A-6 for residential
// rental property (27.5 years), Table A-7a for nonresidential real property placed in service after
// May 12, 1993 (39 years) and Table A-7 for nonresidential real property placed in service from
// 1987 through May 12, 1993 (31.5 years). The tables' percentages (three decimals) are used as
// printed, not recomputed, so the figures are the ones a preparer reads off the table. Land is never
// depreciated; the basis is the building's. A building placed in service before 1987 is not MACRS
// property (ACRS, or the rules before 1981): the report asks the owner for its figure.

export type RecoveryClass = "residential_27_5" | "nonresidential_39" | "nonresidential_31_5" | "none";

/** What kind of real property a property type is, for depreciation (IRC 168(e)(2)). */
export type PropertyKind = "residential" | "nonresidential" | "land";

/**
 * Each property type's kind: a building at least 80% of whose rent comes from dwelling units is
 * residential rental property (IRC 168(e)(2)(A)): houses and apartments, and a vacation home
 * rented to tenants (a dwelling unit unless it is used on a transient basis, 168(e)(2)(A)(ii)(I):
 * the report assumes it is not and says so). Commercial, self-rental and other buildings are
 * nonresidential real property (168(e)(2)(B)); land is not depreciable.
 */
export const PROPERTY_KIND: Record<PropertyType, PropertyKind> = {
  single_family: "residential",
  multi_family: "residential",
  vacation: "residential",
  commercial: "nonresidential",
  self_rental: "nonresidential",
  other: "nonresidential",
  land: "land",
};

/** The rule behind each property type's class, as the report prints it. */
export const CLASS_RULES: Record<PropertyType, string> = {
  single_family: "Residential rental property: a building at least 80% of whose rent is from dwelling units (IRC 168(e)(2)(A)), recovered over 27.5 years.",
  multi_family: "Residential rental property: a building at least 80% of whose rent is from dwelling units (IRC 168(e)(2)(A)), recovered over 27.5 years.",
  vacation:
    "A vacation home rented to tenants is residential rental property (27.5 years) unless it is used on a transient basis, that is rented for stays of less than 30 days for more than half of its rental days (IRC 168(e)(2)(A)(ii)(I); Treas. Reg. 1.48-1(h)(2)(ii)); then it is nonresidential real property (39 years). The report treats it as residential.",
  commercial: "Nonresidential real property (IRC 168(e)(2)(B)): 39 years if placed in service after May 12, 1993 (Table A-7a); 31.5 years if placed in service from 1987 through May 12, 1993 (Table A-7).",
  self_rental: "Nonresidential real property (IRC 168(e)(2)(B)): 39 years if placed in service after May 12, 1993 (Table A-7a); 31.5 years if placed in service from 1987 through May 12, 1993 (Table A-7).",
  other: "Nonresidential real property (IRC 168(e)(2)(B)): 39 years if placed in service after May 12, 1993 (Table A-7a); 31.5 years if placed in service from 1987 through May 12, 1993 (Table A-7).",
  land: "Land is not depreciable (Publication 946).",
};

/** The first day nonresidential real property is 39-year property (Revenue Reconciliation Act of 1993; Pub. 946). */
export const THIRTY_NINE_YEARS_FROM = "1993-05-13";
/** MACRS applies to property placed in service after 1986. */
export const MACRS_FROM = "1987-01-01";

/** How line 18 is found for a building: a MACRS class, or the owner's own figure (before 1987). */
export type RecoveryMethod = { method: "macrs"; recoveryClass: RecoveryClass } | { method: "owner_figure"; reason: string };

/**
 * The recovery class of a property type placed in service on a day. Before 1987 a building is not
 * MACRS property: ACRS (1981-1986: 15-, 18- or 19-year real property, or an elected straight line of
 * up to 45 years) or the useful-life rules before it, which the report does not compute.
 */
export function recoveryMethodOf(propertyType: PropertyType, placedInService: IsoDate): RecoveryMethod {
  const kind = PROPERTY_KIND[propertyType];
  if (kind === "land") return { method: "macrs", recoveryClass: "none" };
  if (placedInService < MACRS_FROM) {
    return {
      method: "owner_figure",
      reason:
        placedInService >= "1981-01-01"
          ? "Placed in service from 1981 through 1986: ACRS property (15-, 18- or 19-year real property, or a straight line of up to 45 years if that was elected), which this report does not compute."
          : "Placed in service before 1981: depreciated by the useful-life rules before ACRS, which this report does not compute.",
    };
  }
  if (kind === "residential") return { method: "macrs", recoveryClass: "residential_27_5" };
  return { method: "macrs", recoveryClass: placedInService < THIRTY_NINE_YEARS_FROM ? "nonresidential_31_5" : "nonresidential_39" };
}

export const RECOVERY_CLASS_LABELS: Record<RecoveryClass, string> = {
  residential_27_5: "Residential rental property, GDS 27.5 years, straight line, mid-month (Pub. 946 Table A-6)",
  nonresidential_39: "Nonresidential real property, GDS 39 years, straight line, mid-month (Pub. 946 Table A-7a)",
  nonresidential_31_5: "Nonresidential real property placed in service before May 13, 1993, GDS 31.5 years, straight line, mid-month (Pub. 946 Table A-7)",
  none: "Land: not depreciable",
};

// Percentages in thousandths of a percent (3.485% is 3485), by the month placed in service.

/** Table A-6, recovery year 1. */
const A6_FIRST = [3485, 3182, 2879, 2576, 2273, 1970, 1667, 1364, 1061, 758, 455, 152] as const;
/** Table A-6, recovery year 28 (year 29 is what is left for months 7-12). */
const A6_YEAR_28 = [1970, 2273, 2576, 2879, 3182, 3485, 3636, 3636, 3636, 3636, 3636, 3636] as const;
const A6_YEAR_29 = [0, 0, 0, 0, 0, 0, 152, 455, 758, 1061, 1364, 1667] as const;
/**
 * Table A-7, recovery year 1; years 2-7 are 3.175 in every column. Checked by each column's sum
 * (100.000%) and the straight-line arithmetic, not cell by cell against a printed copy (decision 0053).
 */
const A7_FIRST = [3042, 2778, 2513, 2249, 1984, 1720, 1455, 1190, 926, 661, 397, 132] as const;
/** Table A-7, recovery year 32 (months 7-12: 3.175), and year 33 (months 7-12 only). */
const A7_YEAR_32 = [1720, 1984, 2249, 2513, 2778, 3042, 3175, 3175, 3175, 3175, 3175, 3175] as const;
const A7_YEAR_33 = [0, 0, 0, 0, 0, 0, 132, 397, 661, 926, 1190, 1455] as const;
/** Table A-7a, recovery years 1 and 40. */
const A7A_FIRST = [2461, 2247, 2033, 1819, 1605, 1391, 1177, 963, 749, 535, 321, 107] as const;
const A7A_LAST = [107, 321, 535, 749, 963, 1177, 1391, 1605, 1819, 2033, 2247, 2461] as const;

/**
 * The table's percentage (thousandths of a percent) for a recovery year (1 = the year placed in
 * service) and the month placed in service (1-12); 0 outside the recovery period.
 */
export function tablePercent(recoveryClass: RecoveryClass, recoveryYear: number, month: number): number {
  if (recoveryClass === "none" || recoveryYear < 1 || month < 1 || month > 12) return 0;
  const m = month - 1;
  if (recoveryClass === "residential_27_5") {
    if (recoveryYear === 1) return A6_FIRST[m]!;
    if (recoveryYear <= 9) return 3636;
    if (recoveryYear <= 27) {
      // Table A-6 alternates 3.637 and 3.636 from year 10 on: even years 3.637 for months 1-6, odd years for months 7-12.
      const even = recoveryYear % 2 === 0;
      return (month <= 6) === even ? 3637 : 3636;
    }
    if (recoveryYear === 28) return A6_YEAR_28[m]!;
    if (recoveryYear === 29) return A6_YEAR_29[m]!;
    return 0;
  }
  if (recoveryClass === "nonresidential_31_5") {
    if (recoveryYear === 1) return A7_FIRST[m]!;
    if (recoveryYear <= 7) return 3175;
    if (recoveryYear <= 31) {
      // Table A-7 alternates by column from year 8: even years 3.175 in odd months (Jan, Mar...) and
      // 3.174 in even months; odd years the other way round.
      const even = recoveryYear % 2 === 0;
      return (month % 2 === 1) === even ? 3175 : 3174;
    }
    if (recoveryYear === 32) return A7_YEAR_32[m]!;
    if (recoveryYear === 33) return A7_YEAR_33[m]!;
    return 0;
  }
  if (recoveryYear === 1) return A7A_FIRST[m]!;
  if (recoveryYear <= 39) return 2564;
  if (recoveryYear === 40) return A7A_LAST[m]!;
  return 0;
}

/** basis x percent, half up to the cent (percent in thousandths of a percent). */
const applyPercent = (basisCents: number, percent: number) => Math.floor((2 * basisCents * percent + 100_000) / 200_000);

export interface DepreciationYear {
  year: number;
  recoveryYear: number;
  /** Thousandths of a percent, as in the table. */
  percent: number;
  amountCents: number;
}

export interface DepreciationSchedule {
  recoveryClass: RecoveryClass;
  basisCents: number;
  placedInService: IsoDate;
  /** This tax year's line 18. */
  current: DepreciationYear;
  /** Depreciation of the years before this one (what the basis is already reduced by). */
  priorCents: number;
  /** The basis not yet depreciated after this year. */
  remainingCents: number;
  /** Every year of the recovery period, for the schedule shown with the report. */
  years: DepreciationYear[];
}

/** Line 18 for a tax year: the table's percentage for that recovery year times the basis. */
export function depreciation(basisCents: number, placedInService: IsoDate, year: number, recoveryClass: RecoveryClass): DepreciationYear {
  const placedYear = Number(placedInService.slice(0, 4));
  const month = Number(placedInService.slice(5, 7));
  const recoveryYear = year - placedYear + 1;
  const percent = tablePercent(recoveryClass, recoveryYear, month);
  return { year, recoveryYear, percent, amountCents: applyPercent(basisCents, percent) };
}

/** The whole schedule, and where the tax year stands in it. */
export function depreciationSchedule(basisCents: number, placedInService: IsoDate, year: number, recoveryClass: RecoveryClass): DepreciationSchedule {
  const placedYear = Number(placedInService.slice(0, 4));
  const length = { residential_27_5: 29, nonresidential_31_5: 33, nonresidential_39: 40, none: 0 }[recoveryClass];
  const years = Array.from({ length }, (_, i) => depreciation(basisCents, placedInService, placedYear + i, recoveryClass));
  const current = depreciation(basisCents, placedInService, year, recoveryClass);
  const priorCents = years.filter((y) => y.year < year).reduce((s, y) => s + y.amountCents, 0);
  return {
    recoveryClass,
    basisCents,
    placedInService,
    current,
    priorCents,
    remainingCents: Math.max(0, basisCents - priorCents - current.amountCents),
    years,
  };
}
