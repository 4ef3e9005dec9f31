import type { IconName } from "./content.ts";
import { alaCarteLabel, alaCartePrices, alaCarteTerms, priceTable, type AlaCarteItem } from "./membership.ts";

// The landing page's sections below the fold (SPEC.md 2, 9): who it is for, testimonials, the cost comparison,
// the feature table, the FAQ and the portal preview. They are a module of their own so that the
// landing page's first load carries only what is on the first screen; the sections load right
// after (web/src/features/landing/BelowTheFold.tsx). Prices come from the price table, never typed.

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
      "You, and the people you let in. Each tenant sees only their own lease, ledger and requests. The association's staff see only the figures needed to run the association until you grant them access to your books (for help with bookkeeping); you can revoke it at any time, and everything they do there is listed for you. An eviction case or a service job you order is shared with the staff who coordinate it.",
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

