import { chicagoRltoLimit, cookCountyLimit, formatCents, RULE_SET_LABELS, type RuleSet, type TLateFeePolicy } from "../../../shared/portal.ts";

// The late-fee caps of the local ordinances (PORTAL.md 3), as a pure check of a lease's policy
// against the rule set of its property (jurisdiction.ts): Chicago's RLTO, $10 a month for the first
// $500 of monthly rent plus 5% of the rest (Municipal Code 5-12-140(h)); suburban Cook County's
// ordinance, $10 a month for the first $1,000 plus 5% of the rest (Cook County Code Sec. 42-804).
// The Illinois statutes set no figure. The app warns; the owner decides.

export const LATE_FEE_CAPS: Partial<Record<RuleSet, { limit: (monthlyRentCents: number) => number; words: string; source: string }>> = {
  chicago_rlto: { limit: chicagoRltoLimit, words: "$10 for the first $500 of monthly rent plus 5% of the rest", source: "Chicago Municipal Code 5-12-140(h)" },
  cook_county: { limit: cookCountyLimit, words: "$10 for the first $1,000 of monthly rent plus 5% of the rest", source: "Cook County Code Sec. 42-804" },
};

/** Half up to the cent of `cents x percent / 100`. */
const percentOf = (cents: number, percent: number) => Math.floor((2 * cents * Math.round(percent * 100) + 10_000) / 20_000);

/** The most a policy can charge for one month's rent: its base fee, or its cap when a daily amount grows toward it. */
export function mostLateFee(policy: TLateFeePolicy, monthlyRentCents: number): number {
  const base =
    policy.kind === "fixed"
      ? (policy.amount_cents ?? 0)
      : policy.kind === "percent"
        ? percentOf(monthlyRentCents, policy.percent ?? 0)
        : policy.kind === "chicago_rlto"
          ? chicagoRltoLimit(monthlyRentCents)
          : cookCountyLimit(monthlyRentCents);
  if (policy.daily_cents) return policy.max_cents ?? Number.POSITIVE_INFINITY;
  return policy.max_cents ? Math.min(base, policy.max_cents) : base;
}

/** Why a lease's late-fee policy can exceed its property's cap, or nothing. */
export function lateFeeWarnings(policy: TLateFeePolicy | null, monthlyRentCents: number, rules: RuleSet): string[] {
  const cap = LATE_FEE_CAPS[rules];
  if (!policy || !cap) return [];
  const limit = cap.limit(monthlyRentCents);
  const most = mostLateFee(policy, monthlyRentCents);
  if (most <= limit) return [];
  return [
    `This lease's late fee can reach ${formatCents(most)} a month, more than the ${formatCents(limit)} that the ${RULE_SET_LABELS[rules]} allows on ${formatCents(monthlyRentCents)} of rent (${cap.words}, ${cap.source}). Lower it, or choose the ${rules === "chicago_rlto" ? "Chicago RLTO" : "Cook County"} limit.`,
  ];
}
