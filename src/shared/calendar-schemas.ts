import { z } from "zod";
import { FIRST_YEAR, LAST_YEAR } from "./calendar.ts";

// The calendar's dates and months as the API accepts them (calendar.ts has their arithmetic).

const inYears = (value: string) => Number(value.slice(0, 4)) >= FIRST_YEAR && Number(value.slice(0, 4)) <= LAST_YEAR;
export const IsoDateSchema = z.iso.date("Use a date like 2026-03-01").refine(inYears, `Use a date from ${FIRST_YEAR} to ${LAST_YEAR}`);
export const PeriodSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use a month like 2026-03")
  .refine(inYears, `Use a month from ${FIRST_YEAR} to ${LAST_YEAR}`);
