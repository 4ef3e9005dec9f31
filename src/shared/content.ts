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

export interface TargetAudience {
  title: string;
  description: string;
  icon: IconName;
}

export const targetAudiences: TargetAudience[] = [
  {
    title: "Property owners",
    description: "One unit or fifty: keep control and stop paying a percentage of your rent for management.",
    icon: "home",
  },
  {
    title: "Real estate investors",
    description: "Scale your portfolio with flat costs, clean books and reports you can hand to a lender.",
    icon: "chart",
  },
  {
    title: "Property managers",
    description: "Use the association's forms, education and contractor network to serve your owners better.",
    icon: "briefcase",
  },
  {
    title: "Landlords",
    description: "Illinois leases, notices and a community that has seen every tenant situation before.",
    icon: "scale",
  },
  {
    title: "Contractors",
    description: "Sign up free, list your skills and get introduced to property owners who need your trade.",
    icon: "wrench",
  },
];

export interface Testimonial {
  name: string;
  role: string;
  content: string;
  /** Every testimonial is rated 5 of 5 (SPEC.md 2). */
  rating: 5;
}

export const testimonials: Testimonial[] = [
  {
    name: "Denise Walker",
    role: "Owner of 6 units, Chicago",
    content:
      "I was paying 10% of my rent to a management company that barely returned my calls. Now I pay a flat fee, my tenants pay online and I see everything in one place.",
    rating: 5,
  },
  {
    name: "Marcus Chen",
    role: "Investor, Naperville",
    content:
      "The monthly reports and the tax-ready statements saved my accountant hours this year. The Premium bookkeeping alone is worth the membership.",
    rating: 5,
  },
  {
    name: "Linda Okafor",
    role: "Landlord, Peoria",
    content:
      "The Illinois lease and notice templates are current and easy to use. When I had to go through an eviction, the coordination was calm and by the book.",
    rating: 5,
  },
  {
    name: "Tom Brennan",
    role: "General contractor, Rockford",
    content:
      "Signing up as a contractor was free, and the skills network brings me steady work from members who actually pay on time.",
    rating: 5,
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

// ---------------------------------------------------------------------------------------------
// Cost comparison with traditional property management (SPEC.md 9).
// ---------------------------------------------------------------------------------------------

/** Traditional management fee: 8% to 12% of the monthly rent. */
export const TRADITIONAL_FEE_PERCENTS = [8, 12] as const;

/** The monthly rents compared, in whole dollars. */
export const COMPARISON_RENTS = [1000, 1250, 1500, 2000, 2500, 3000] as const;

export interface BreakEvenRow {
  rentAmount: number;
  /** Monthly fees in integer cents. */
  traditional8: number;
  traditional12: number;
  lpaStandard: number;
  lpaPremium: number;
}

/** A traditional manager's monthly fee in cents for a rent in dollars. */
export function traditionalFeeCents(rentDollars: number, percent: number): number {
  return Math.round(rentDollars * percent); // dollars x percent / 100, in cents
}

/** The break-even rows: rent x 8% and x 12% against the flat Standard and Premium fees. */
export function breakEvenRows(rents: readonly number[] = COMPARISON_RENTS): BreakEvenRow[] {
  return rents.map((rentAmount) => ({
    rentAmount,
    traditional8: traditionalFeeCents(rentAmount, TRADITIONAL_FEE_PERCENTS[0]),
    traditional12: traditionalFeeCents(rentAmount, TRADITIONAL_FEE_PERCENTS[1]),
    lpaStandard: priceTable.Standard.monthlyCents,
    lpaPremium: priceTable.Premium.monthlyCents,
  }));
}

/** Other fees traditional managers charge, as shown in the comparison table. */
export const traditionalExtraFees: { item: string; traditional: string; association: string }[] = [
  { item: "Management fee", traditional: "8-12% of rent every month", association: "Flat monthly membership" },
  { item: "Leasing / tenant placement", traditional: "$300-800 per lease", association: "Included" },
  { item: "Lease renewal", traditional: "$150-400 per renewal", association: "Included" },
  { item: "Account setup", traditional: "$200-500", association: "None" },
  { item: "Property inspection", traditional: "$75-150 each", association: "Checklists included; member inspectors at member rates" },
  {
    item: "Eviction handling",
    traditional: "$500-2,000+",
    association: `Coordination ${alaCarteLabel("eviction_case", "Premium")} with Premium (${alaCarteLabel("eviction_case")} on Standard)`,
  },
];

/**
 * The headline figures: only what the association can back, from the price table itself (the
 * "98.5% collection rate" and "24/7 support" of the first version had nothing behind them).
 */
export const comparisonClaims = [
  { value: "0%", label: "of your rent taken: one flat fee instead" },
  { value: `$${priceTable.Standard.monthlyCents / 100}/mo`, label: "for the owner portal, whatever your rents" },
];

/** A cell of the feature table: yes, no, or what it costs at that level. */
export type FeatureCell = boolean | string;

export interface FeatureRow {
  feature: string;
  basic: FeatureCell;
  standard: FeatureCell;
  premium: FeatureCell;
  traditional: FeatureCell;
}

/** A service sold by the item, at a paid level: its price there, or `true` where the level includes it. */
const pricedCell = (item: AlaCarteItem, level: "Standard" | "Premium"): FeatureCell => (alaCartePrices[item].cents[level] === null ? true : alaCarteLabel(item, level));

export const featureComparison: FeatureRow[] = [
  { feature: "Legal documents and forms", basic: true, standard: true, premium: true, traditional: false },
  { feature: "Educational resources and webinars", basic: true, standard: true, premium: true, traditional: false },
  { feature: "Community forum", basic: true, standard: true, premium: true, traditional: false },
  { feature: "Contractor and skills network", basic: true, standard: true, premium: true, traditional: true },
  { feature: "Member portal for your properties", basic: false, standard: true, premium: true, traditional: true },
  { feature: "Tenant payment coordination", basic: false, standard: true, premium: true, traditional: true },
  { feature: "Maintenance requests", basic: false, standard: true, premium: true, traditional: true },
  { feature: "Monthly financial reports", basic: false, standard: true, premium: true, traditional: true },
  { feature: "Bookkeeping support", basic: false, standard: pricedCell("bookkeeping", "Standard"), premium: pricedCell("bookkeeping", "Premium"), traditional: true },
  { feature: "Eviction-process coordination", basic: false, standard: pricedCell("eviction_case", "Standard"), premium: pricedCell("eviction_case", "Premium"), traditional: false },
  { feature: "IRS-ready tax reports", basic: false, standard: pricedCell("tax_report", "Standard"), premium: pricedCell("tax_report", "Premium"), traditional: false },
  { feature: "You keep full control of your properties", basic: true, standard: true, premium: true, traditional: false },
];

/** The services sold by the item (SPEC.md 9, DECISIONS.md 23), at each paid level, from the price table. */
export const aLaCarte = alaCarteTerms.map((t) => ({ service: t.label, standard: t.standard, premium: t.premium, words: t.words }));

// ---------------------------------------------------------------------------------------------
// FAQ, portal preview and the pages' titles.
// ---------------------------------------------------------------------------------------------

export interface Faq {
  question: string;
  answer: string;
}

export const faqs: Faq[] = [
  {
    question: "What is a private member association?",
    answer:
      "A group of property owners, landlords, investors and contractors who share resources, education and services among members. We are not a licensed brokerage or a property management company; you stay in charge of your properties.",
  },
  {
    question: "How much does membership cost?",
    answer:
      "Basic is free. Standard is $50 per month and Premium is $100 per month, billed monthly. There is no percentage of your rent and no setup fee.",
  },
  {
    question: "How does this compare with a traditional property manager?",
    answer:
      "Traditional managers charge 8-12% of the monthly rent, plus leasing, renewal and setup fees. On a $1,500 rent that is $120 to $180 every month; Standard costs $50 and Premium $100 whatever the rent.",
  },
  {
    question: "How quickly is my application approved?",
    answer:
      "Immediately. After you apply you review the membership agreement and sign it online; your membership starts when you sign. Standard and Premium start after your first card payment.",
  },
  {
    question: "Can I cancel or change my plan?",
    answer:
      "Yes, online at any time from the member portal. A cancelled paid plan stays active until the end of the month you paid for, then your membership continues at the free Basic level. You can upgrade from Basic whenever you like.",
  },
  {
    question: "Who can see my properties and tenants?",
    answer:
      "Only you. Each member sees only their own properties and tenants; administrators see aggregate data needed to run the association.",
  },
  {
    question: "I am a contractor. Can I join?",
    answer:
      "Yes. Contractors join free at the Basic level, list their specialty skills and get introduced to members who need their trade. Tell us whether you are licensed when you apply.",
  },
  {
    question: "Is my electronic signature legally binding?",
    answer:
      "Yes. Illinois' Uniform Electronic Transactions Act (815 ILCS 333) gives an electronic signature the same effect as a handwritten one. You get a copy of the signed agreement by email and can download it as a PDF.",
  },
  {
    question: "How do payments work?",
    answer:
      "Paid plans are charged monthly to your card through a secure checkout. Your card details never touch our servers, and you can manage or cancel the subscription from the portal.",
  },
];

export interface PortalScreenshot {
  title: string;
  description: string;
  /** A path under the web app's public folder. */
  image: string;
  alt: string;
}

/** The portal preview's three screenshot cards: our own portal. */
export const portalScreenshots: PortalScreenshot[] = [
  {
    title: "Documents & Forms",
    description: "Every Illinois lease, notice and checklist, ready to download from the Basic Member Portal.",
    image: "/screenshots/portal-documents.jpg",
    alt: "The Basic Member Portal's Documents & Forms tab with legal documents and property forms",
  },
  {
    title: "Skills Network",
    description: "Tradespeople among the members, by specialty, with a private way to connect.",
    image: "/screenshots/portal-skills.jpg",
    alt: "The Skills Network tab listing specialty skills with member counts and Connect buttons",
  },
  {
    title: "Account & Billing",
    description: "Your level, your subscription and upgrades, managed online.",
    image: "/screenshots/portal-account.jpg",
    alt: "The Account Info tab with membership level, status and the Manage Subscription & Billing button",
  },
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
