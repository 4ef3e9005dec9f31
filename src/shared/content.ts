import {
  alaCarteLabel,
  alaCartePrices,
  alaCarteTerms,
  isPaidLevel,
  MEMBERSHIP_LEVELS,
  priceTable,
  SUPPORT_FIRST_REPLY,
  type AlaCarteItem,
  type MembershipLevel,
  type SpecialtySkill,
} from "./membership.ts";

// The public site's static content (SPEC.md 3 "Static content", 9 "Comparison"), in one typed
// module. Prices are never typed here: they come from the price table in membership.ts, and a
// service that costs money at a level says its price there, never "included" (DECISIONS.md 26).

export interface Benefit {
  title: string;
  description: string;
  icon: IconName;
  /** The feature on this site the benefit points to. */
  link?: { href: string; label: string };
}

export type IconName =
  | "scale"
  | "wrench"
  | "chart"
  | "users"
  | "shield"
  | "book"
  | "clock"
  | "home"
  | "briefcase"
  | "calculator";

export const benefits: Benefit[] = [
  {
    title: "Flat monthly fee",
    description: "Pay one flat membership fee instead of 8-12% of every rent check. Your costs stay the same when your rents go up.",
    icon: "calculator",
  },
  {
    title: "You stay in control",
    description: "You keep your properties, your tenants and your decisions. We give you the tools, the forms and the people.",
    icon: "home",
  },
  {
    title: "Illinois legal resources",
    description: "Current Illinois leases, notices and forms, with legal updates when the rules change.",
    icon: "scale",
    link: { href: "/updates", label: "Read the legal updates" },
  },
  {
    title: "Trusted contractor network",
    description: "Find plumbers, electricians, HVAC and general contractors among fellow members, with no middleman markup.",
    icon: "wrench",
    link: { href: "/contractors", label: "Browse the contractor directory" },
  },
  {
    title: "Clear financial reports",
    description: "A monthly owner statement and rent roll, and a Schedule E worksheet for each tax year, line by line, ready for your accountant.",
    icon: "chart",
    link: { href: "/portal/reports/monthly", label: "See the owner reports" },
  },
  {
    title: "A community of owners",
    description: "Monthly webinars and a members' forum where Illinois landlords share what works.",
    icon: "users",
    link: { href: "/community", label: "Visit the member forum" },
  },
];

export interface Service {
  name: string;
  description: string;
  /** Only Premium members get it. */
  isPremiumOnly: boolean;
  /** Shown with emphasis: the services members use most. */
  isHighlighted: boolean;
  /** The lowest level that includes it. */
  level: MembershipLevel;
  /** Where the feature is on this site, once it exists. */
  href?: string;
  /** Promised but not built yet: shown as "Coming soon", never as a feature members have. */
  comingSoon?: boolean;
  /** Sold by the item (the price table): each level shows its price, or "Included" where it costs nothing more. */
  item?: AlaCarteItem;
}

/** A service at a level, as the services table shows it: included, its price, or not offered. */
export function serviceAt(service: Service, level: MembershipLevel): { offered: boolean; words: string } {
  if (MEMBERSHIP_LEVELS.indexOf(level) < MEMBERSHIP_LEVELS.indexOf(service.level)) return { offered: false, words: "Not included" };
  if (service.item && isPaidLevel(level) && alaCartePrices[service.item].cents[level] !== null) return { offered: true, words: alaCarteLabel(service.item, level) };
  return { offered: true, words: "Included" };
}

export const services: Service[] = [
  {
    name: "Legal documents and forms",
    description: "Illinois lease templates, tenant applications, notices and inspection checklists, ready to download.",
    isPremiumOnly: false,
    isHighlighted: false,
    level: "Basic",
    href: "/basic-portal",
  },
  {
    name: "Educational library and webinars",
    description: "Guides on Illinois landlord law, taxes and property management basics, plus a live webinar every month.",
    isPremiumOnly: false,
    isHighlighted: false,
    level: "Basic",
    href: "/webinars",
  },
  {
    name: "Skills network and contractor sign-up",
    description: "Contractors join free; members find tradespeople among themselves and contract privately.",
    isPremiumOnly: false,
    isHighlighted: false,
    level: "Basic",
    href: "/contractors",
  },
  {
    name: "Member portal for your properties",
    description: "Track every property, lease and tenant in one place, from any device.",
    isPremiumOnly: false,
    isHighlighted: true,
    level: "Standard",
    href: "/portal",
  },
  {
    name: "Tenant payment coordination",
    description: "Tenants pay online through the tenant portal; you see every payment as it arrives.",
    isPremiumOnly: false,
    isHighlighted: true,
    level: "Standard",
    href: "/portal/payouts",
  },
  {
    name: "Maintenance requests",
    description: "Tenants file requests online; you assign them to a verified contractor of the directory who serves your property, and follow them to done.",
    isPremiumOnly: false,
    isHighlighted: false,
    level: "Standard",
    href: "/portal/maintenance",
  },
  {
    name: "Monthly financial reports",
    description: "The rent roll of every month: what each lease owed and paid and its balance, as a CSV for your accountant.",
    isPremiumOnly: false,
    isHighlighted: false,
    level: "Standard",
    href: "/portal/rent-roll",
  },
  {
    name: "Bookkeeping support",
    description:
      "With your permission, our staff enter and categorise your expenses and record rent payments and charges in your ledgers; you see every change they make. " +
      `Included with Premium; ${alaCarteLabel("bookkeeping")} on Standard.`,
    isPremiumOnly: false,
    isHighlighted: true,
    level: "Standard",
    href: "/portal/services",
    item: "bookkeeping",
  },
  {
    name: "Eviction-process coordination",
    description:
      "When it comes to that, we coordinate the notices, filings and a licensed process server with you. " +
      `${alaCarteLabel("eviction_case", "Premium")} with Premium, ${alaCarteLabel("eviction_case")} on Standard.`,
    isPremiumOnly: false,
    isHighlighted: false,
    level: "Standard",
    href: "/portal/evictions",
    item: "eviction_case",
  },
  {
    name: "IRS-ready tax reports",
    description: `A Schedule E worksheet for each tax year, line by line, with depreciation and every transaction behind it for your accountant. Included with Premium; ${alaCarteLabel("tax_report")} on Standard.`,
    isPremiumOnly: false,
    isHighlighted: false,
    level: "Standard",
    href: "/portal/reports/schedule-e",
    item: "tax_report",
  },
  {
    name: "Priority support",
    description: `Premium members' support tickets get a first reply within ${SUPPORT_FIRST_REPLY.Premium.words} (Standard: ${SUPPORT_FIRST_REPLY.Standard.words}), Monday to Friday, 9:00 to 17:00 Chicago time.`,
    isPremiumOnly: true,
    isHighlighted: false,
    level: "Premium",
    href: "/portal/services",
  },
];

export interface Skill {
  name: SpecialtySkill;
  memberCount: number;
  icon: string;
}

/** The skills network's static list (SPEC.md 9 "Static skill member counts"). */
export const skills: Skill[] = [
  { name: "General Contractor", memberCount: 12, icon: "🏗️" },
  { name: "Plumbing", memberCount: 8, icon: "🔧" },
  { name: "Electrical", memberCount: 6, icon: "⚡" },
  { name: "HVAC", memberCount: 5, icon: "❄️" },
  { name: "Lawn Care/Landscaping", memberCount: 15, icon: "🌿" },
  { name: "Snow Removal", memberCount: 10, icon: "❄️" },
  { name: "Painting", memberCount: 9, icon: "🎨" },
  { name: "Flooring", memberCount: 7, icon: "🪵" },
  { name: "Roofing", memberCount: 4, icon: "🏠" },
  { name: "Carpentry", memberCount: 6, icon: "🔨" },
  { name: "Cleaning Services", memberCount: 18, icon: "🧹" },
  { name: "Property Inspection", memberCount: 3, icon: "🔍" },
];

/**
 * The headline figures: only what the association can back, from the price table itself (the
 * "98.5% collection rate" and "24/7 support" of the first version had nothing behind them).
 */
export const comparisonClaims = [
  { value: "0%", label: "of your rent taken: one flat fee instead" },
  { value: `$${priceTable.Standard.monthlyCents / 100}/mo`, label: "for the owner portal, whatever your rents" },
];

export const STRATEGY_SESSION_MINUTES = 45;

export interface PageMeta {
  title: string;
  description: string;
}

/** Titles and descriptions of the pre-rendered public pages (and their social cards). */
export const pageMeta = {
  "/": {
    title: "Illinois Landlord & Property Owners Association | Flat-rate membership for landlords",
    description:
      "A private member association of Illinois landlords, owners, investors and contractors. Basic is free; Standard $50/month and Premium $100/month instead of 8-12% of your rent.",
  },
  "/faq": {
    title: "Frequently asked questions | Illinois Landlord & Property Owners Association",
    description: "Answers about membership levels, prices, cancelling, electronic signatures, contractors and privacy.",
  },
  "/demo": {
    title: "Portal demo | Illinois Landlord & Property Owners Association",
    description: "Try the member portal's interactive demo and book a free 45-minute strategy session with our team.",
  },
  "/thank-you": {
    title: "Thank you | Illinois Landlord & Property Owners Association",
    description: "Thank you for applying. Here is what happens next with your membership.",
  },
} satisfies Record<string, PageMeta>;

export type PrerenderedPath = keyof typeof pageMeta;
export const PRERENDERED_PATHS = Object.keys(pageMeta) as PrerenderedPath[];
