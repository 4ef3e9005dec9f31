// The one source for levels, prices and the option lists of the application form.
// Server, client and the agreement text all read from here (DECISIONS.md 8).

import { formatDollars } from "./money.ts";

export const MEMBERSHIP_LEVELS = ["Basic", "Standard", "Premium"] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];

export const PAID_LEVELS = ["Standard", "Premium"] as const satisfies readonly MembershipLevel[];
export type PaidLevel = (typeof PAID_LEVELS)[number];

export const CURRENCY = "usd";
export const BILLING_FREQUENCY = "monthly";

/** Monthly price of each level in integer cents. */
export const priceTable: Record<MembershipLevel, { monthlyCents: number; tagline: string }> = {
  Basic: { monthlyCents: 0, tagline: "Free resources, forms and the skills network" },
  Standard: { monthlyCents: 5000, tagline: "The member portal for your properties and tenants" },
  Premium: { monthlyCents: 10000, tagline: "Everything in Standard plus full administrative support" },
};

/**
 * A-la-carte services (SPEC.md 9, DECISIONS.md 23), one-time purchases through checkout in
 * payment mode. `null`: included in that level, nothing to buy.
 */
export const ALA_CARTE_ITEMS = ["tax_report", "eviction_case", "bookkeeping"] as const;
export type AlaCarteItem = (typeof ALA_CARTE_ITEMS)[number];
export const alaCartePrices: Record<AlaCarteItem, { label: string; per: string; cents: Record<PaidLevel, number | null> }> = {
  tax_report: { label: "Schedule E report", per: "tax year", cents: { Standard: 20000, Premium: null } },
  eviction_case: { label: "Eviction coordination", per: "case", cents: { Standard: 40000, Premium: 10000 } },
  bookkeeping: { label: "Bookkeeping support", per: "month", cents: { Standard: 10000, Premium: null } },
};

/** "$200 per tax year", or "included in Premium" */
export function alaCarteLabel(item: AlaCarteItem, level: PaidLevel = "Standard"): string {
  return priceAt(item, level) ?? `included in ${level}`;
}


/** "$400 per case" at a level, or null when the level includes it. */
function priceAt(item: AlaCarteItem, level: PaidLevel): string | null {
  const cents = alaCartePrices[item].cents[level];
  return cents === null ? null : `${formatDollars(cents)} per ${alaCartePrices[item].per}`;
}

/**
 * What a Standard owner is told before buying something Premium includes (the Schedule E report,
 * a month of bookkeeping support): what upgrading would cost instead, and that a purchase is
 * neither refunded nor credited on upgrading. Null where Premium does not include it.
 */
export function beforeBuying(item: AlaCarteItem): string | null {
  const { cents } = alaCartePrices[item];
  if (cents.Premium !== null || cents.Standard === null) return null;
  const more = priceTable.Premium.monthlyCents - priceTable.Standard.monthlyCents;
  const included = { tax_report: "the Schedule E report for every tax year", bookkeeping: "bookkeeping support every month", eviction_case: "eviction coordination" }[item];
  return (
    `Premium includes ${included}. ` +
    `Upgrading from Standard (${priceLabel("Standard")}) to Premium (${priceLabel("Premium")}) costs ${formatDollars(more)} more a month; ` +
    `this purchase (${alaCarteLabel(item, "Standard")}) is not refunded or credited if you upgrade later.`
  );
}

/** The least level that opens the owner portal: the cheapest paid one of the price table ("Standard"). */
export const OWNER_PORTAL_LEVEL: PaidLevel = [...PAID_LEVELS].sort((a, b) => priceTable[a].monthlyCents - priceTable[b].monthlyCents)[0]!;

/** What a member without the owner portal is told it needs: "Standard Membership Required". */
export const OWNER_PORTAL_REQUIRED = `${OWNER_PORTAL_LEVEL} Membership Required`;

export function isPaidLevel(level: MembershipLevel): level is PaidLevel {
  return priceTable[level].monthlyCents > 0;
}

/** "$50.00", "$1,200.00": one way of writing an amount for every screen (money.ts). */
export { formatCents } from "./money.ts";

/** "50.00 USD" — currency upper-case, two decimals (SPEC.md 9). */
export function formatAmount(cents: number, currency: string = CURRENCY): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** "$50/month", "Free" */
export function priceLabel(level: MembershipLevel): string {
  const cents = priceTable[level].monthlyCents;
  return cents === 0 ? "Free" : `$${cents / 100}/month`;
}

export const MANAGEMENT_STATUSES = [
  "Self-managed",
  "Using another company",
  "Contractor",
  "Hybrid approach",
  "New investor",
] as const;
export type ManagementStatus = (typeof MANAGEMENT_STATUSES)[number];

export const LICENSE_STATUSES = ["Licensed", "Non-licensed"] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

export const SPECIALTY_SKILLS = [
  "General Contractor",
  "Plumbing",
  "Electrical",
  "HVAC",
  "Lawn Care/Landscaping",
  "Snow Removal",
  "Painting",
  "Flooring",
  "Roofing",
  "Carpentry",
  "Cleaning Services",
  "Property Inspection",
] as const;
export type SpecialtySkill = (typeof SPECIALTY_SKILLS)[number];

/** Member account states. Basic is active at once; paid levels wait for the first payment. */
export const MEMBER_STATUSES = ["active", "awaiting_payment", "past_due", "cancelled"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Application states seen by admins and the status call (SPEC.md 4). */
export const APPLICATION_STATUSES = ["pending", "contracts_sent", "awaiting_payment", "active"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * Priority support (PORTAL.md 7.4): business hours to the first staff reply on a support ticket, by
 * the level the ticket is opened at, and the same in words. Business hours are 9:00 to 17:00
 * Chicago time on Illinois business days, so 16 of them are 2 business days.
 */
export const SUPPORT_FIRST_REPLY: Record<PaidLevel, { businessHours: number; words: string }> = {
  Premium: { businessHours: 4, words: "4 business hours" },
  Standard: { businessHours: 16, words: "2 business days" },
};

/**
 * What Premium delivers beyond Standard, each line in the words of what is done and at what price,
 * from the price table above (DECISIONS.md 26: "included" means included; a priced service says
 * its price). The landing page, the portal, the upgrade pages and the agreement read these.
 */
export const premiumTerms = {
  bookkeeping:
    "Bookkeeping support: with your permission our staff enter and categorise your expenses and record rent payments and charges in your ledgers, and you see every change they make " +
    `(included; ${priceAt("bookkeeping", "Standard")} on Standard)`,
  eviction: `Eviction-process coordination at ${priceAt("eviction_case", "Premium")} (${priceAt("eviction_case", "Standard")} on Standard)`,
  taxReport: `IRS-ready Schedule E report for every tax year (included; ${priceAt("tax_report", "Standard")} on Standard)`,
  processServer: "Licensed process server for your notices and court papers",
  support: `Priority support: a first reply to your support tickets within ${SUPPORT_FIRST_REPLY.Premium.words} (Standard: ${SUPPORT_FIRST_REPLY.Standard.words})`,
} as const;

/** What each level includes, shown in the portal's "Your Member Benefits". */
export const levelFeatures: Record<MembershipLevel, string[]> = {
  Basic: [
    "Legal documents and forms library",
    "Educational resources and legal updates",
    "Community forum",
    "Free general contractor (GC) and contractor sign-up",
    "Monthly webinars",
    "Skills network of tradespeople",
  ],
  Standard: [
    "Member portal for tracking your properties",
    "Tenant payment coordination",
    "Maintenance request coordination",
    "Monthly financial reports",
    "Contractor network and community forum",
  ],
  Premium: ["Everything in Standard", premiumTerms.bookkeeping, premiumTerms.eviction, premiumTerms.taxReport, premiumTerms.processServer, premiumTerms.support],
};

/** Where each feature of `levelFeatures` is on this site (the lists link them). */
export const featureLinks: Partial<Record<string, string>> = {
  "Legal documents and forms library": "/basic-portal",
  "Educational resources and legal updates": "/updates",
  "Community forum": "/community",
  "Free general contractor (GC) and contractor sign-up": "/contractors/me",
  "Monthly webinars": "/webinars",
  "Member portal for tracking your properties": "/portal",
  "Tenant payment coordination": "/portal/payouts",
  "Maintenance request coordination": "/portal/maintenance",
  "Monthly financial reports": "/portal/reports/monthly",
  "Contractor network and community forum": "/contractors",
  [premiumTerms.bookkeeping]: "/portal/services",
  [premiumTerms.eviction]: "/portal/evictions",
  [premiumTerms.taxReport]: "/portal/reports/schedule-e",
  [premiumTerms.processServer]: "/portal/service-jobs",
  [premiumTerms.support]: "/portal/services",
};

/**
 * The a-la-carte services at each paid level, in words: "Eviction coordination: $400 per case on
 * Standard, $100 per case with Premium". The landing page's price box and the agreement read it.
 */
export const alaCarteTerms = ALA_CARTE_ITEMS.map((item) => {
  const standard = priceAt(item, "Standard");
  const premium = priceAt(item, "Premium");
  return {
    item,
    label: alaCartePrices[item].label,
    standard: standard ?? "included",
    premium: premium ?? "included",
    words: `${alaCartePrices[item].label}: ${standard ?? "included"} on Standard, ${premium ? `${premium} with Premium` : "included in Premium"}`,
  };
});

/** Features promised by the agreement that the site does not offer yet: shown as "coming soon". */
export const comingSoonFeatures: ReadonlySet<string> = new Set<string>();

/** Next steps after applying, by level (the submit response's next_steps). */
export function nextStepsFor(level: MembershipLevel): string[] {
  if (level === "Basic") {
    return [
      "Review the membership agreement below",
      "Sign electronically to activate your free Basic membership",
      "Open the Basic Member Portal for documents, forms and the skills network",
    ];
  }
  return [
    "Review the membership agreement below",
    "Sign electronically to activate your membership",
    `Pay ${priceLabel(level)} by card to start your ${level} plan`,
    "Create your portal account",
  ];
}

/**
 * Portal username suggestion (SPEC.md 3): letters only, lower-case, at most 15 characters.
 */
export function suggestPortalUsername(firstName: string, lastName: string): string {
  return `${firstName}${lastName}`.toLowerCase().replace(/[^a-z]/g, "").slice(0, 15);
}
