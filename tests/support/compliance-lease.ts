import type { LedgerFact } from "../../src/server/domain/portal/allocation.ts";
import type { ComplianceLease } from "../../src/server/domain/portal/compliance.ts";

// The lease the compliance calendar's unit tests start from (deposit-rules and compliance-rules).

/** A deposit ($1,500 unless said) charged and paid on one day. */
export const depositPaidOn = (date: string, cents = 150_000): LedgerFact[] => [
  { id: `d-${date}`, date, kind: "deposit", amountCents: cents, period: date.slice(0, 7), voids: null },
  { id: `p-${date}`, date, kind: "payment", amountCents: -cents, period: date.slice(0, 7), voids: null },
];

/** A two-flat in Chicago under the RLTO: a lease from June 1, 2025 to December 31, 2026, its $1,500 deposit paid on the first day. */
export const chicagoLease = (overrides: Partial<ComplianceLease> = {}): ComplianceLease => ({
  id: "lease-1",
  propertyId: "property-1",
  place: "2201 W Cermak Rd, unit 1",
  rules: "chicago_rlto",
  jurisdiction: "chicago",
  unitCount: 2,
  startDate: "2025-06-01",
  endDate: "2026-12-31",
  booksFrom: null,
  receiptGivenOn: null,
  rltoSummaryGivenOn: null,
  entries: depositPaidOn("2025-06-01"),
  moveOut: null,
  settledPeriods: new Set(),
  // 2025's rate entered as 0.01% (100 millionths).
  rates: new Map([[2025, 100]]),
  occupiedSince: "2025-06-01",
  followedBy: false,
  ...overrides,
});
