import { alaCarteTerms, MEMBERSHIP_LEVELS, formatCents, premiumTerms, priceTable, SUPPORT_FIRST_REPLY, type MembershipLevel } from "./membership.ts";

// The membership agreement, versioned. A signed contract stores the exact text rendered here
// (DECISIONS.md 13); a new version gets a new constant and never edits an old one: what changed is
// kept beside it, so every version issued still renders as it was signed.

// 2026-11-25: the last line names the Member who signs below instead of saying "Signed
// electronically by ..." before anyone had signed (the signature itself is the signature block).
// 2026-11-26: Article 3 says what each level delivers and what the priced services cost, from the
// one price table (eviction coordination is $100 a case with Premium, not included; bookkeeping
// support is the staff's work in the Member's books while the Member grants them access).
// Contracts signed under an earlier version keep the text they were signed with (it is stored).
export const AGREEMENT_VERSION = "2026-11-26";
/** Every version issued, oldest first. */
export const AGREEMENT_VERSIONS = ["2026-11-01", "2026-11-25", AGREEMENT_VERSION] as const;
export type AgreementVersion = (typeof AGREEMENT_VERSIONS)[number];

/** Article 3 as versions before 2026-11-26 worded it (a list of names, no prices). */
const LEVELS_BEFORE_2026_11_26 =
  "The levels are Basic (educational resources, legal updates, documents and forms, community forum, contractor sign-up, " +
  "monthly webinars and the skills network), Standard (adds the member portal for tracking properties, tenant payment " +
  "coordination, maintenance requests, monthly financial reports and the contractor network) and Premium (adds administrative " +
  "and bookkeeping support, eviction-process coordination, IRS-ready reports, a licensed process server and priority support).";

/** Article 3 from 2026-11-26: what each level delivers, and the prices of the services sold by the item. */
function levelsFrom20261126(): string {
  return (
    "The levels are Basic (educational resources, legal updates, documents and forms, community forum, contractor sign-up, " +
    "monthly webinars and the skills network), Standard (adds the member portal for tracking properties, tenant payment " +
    "coordination, maintenance requests, monthly financial reports and the contractor network) and Premium (adds bookkeeping " +
    "support, in which the Association's staff enter and categorise expenses and record rent payments and charges in the " +
    "Member's books only while the Member grants them access, eviction-process coordination at a reduced price per case, the " +
    "Schedule E report for every tax year, a licensed process server, and a first reply to support tickets within " +
    `${SUPPORT_FIRST_REPLY.Premium.words} instead of ${SUPPORT_FIRST_REPLY.Standard.words}). ` +
    `Prices by the item: ${alaCarteTerms.map((t) => t.words).join("; ")}.`
  );
}
export const ASSOCIATION_NAME = "Illinois Landlord & Property Owners Association";

export const CONSENT_WORDING =
  "I have read and understood this Membership Agreement, I agree to it voluntarily, I accept it " +
  "as a legally binding contract, and I consent to the use of my electronic signature under the " +
  "Illinois Uniform Electronic Transactions Act (815 ILCS 333).";

export interface AgreementArticle {
  number: number;
  title: string;
  body: string;
}

export interface Agreement {
  version: string;
  title: string;
  articles: AgreementArticle[];
  effectiveDate: string;
  signatureLine: string;
}

export interface AgreementParty {
  memberName: string;
  membershipLevel: MembershipLevel;
}

function feeLine(level: MembershipLevel): string {
  const cents = priceTable[level].monthlyCents;
  return cents === 0 ? `${level}: free (${formatCents(0)})` : `${level}: ${formatCents(cents)} per month`;
}

/**
 * The agreement for one signer. `date` is the effective date shown (America/Chicago); `version`
 * is the current one for a new signature, or an earlier one to show a contract as it was issued.
 */
export function renderAgreement(party: AgreementParty, date: string, version: AgreementVersion = AGREEMENT_VERSION): Agreement {
  const fee = priceTable[party.membershipLevel].monthlyCents;
  const fees = MEMBERSHIP_LEVELS.map(feeLine).join("; ");
  return {
    version,
    title: `${ASSOCIATION_NAME} — Private Membership Agreement`,
    articles: [
      {
        number: 1,
        title: "Parties and Purpose",
        body:
          `This agreement is made between the ${ASSOCIATION_NAME} (the "Association"), a private ` +
          `member association of property owners, landlords, investors and contractors, and ` +
          `${party.memberName} (the "Member"). Its purpose is to let members share resources, ` +
          `education and services for owning and managing residential property in Illinois.`,
      },
      {
        number: 2,
        title: "Private Membership",
        body:
          "The Association is a private membership organization and not a licensed real estate " +
          "brokerage or property management company. Services are offered to members only, member to " +
          "member, and nothing in this agreement makes the Association the Member's agent for leasing " +
          "or collecting rent on the Member's behalf.",
      },
      {
        number: 3,
        title: "Membership Level",
        body:
          `The Member joins at the ${party.membershipLevel} level. ` + (version < "2026-11-26" ? LEVELS_BEFORE_2026_11_26 : levelsFrom20261126()),
      },
      {
        number: 4,
        title: "Membership Fees and Automatic Renewal",
        body:
          `Membership fees are: ${fees}. ` +
          (fee === 0
            ? "The Basic level costs nothing and renews without charge. "
            : `The Member's plan costs ${formatCents(fee)} per month, charged to the Member's card at ` +
              "sign-up and then automatically every month until cancelled. ") +
          "A paid plan can be cancelled online at any time from the member portal; cancellation takes " +
          "effect at the end of the month already paid for, after which the membership continues at " +
          "the Basic level. Fees already paid are not refunded for a partial month.",
      },
      {
        number: 5,
        title: "Member Responsibilities",
        body:
          "The Member remains solely responsible for their properties, their leases, their tenants and " +
          "compliance with federal, Illinois and local law, including fair housing, security deposit and " +
          "habitability laws. The Member provides accurate information and keeps it up to date.",
      },
      {
        number: 6,
        title: "Contractors and the Skills Network",
        body:
          "Members may offer and engage services from one another. Any work agreed between members is a " +
          "private contract between them. The Association does not guarantee the work of any member " +
          "contractor; contractors are responsible for holding any license, permit and insurance the work requires.",
      },
      {
        number: 7,
        title: "Privacy and Confidentiality",
        body:
          "The Association keeps member information confidential and uses it only to run the membership. " +
          "Each member sees only their own properties and tenants; administrators see the records needed " +
          "to administer memberships. Member contact details are shared with another member only when the " +
          "member has chosen to be listed in the skills network.",
      },
      {
        number: 8,
        title: "Term, Withdrawal and Termination",
        body:
          "Membership continues month to month. Either party may end the membership with 30 days written " +
          "notice; online cancellation of a paid plan counts as written notice. The Association may end a " +
          "membership for non-payment or for conduct that harms other members.",
      },
      {
        number: 9,
        title: "Limitation of Liability and Disputes",
        body:
          "Documents, forms and education provided by the Association are general information, not legal, " +
          "tax or financial advice. To the extent the law allows, the Association's liability is limited to " +
          "the fees the Member paid in the three months before a claim. This agreement is governed by the " +
          "laws of the State of Illinois.",
      },
      {
        number: 10,
        title: "Electronic Signature and Entire Agreement",
        body:
          "The parties agree to sign this agreement electronically. Under the Illinois Uniform Electronic " +
          "Transactions Act (815 ILCS 333) an electronic signature has the same effect as a handwritten one. " +
          "The Member may review and correct the application before signing and may download and print the " +
          "signed agreement. This document is the entire agreement between the parties about membership.",
      },
    ],
    effectiveDate: `This agreement is effective on ${date}, the date the Member signs it.`,
    signatureLine:
      version < "2026-11-25"
        ? `Signed electronically by ${party.memberName}, Member (${party.membershipLevel})`
        : `Member: ${party.memberName} (${party.membershipLevel}), who signs this agreement electronically below.`,
  };
}

/** The agreement as one plain text: what is stored, hashed and printed. */
export function agreementText(agreement: Agreement): string {
  const articles = agreement.articles.map((a) => `Article ${a.number}. ${a.title}\n${a.body}`);
  return [agreement.title, `Version ${agreement.version}`, ...articles, agreement.effectiveDate, agreement.signatureLine].join(
    "\n\n",
  );
}

/** A name reduced to what a typed signature must match: its letters and digits, in lower case. */
function signatureLetters(name: string): string {
  return name.normalize("NFKC").toLocaleLowerCase("en-US").replace(/[^\p{L}\p{M}\p{N}]+/gu, "");
}

/**
 * Whether a typed signature is the applicant's name as on the application: the same letters in
 * the same order; case, spaces and punctuation (hyphens, dots, apostrophes) are forgiven.
 */
export function signatureMatchesName(typed: string, name: string): boolean {
  const letters = signatureLetters(typed);
  return letters.length > 0 && letters === signatureLetters(name);
}

/** Why a typed signature was refused, in the words the signing screen and the API use. */
export const signatureMismatchMessage = (name: string) =>
  `Type your name exactly as it is on your application, "${name}", to sign. Capital letters and spaces do not matter; ` +
  'if the name on the application is wrong, use "Correct my application" first.';
