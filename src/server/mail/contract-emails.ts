import { eq } from "drizzle-orm";
import { priceLabel, priceTable, type MembershipLevel } from "../../shared/membership.ts";
import { chicagoDateTime } from "../../shared/time.ts";
import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { contracts } from "../db/schema.ts";
import { contractPdfFilename, type ContractRecord } from "../documents/contract-pdf.ts";
import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import { enqueueEmail, type OutgoingEmail } from "./outbox.ts";
import { renderEmail, type RenderedEmail } from "./templates.ts";

// The signed-agreement message: the welcome after signing, and the copy an admin resends. Both
// carry the signed agreement as a PDF attachment (DECISIONS.md 13).

export interface SignedAgreementMember {
  id: string;
  email: string;
  firstName: string;
  membershipLevel: MembershipLevel;
  deletedAt?: Date | null;
}

export interface SignedAgreementContract extends ContractRecord {
  membershipLevel: MembershipLevel;
  pdfSha256?: string | null;
}

function signedAgreementEmail(
  config: Config,
  contract: SignedAgreementContract,
  member: SignedAgreementMember,
  resent: boolean,
): RenderedEmail {
  const signed = `You signed the membership agreement (version ${contract.agreementVersion}) on ${chicagoDateTime(contract.signedAt)}.`;
  const attached = "The signed agreement is attached as a PDF. Keep it: it is your copy of what you signed, with its audit record.";
  const verify = `Anyone can check that a copy is genuine at ${config.PUBLIC_URL}/verify.`;
  const portal = { label: "Open your member portal", url: `${config.PUBLIC_URL}/basic-portal` };
  if (resent) {
    return renderEmail(config, "contract_resent", "A copy of your signed membership agreement", {
      heading: `Your signed agreement, ${member.firstName}`,
      paragraphs: [`As requested, here is another copy of your membership agreement. ${signed}`, attached, verify],
      action: portal,
    });
  }
  const level = member.membershipLevel;
  const cents = priceTable[level].monthlyCents;
  return renderEmail(config, "agreement_signed", "Your signed membership agreement and welcome", {
    heading: `Welcome to the association, ${member.firstName}`,
    paragraphs: [
      signed,
      attached,
      cents === 0
        ? "Your free Basic membership is active now: documents and the skills network are in your member portal, " +
          `legal updates at ${config.PUBLIC_URL}/updates, webinars at ${config.PUBLIC_URL}/webinars and the member forum at ${config.PUBLIC_URL}/community.`
        : `Your ${level} membership (${priceLabel(level)}) starts once your first payment is made. It renews automatically every ` +
          "month until you cancel, which you can do online at any time from your member portal; cancelling takes effect at the " +
          "end of the month already paid for.",
      verify,
    ],
    action: portal,
  });
}

/** The signed-agreement welcome as an outbox message: the PDF attached by reference to its contract. */
export function signedAgreementMessage(
  services: Services,
  input: { contract: SignedAgreementContract; member: SignedAgreementMember; resent?: boolean },
): Required<Pick<OutgoingEmail, "template" | "to" | "subject" | "html" | "text" | "attachments">> {
  const { contract, member } = input;
  return {
    ...signedAgreementEmail(services.config, contract, member, input.resent ?? false),
    to: member.email,
    attachments: [{ filename: contractPdfFilename(contract), contentType: "application/pdf", contractPdf: contract.id }],
  };
}

/**
 * Queues the signed-agreement email, inside the caller's transaction, with the PDF as an
 * attachment that is rendered from the contract when the message is sent (signing stays fast, and
 * the record is what is signed). `resent` sends the admin's "resend email" copy instead of the
 * welcome. Returns the outbox id.
 */
export async function queueSignedAgreementEmail(
  tx: DbOrTx,
  services: Services,
  input: { contract: SignedAgreementContract; member: SignedAgreementMember; resent?: boolean },
): Promise<{ outboxId: string }> {
  const { contract, member } = input;
  if (member.deletedAt) throw new AppError("CONFLICT", "This member was deleted, so there is no email address to send to.");
  const outboxId = await enqueueEmail(tx, { ...signedAgreementMessage(services, input), memberId: member.id });
  // Signing writes the contract with email_sent already true (one statement fewer while signing).
  if (input.resent) await tx.update(contracts).set({ emailSent: true }).where(eq(contracts.id, contract.id));
  return { outboxId };
}
