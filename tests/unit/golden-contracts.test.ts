import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import golden from "../fixtures/contracts/golden.json";
import { renderContractPdf, type ContractRecord } from "../../src/server/documents/contract-pdf.ts";
import { AGREEMENT_VERSION, AGREEMENT_VERSIONS, agreementText, renderAgreement, type AgreementVersion } from "../../src/shared/agreement.ts";
import type { MembershipLevel } from "../../src/shared/membership.ts";

// Signed contracts as they are stored, kept in the repository with the SHA-256 of the PDF each was
// issued as: two of each font kind (the built-in fonts, DejaVu, the world fonts), under the earlier
// agreement versions, and one under the current version. Verification re-renders a contract from its record and
// compares this hash, so a renderer that changes one byte of an issued contract (a colour, a
// margin, a font subset) breaks every member's proof of what they signed. A deliberate change to
// the renderer must leave these files alone and apply to new contracts only (see pdf_fonts).

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const records = golden.map((g) => ({ ...g, record: { ...g.record, signedAt: new Date(g.record.signedAt) } as ContractRecord }));

describe("contracts as issued", () => {
  test("the golden records cover every font kind, under every agreement version issued, the current one included", () => {
    expect(new Set(records.map((r) => r.record.pdfFonts))).toEqual(new Set(["standard", "unicode", "world"]));
    expect(new Set(records.map((r) => r.record.agreementVersion))).toEqual(new Set(["2026-11-01", "2026-11-25", AGREEMENT_VERSION]));
  });

  test("each agreement version still renders the text its contracts were signed with", () => {
    for (const { record } of records) {
      expect(AGREEMENT_VERSIONS).toContain(record.agreementVersion as AgreementVersion);
      const date = /This agreement is effective on (.+), the date the Member signs it\./.exec(record.contractText)![1]!;
      const party = { memberName: record.memberName, membershipLevel: record.membershipLevel as MembershipLevel };
      expect(agreementText(renderAgreement(party, date, record.agreementVersion as AgreementVersion))).toBe(record.contractText);
    }
  });

  for (const { record, expected } of records) {
    test(`${record.memberName} (${record.pdfFonts}, ${record.agreementVersion}) renders byte for byte as issued`, async () => {
      const pdf = await renderContractPdf(record);
      expect(pdf.sha256).toBe(expected.pdf_sha256);
      expect(sha256(pdf.bytes)).toBe(expected.pdf_sha256);
      expect(pdf.filename).toBe(expected.filename);
    });

    test(`${record.memberName}'s printed fingerprint covers every field of the signed record`, async () => {
      // The fingerprint's definition, written out here rather than taken from the renderer: the
      // SHA-256 of the JSON array of the record's fields in this order.
      const fields = [
        record.id,
        record.applicationId,
        record.agreementVersion,
        record.textSha256,
        record.contractText,
        record.signatureName,
        record.memberName,
        record.memberEmail,
        record.membershipLevel,
        record.consentWording,
        record.signedAt.toISOString(),
        record.ipAddress,
        record.userAgent,
      ];
      expect(expected.record_fingerprint).toBe(sha256(JSON.stringify(fields)));
      expect((await renderContractPdf(record)).recordFingerprint).toBe(expected.record_fingerprint);
      expect(record.textSha256).toBe(sha256(record.contractText));
    });
  }
});
