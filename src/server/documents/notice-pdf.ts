import { longDateLabel } from "../../shared/calendar.ts";
import { formatCents } from "../../shared/portal.ts";
import { SERVICE_METHOD_LABELS, VERIFY_WITH_COUNSEL, type EvictionJurisdiction, type ServiceMethod } from "../../shared/evictions.ts";
import { NOTICE_RULES, type NoticeKind } from "../domain/portal/eviction-rules.ts";
import { REPORT_COLORS, ReportPdf } from "./report-pdf.ts";

// The Illinois landlord's notices (PORTAL.md 7.2) as PDFs, filled from the lease and the ledger on
// the report layout (pdf-lib, the built-in Helvetica). Everything drawn comes from the facts given,
// so the same facts render the same text.

/** 735 ILCS 5/9-209: the sentence a 5-day notice must carry. */
export const FULL_PAYMENT_SENTENCE =
  "Only FULL PAYMENT of the rent demanded in this notice will waive the landlord's right to terminate the lease under this notice, " +
  "unless the landlord agrees in writing to continue the lease in exchange for receiving partial payment.";

/** Which copy: the tenant's (the notice as served) or the owner's working copy with the app's dates. */
export type NoticeCopy = "tenant" | "owner";

export interface NoticeFacts {
  kind: NoticeKind;
  jurisdiction: EvictionJurisdiction;
  /** Chicago's RLTO applies to the property (not an owner-occupied building of six units or fewer): a 10-day notice names the tenant's right to cure. */
  rlto?: boolean;
  tenants: string[];
  premises: string;
  landlord: string;
  /** The day the figures are as of: the service day, or the day it was prepared. */
  asOf: string;
  /** The notice's own date, printed on it; never after its service. */
  datedOn: string;
  amountDemandedCents: number;
  breach: string;
  expiresOn: string;
  earliestFilingOn: string;
  /** For a notice that ends a tenancy: the day it ends, as the statute gives it. */
  terminatesOn: string | null;
  /** The rule applied and what else to know, for the owner's copy. */
  rule: string;
  notes: string[];
  service: { servedOn: string; method: ServiceMethod; servedBy: string } | null;
}

function body(facts: NoticeFacts): string[] {
  const days = NOTICE_RULES[facts.kind].days;
  switch (facts.kind) {
    case "5_day":
      return [
        `You are hereby notified that there is now due the undersigned landlord the sum of ${formatCents(facts.amountDemandedCents)}, ` +
          `being rent for the premises described above, due on or before ${longDateLabel(facts.asOf)}. This sum is rent only: it includes no late fees or other charges.`,
        `Unless payment of the rent demanded is made on or before the end of ${days} days after service of this notice, ` +
          "your lease of the premises will be terminated.",
        FULL_PAYMENT_SENTENCE,
      ];
    case "10_day":
      return [
        "You are hereby notified that, in consequence of your default in performing the following provision of your lease, " +
          `the landlord elects to terminate your lease: ${facts.breach || "(describe the breach)"}.`,
        facts.jurisdiction === "chicago" && facts.rlto !== false
          ? `Under the Chicago Residential Landlord and Tenant Ordinance you may cure the breach within the ${days} days after service of this notice; if you do, the lease will not terminate.`
          : `You are required to surrender possession of the premises within ${days} days after service of this notice.`,
      ];
    default: {
      const ends = facts.terminatesOn ? longDateLabel(facts.terminatesOn) : `the end of ${days} days after service of this notice`;
      return [
        `You are hereby notified that the landlord elects to end your tenancy of the premises described above (${NOTICE_RULES[facts.kind].purpose}). ` +
          `Your tenancy will end on ${ends}, and you are required to surrender possession of the premises to the landlord on or before that day.`,
      ];
    }
  }
}

/**
 * The notice as a PDF. The tenant's copy is the notice itself: its date, the parties, the premises,
 * the demand or the day the tenancy ends, and the affidavit of service. The owner's copy adds the
 * dates the app computed (the notice period's end, the earliest filing day) and the rule, marked
 * "verify with counsel" and not part of the notice.
 */
export async function noticePdf(facts: NoticeFacts, created: Date, copy: NoticeCopy = "tenant"): Promise<Uint8Array> {
  const rule = NOTICE_RULES[facts.kind];
  const pdf = await ReportPdf.create({ title: rule.title, subject: `${rule.title} (${rule.statute})`, author: facts.landlord, date: created });
  if (copy === "owner") {
    pdf.text("Owner's copy: serve the tenant's copy. The block of dates below is the app's, not part of the notice.", { size: 9, bold: true, color: REPORT_COLORS.brand, gap: 8 });
  }
  pdf.text(rule.title.toUpperCase(), { size: 15, bold: true, gap: 2 });
  pdf.text(`Under ${rule.statute}`, { size: 9, color: REPORT_COLORS.muted, gap: 12 });
  pdf.text(`To: ${facts.tenants.join(", ")} and all others in possession`, { bold: true });
  pdf.text(`Premises: ${facts.premises}`, { gap: 12 });
  for (const paragraph of body(facts)) pdf.text(paragraph, { size: 10.5, gap: 10 });
  pdf.text(`Landlord: ${facts.landlord}`, { gap: 2 });
  pdf.text(`Dated: ${longDateLabel(facts.datedOn)}`, { gap: 14 });
  if (copy === "owner") {
    pdf.rule();
    pdf.text(`Dates computed by the app (${VERIFY_WITH_COUNSEL}; not part of the notice)`, { bold: true, size: 9.5 });
    const ends = facts.terminatesOn ? `the tenancy ends ${longDateLabel(facts.terminatesOn)}` : `the notice period ends ${longDateLabel(facts.expiresOn)}`;
    pdf.text(
      facts.service
        ? `Served ${longDateLabel(facts.service.servedOn)}: ${ends}; the earliest filing day is ${longDateLabel(facts.earliestFilingOn)}.`
        : `If served on ${longDateLabel(facts.asOf)}, ${ends} and the earliest filing day is ${longDateLabel(facts.earliestFilingOn)}.`,
      { size: 9.5, gap: 4 },
    );
    for (const line of [facts.rule, ...facts.notes]) pdf.text(line, { size: 8.5, color: REPORT_COLORS.muted, gap: 3 });
    pdf.space(8);
  }
  pdf.rule();
  pdf.text("Affidavit of service", { bold: true, size: 9.5 });
  pdf.text(
    facts.service
      ? `I, ${facts.service.servedBy}, served this notice on ${longDateLabel(facts.service.servedOn)} by ${SERVICE_METHOD_LABELS[facts.service.method].toLowerCase()}.`
      : "I served this notice on ____________ by: personal delivery to the tenant / delivery to a person 13 or older residing there / " +
          "certified or registered mail, return receipt requested / posting (no one in possession). Served by: ____________________",
    { size: 9.5 },
  );
  return pdf.save(copy === "owner" ? `${rule.title} · owner's copy` : rule.title);
}
