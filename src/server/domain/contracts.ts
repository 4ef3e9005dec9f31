import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { contracts } from "../db/schema.ts";
import { renderContractPdf, sha256Hex, type ContractPdf } from "../documents/contract-pdf.ts";
import { AppError, notFound, unauthorized } from "../errors.ts";
import type { Services } from "../services.ts";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.ts";
import type { ValidSession } from "./sessions.ts";
import { isUuid } from "./ids.ts";
import { verifyLeaseDocument } from "./portal/lease-signing.ts";

// Signed contracts as documents: the PDF for the member who signed and for admins, and the
// verification of a PDF (or its SHA-256) against the contracts on record.

export type ContractRow = typeof contracts.$inferSelect;


export async function findContract(db: DbOrTx, id: string): Promise<ContractRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
  return row ?? null;
}

/**
 * The PDF of a signed contract, as issued: rendered from the record, and its SHA-256 kept on the
 * contract the first time it leaves the server (download or email), so verification knows it.
 */
export async function issueContractPdf(db: DbOrTx, contract: ContractRow): Promise<ContractPdf> {
  const pdf = await renderContractPdf(contract);
  if (!contract.pdfSha256) {
    await db.update(contracts).set({ pdfSha256: pdf.sha256 }).where(and(eq(contracts.id, contract.id), isNull(contracts.pdfSha256)));
  }
  return pdf;
}

/** The signed agreement PDF: for the member who signed it, or an admin. */
export async function contractPdf(
  services: Services,
  contractId: string,
  who: { member: Extract<ValidSession, { kind: "member" }> | null; admin: Extract<ValidSession, { kind: "admin" }> | null },
): Promise<ContractPdf> {
  if (!who.member && !who.admin) throw unauthorized("Please sign in to download your signed agreement.");
  const contract = await findContract(services.db, contractId);
  // Someone else's contract answers like a missing one, so ids cannot be probed.
  if (!contract || (!who.admin && contract.memberId !== who.member?.member.id)) throw notFound("Contract not found.");
  return issueContractPdf(services.db, contract);
}

/** The signed-in member's contracts, newest first (the portal's download link). */
export async function listMemberContracts(services: Services, memberId: string) {
  const rows = await services.db
    .select({
      id: contracts.id,
      membershipLevel: contracts.membershipLevel,
      agreementVersion: contracts.agreementVersion,
      signedAt: contracts.signedAt,
    })
    .from(contracts)
    .where(eq(contracts.memberId, memberId))
    .orderBy(desc(contracts.signedAt));
  return rows.map((row) => ({
    contract_id: row.id,
    membership_level: row.membershipLevel,
    agreement_version: row.agreementVersion,
    signed_at: row.signedAt.toISOString(),
    pdf_url: `/api/contracts/${row.id}/pdf`,
  }));
}

export interface VerificationResult {
  match: boolean;
  sha256: string;
  detail: string;
  contract: {
    contract_id: string;
    member_name: string;
    membership_level: string;
    agreement_version: string;
    signed_at: string;
  } | null;
  /** A lease signed online (PORTAL.md 8a) that the document matches, when it is one. */
  lease: NonNullable<Awaited<ReturnType<typeof verifyLeaseDocument>>>["lease"] | null;
}

const NO_MATCH = "This document does not match any signed agreement or lease on record. It may have been changed after it was issued.";
const ALTERED =
  "A signed agreement with this fingerprint was issued, but the record on file no longer reproduces it. " +
  "Contact the association before relying on this document.";

/** Verification re-renders a PDF, which costs the server time: a person checks a few documents, not hundreds. */
export const VERIFY_PER_IP: RateLimitRule = {
  name: "contract-verify:ip",
  limit: 30,
  windowMs: 10 * 60 * 1000,
  message: "Too many documents checked from your network. Please wait a few minutes and try again.",
};

/**
 * Checks a PDF (its bytes or its SHA-256) against the contracts on record. A match needs the file's
 * SHA-256 to be one the association issued AND the stored record to still produce exactly that
 * file, so a change to the stored agreement text (or any audit field) fails verification too.
 */
export async function verifyContractDocument(
  services: Services,
  input: { pdf: Uint8Array } | { sha256: string },
  meta: { ip: string | null },
): Promise<VerificationResult> {
  await hitRateLimit(services.db, VERIFY_PER_IP, meta.ip ?? "unknown", services.now());
  const sha256 = "pdf" in input ? sha256Hex(input.pdf) : input.sha256.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new AppError("UNPROCESSABLE", "A SHA-256 is 64 hexadecimal characters.");
  const [contract] = await services.db.select().from(contracts).where(eq(contracts.pdfSha256, sha256)).limit(1);
  if (!contract) {
    const lease = await verifyLeaseDocument(services.db, sha256);
    if (!lease) return { match: false, sha256, detail: NO_MATCH, contract: null, lease: null };
    if (!lease.reproduced) return { match: false, sha256, detail: ALTERED, contract: null, lease: null };
    const names = lease.lease.tenant_names;
    const tenants = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
    return {
      match: true,
      sha256,
      detail: `This is a genuine copy of the lease "${lease.lease.title}", signed by ${tenants} and countersigned by ${lease.lease.landlord_name}.`,
      contract: null,
      lease: lease.lease,
    };
  }

  const textIntact = sha256Hex(contract.contractText) === contract.textSha256;
  const reproduced = textIntact && (await renderContractPdf(contract)).sha256 === sha256;
  if (!reproduced) return { match: false, sha256, detail: ALTERED, contract: null, lease: null };
  return {
    match: true,
    sha256,
    detail: `This is a genuine copy of the membership agreement signed by ${contract.memberName}.`,
    contract: {
      contract_id: contract.id,
      member_name: contract.memberName,
      membership_level: contract.membershipLevel,
      agreement_version: contract.agreementVersion,
      signed_at: contract.signedAt.toISOString(),
    },
    lease: null,
  };
}
