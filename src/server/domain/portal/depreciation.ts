import type { IsoDate } from "../../../shared/calendar.ts";
import type { PropertyType } from "../../../shared/portal.ts";

// Schedule E line 18 for the building (PORTAL.md 6): MACRS GDS straight line with the mid-month
// convention, by the percentages of IRS Publication 946, Appendix A: Table A-6 for residential
// rental property (27.5 years) and Table A-7a for nonresidential real property (39 years). The
// tables' percentages (three decimals) are used as printed, not recomputed, so the figures are the
// ones a preparer reads off the table. Land is never depreciated; the basis is the building's.

export type RecoveryClass = "residential_27_5" | "nonresidential_39" | "none";

/**
 * The class of a property type: houses and apartments are residential rental property (27.5 years);
 * commercial, self-rental, short-term vacation rentals (transient use: not dwelling units under
 * IRC 168(e)(2)) and other property are nonresidential real property (39 years); land is not
 * depreciable.
 */
export const RECOVERY_CLASS: Record<PropertyType, RecoveryClass> = {
  single_family: "residential_27_5",
  multi_family: "residential_27_5",
  vacation: "nonresidential_39",
  commercial: "nonresidential_39",
  self_rental: "nonresidential_39",
  other: "nonresidential_39",
  land: "none",
};

export const RECOVERY_CLASS_LABELS: Record<RecoveryClass, string> = {
  residential_27_5: "Residential rental property, GDS 27.5 years, straight line, mid-month (Pub. 946 Table A-6)",
  nonresidential_39: "Nonresidential real property, GDS 39 years, straight line, mid-month (Pub. 946 Table A-7a)",
  none: "Land: not depreciable",
};

// Percentages in thousandths of a percent (3.485% is 3485), by the month placed in service.

/** Table A-6, recovery year 1. */
const A6_FIRST = [3485, 3182, 2879, 2576, 2273, 1970, 1667, 1364, 1061, 758, 455, 152] as const;
/** Table A-6, recovery year 28 (year 29 is what is left for months 7-12). */
const A6_YEAR_28 = [1970, 2273, 2576, 2879, 3182, 3485, 3636, 3636, 3636, 3636, 3636, 3636] as const;
const A6_YEAR_29 = [0, 0, 0, 0, 0, 0, 152, 455, 758, 1061, 1364, 1667] as const;
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
  const length = recoveryClass === "residential_27_5" ? 29 : recoveryClass === "nonresidential_39" ? 40 : 0;
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
