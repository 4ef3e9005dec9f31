import { lastDayOf, longDateLabel as dateLabel, periodOf, type IsoDate } from "../../../shared/calendar.ts";
import { formatCents, type RuleSet, type TLateFeePolicy } from "../../../shared/portal.ts";
import { ASSOCIATION_NAME } from "../../../shared/agreement.ts";
import { DEPOSIT_SOURCES } from "./deposit-rules.ts";
import { LATE_FEE_CAPS } from "./late-fee-limits.ts";
import { rentSchedule } from "./rent.ts";

// The association's Illinois residential lease, filled from a lease's data (PORTAL.md 8a): the
// text a lease sent for signature carries when the owner does not upload their own. A pure
// function of the facts, so the text (and its SHA-256) is fixed when the request is sent. The
// clauses that depend on where the property is follow the rule set of jurisdiction.ts: Chicago's
// RLTO (Municipal Code chapter 5-12), suburban Cook County's ordinance, or the Illinois statutes.
// Every clause that comes from a rule names it. Terms the app does not know (utilities, pets,
// parking) are the owner's "additional terms", printed as written.

/** Changes when the template's words change: a request keeps the version it was sent with. */
export const LEASE_TEMPLATE_VERSION = "IL-2026-11-26";

export interface LeaseTemplateFacts {
  landlordName: string;
  landlordEmail: string;
  noticeAddress: string;
  tenants: { name: string; email: string | null }[];
  premises: { line1: string; line2: string | null; city: string; state: string; zip: string; unitLabel: string };
  startDate: IsoDate;
  endDate: IsoDate | null;
  rentCents: number;
  dueDay: number;
  depositCents: number;
  depositInstitution: { name: string; address: string } | null;
  lateFee: TLateFeePolicy | null;
  returnedPaymentFeeCents: number | null;
  rules: RuleSet;
  additionalTerms: string;
  /** A renewal: the term it follows. */
  renews: { startDate: IsoDate; endDate: IsoDate | null; rentCents: number } | null;
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/** The late-fee clause in words: what is charged, when, and the ordinance's limit where one applies. */
export function lateFeeWords(policy: TLateFeePolicy | null, rules: RuleSet): string {
  if (!policy) return "No late fee is charged.";
  const after = `if the rent is not paid within ${policy.grace_days} day${policy.grace_days === 1 ? "" : "s"} after its due date`;
  const cap = policy.kind === "chicago_rlto" || policy.kind === "cook_county" ? LATE_FEE_CAPS[policy.kind] : undefined;
  let fee =
    policy.kind === "fixed"
      ? `a late fee of ${formatCents(policy.amount_cents ?? 0)}`
      : policy.kind === "percent"
        ? `a late fee of ${policy.percent}% of that month's rent`
        : `a late fee of ${cap!.words} (${cap!.source})`;
  if (policy.daily_cents) fee += `, plus ${formatCents(policy.daily_cents)} for each further day it stays unpaid`;
  if (policy.max_cents) fee += `, at most ${formatCents(policy.max_cents)} for one month's rent`;
  const local = LATE_FEE_CAPS[rules];
  const limit = local && policy.kind !== rules ? ` A late fee never exceeds ${local.words} (${local.source}).` : "";
  return `The Tenant pays ${fee}, ${after}.${limit}`;
}

function depositClause(facts: LeaseTemplateFacts): string[] {
  if (facts.depositCents === 0) return ["No security deposit is required."];
  const lines = [`The Tenant pays a security deposit of ${formatCents(facts.depositCents)}. It is not the last month's rent.`];
  if (facts.depositInstitution) lines.push(`The Landlord holds it at ${facts.depositInstitution.name}, ${facts.depositInstitution.address}.`);
  if (facts.rules === "chicago_rlto") {
    lines.push(
      `The deposit is held in a federally insured account in a financial institution in Illinois, not commingled with the Landlord's own money (${DEPOSIT_SOURCES.rltoHeld}). ` +
        `The Landlord gives a signed receipt for it when it is received (${DEPOSIT_SOURCES.rltoReceipt}) and pays interest on it at the rate the City Comptroller sets each year, within 30 days after the end of each 12-month rental period (${DEPOSIT_SOURCES.rltoInterest}). ` +
        `Within 30 days after the Tenant vacates, the Landlord gives an itemized statement of any damage deducted, with paid receipts or estimates; the rest of the deposit and the interest owed are returned within 45 days after the Tenant vacates (${DEPOSIT_SOURCES.rltoReturn}).`,
    );
  } else if (facts.rules === "cook_county") {
    lines.push(`The deposit is held, receipted, paid interest on and returned as the Cook County Residential Tenant Landlord Ordinance requires (${DEPOSIT_SOURCES.cook}).`);
  } else {
    lines.push(
      `Any deduction for damage beyond normal wear and tear is itemized in a statement with paid receipts or estimates given within 30 days after the Tenant vacates, and the rest is returned within 45 days (${DEPOSIT_SOURCES.sdra}). ` +
        `Interest is paid where the Security Deposit Interest Act (765 ILCS 715) requires it.`,
    );
  }
  return lines;
}

/** The filled lease, as plain text: numbered sections, a blank line between paragraphs. */
export function leaseTemplateText(facts: LeaseTemplateFacts): string {
  const p = facts.premises;
  const address = `${p.line1}${p.line2 ? `, ${p.line2}` : ""}, unit ${p.unitLabel}, ${p.city}, ${p.state} ${p.zip}`;
  const tenantNames = facts.tenants.map((t) => t.name).join(", ");
  const [first] = rentSchedule({ startDate: facts.startDate, endDate: facts.endDate, rentCents: facts.rentCents, dueDay: facts.dueDay }, lastDayOf(periodOf(facts.startDate)));
  const prorated = first && first.daysInPossession < first.daysInMonth ? first : null;
  const chicago = facts.rules === "chicago_rlto";
  const sections: [string, string[]][] = [
    [
      "Parties",
      [
        `Landlord: ${facts.landlordName} <${facts.landlordEmail}>.`,
        `Address of the Landlord for notices and demands: ${facts.noticeAddress}${chicago ? " (Chicago Municipal Code 5-12-090)" : ""}.`,
        `Tenant${facts.tenants.length > 1 ? "s" : ""}: ${tenantNames}.${facts.tenants.length > 1 ? " Each tenant is jointly and severally responsible for the whole rent and every obligation of this lease." : ""}`,
      ],
    ],
    ["Premises", [`The dwelling unit at ${address} (the "Premises").`]],
    [
      "Term",
      [
        facts.endDate
          ? `This lease begins on ${dateLabel(facts.startDate)} and ends on ${dateLabel(facts.endDate)}.`
          : `This lease begins on ${dateLabel(facts.startDate)} and continues from month to month until either party ends it by written notice as the law requires.`,
        ...(facts.renews
          ? [
              `It renews the lease of the same Premises that began on ${dateLabel(facts.renews.startDate)}${facts.renews.endDate ? ` and ends on ${dateLabel(facts.renews.endDate)}` : ""}; the security deposit held under it is held under this lease, and any balance of it carries into this one.`,
            ]
          : []),
      ],
    ],
    [
      "Rent",
      [
        `The monthly rent is ${formatCents(facts.rentCents)}, due on the ${ordinal(facts.dueDay)} day of each month.`,
        prorated
          ? `For the first month the Tenant has the Premises for ${prorated.daysInPossession} of its ${prorated.daysInMonth} days, and the rent for it is ${formatCents(prorated.amountCents)}.`
          : "A month the Tenant has the Premises for only part of is charged by the days of possession.",
        "Payments pay rent first, oldest first, then the security deposit, then fees.",
        ...(facts.renews && facts.renews.rentCents !== facts.rentCents
          ? [`The rent under the lease this one renews was ${formatCents(facts.renews.rentCents)} a month; it ${facts.rentCents > facts.renews.rentCents ? "rises" : "falls"} by ${formatCents(Math.abs(facts.rentCents - facts.renews.rentCents))}.`]
          : []),
      ],
    ],
    [
      "Late fee and returned payments",
      [
        lateFeeWords(facts.lateFee, facts.rules),
        facts.returnedPaymentFeeCents
          ? `A payment returned unpaid (a dishonored check) costs the Tenant ${formatCents(facts.returnedPaymentFeeCents)} (810 ILCS 5/3-806).`
          : "No fee is charged for a payment returned unpaid.",
      ],
    ],
    ["Security deposit", depositClause(facts)],
    [
      "Use, maintenance and repairs",
      [
        "Only the Tenants named and their minor children live at the Premises. The Premises are a private residence.",
        `The Landlord keeps the Premises in compliance with the applicable codes and in good repair${chicago ? " (Chicago Municipal Code 5-12-070)" : ""}. The Tenant keeps the unit clean and safe, reports needed repairs promptly in writing, and pays for damage the Tenant, household members or guests cause beyond normal wear and tear.`,
        "No alterations, painting or lock changes without the Landlord's written consent.",
      ],
    ],
    [
      "Entry",
      [
        chicago
          ? "The Landlord may enter at reasonable times after at least two days' notice to inspect, repair or show the unit, and at any time in an emergency (Chicago Municipal Code 5-12-050)."
          : "The Landlord may enter at reasonable times after reasonable notice to inspect, repair or show the unit, and at any time in an emergency.",
      ],
    ],
    [
      "Smoke and carbon monoxide alarms",
      ["The Landlord installed working smoke and carbon monoxide alarms (425 ILCS 60; 430 ILCS 135). The Tenant tests them and reports any fault at once."],
    ],
    [
      "Default",
      [
        "If rent is unpaid the Landlord may serve a written 5-day demand, and for another breach a 10-day notice, before going to court (735 ILCS 5/9-209 and 5/9-210). The Landlord will not change the locks, remove belongings or shut off utilities to force the Tenant out.",
      ],
    ],
    ...(chicago
      ? ([
          [
            "Chicago Residential Landlord and Tenant Ordinance",
            [
              "The City of Chicago's summary of the Residential Landlord and Tenant Ordinance and its summary of the security deposit interest rate are attached to this lease and given to the Tenant with it (Chicago Municipal Code 5-12-170).",
            ],
          ],
        ] as [string, string[]][])
      : []),
    [
      "General",
      [
        "This lease is the whole agreement; changes are made in writing and signed by both parties. A clause that is invalid leaves the rest in force. Illinois law governs.",
        "The parties agree to sign this lease electronically; an electronic signature has the same effect as a handwritten one (Illinois Uniform Electronic Transactions Act, 815 ILCS 333; 15 U.S.C. 7001).",
      ],
    ],
    ...(facts.additionalTerms.trim() ? ([["Additional terms", [facts.additionalTerms.trim()]]] as [string, string[]][]) : []),
  ];
  const title = facts.renews ? "RESIDENTIAL LEASE RENEWAL (ILLINOIS)" : "RESIDENTIAL LEASE (ILLINOIS)";
  const version = `${ASSOCIATION_NAME} lease template ${LEASE_TEMPLATE_VERSION}. Have an attorney review it for your property and municipality.`;
  return [title, version, ...sections.map(([heading, body], i) => `${i + 1}. ${heading}\n${body.join("\n")}`)].join("\n\n");
}

/** The consent each signer of a lease accepts, printed on the audit page. */
export const LEASE_CONSENT_WORDING =
  "I have read this lease and the documents attached to it, I agree to sign it electronically, and I consent to the use of my " +
  "electronic signature under the Illinois Uniform Electronic Transactions Act (815 ILCS 333) and the federal ESIGN Act (15 U.S.C. 7001).";
