import { describe, expect, test } from "bun:test";
import { pdfFontsFor, renderContractPdf, type ContractRecord } from "../../src/server/documents/contract-pdf.ts";
import { agreementText, renderAgreement, type AgreementVersion } from "../../src/shared/agreement.ts";
import { pdfText } from "../support/pdf-text.ts";

// The signed PDF: contracts issued before the Noto fonts and the verification address keep their
// exact bytes (verification re-renders them); new ones print every script people sign with.

function record(name: string, options: { version?: AgreementVersion; verifyUrl?: string | null; level?: "Basic" | "Premium" } = {}): ContractRecord {
  const version = options.version ?? "2026-11-25";
  const level = options.level ?? "Premium";
  // The text as issued under that agreement version.
  const text = agreementText(renderAgreement({ memberName: name, membershipLevel: level }, "November 20, 2026", version));
  const base = {
    id: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
    applicationId: "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
    memberName: name,
    memberEmail: "signer@members.example.org",
    membershipLevel: level,
    agreementVersion: version,
    contractText: text,
    textSha256: "0".repeat(64),
    signatureName: name,
    consentWording: "I agree.",
    signedAt: new Date("2026-11-20T15:04:05.000Z"),
    ipAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0",
    verifyUrl: options.verifyUrl ?? null,
  };
  return { ...base, pdfFonts: pdfFontsFor(base) };
}

describe("contracts issued before", () => {
  // SHA-256 of these records' files as the code rendered them before the "world" fonts and the
  // verification address existed (taken from that code): verification compares exactly these bytes.
  test("a built-in-font contract renders byte for byte as issued", async () => {
    const old = record("Maria Gonzalez", { version: "2026-11-01", verifyUrl: null, level: "Basic" });
    expect(old.pdfFonts).toBe("standard");
    const pdf = await renderContractPdf({ ...old, verifyUrl: undefined });
    expect(pdf.sha256).toBe("68dac486542146385561de0378de930d6b21a2c29e370560e941cd7d060e7bba");
    expect((await renderContractPdf(old)).sha256).toBe(pdf.sha256);
  });

  test("a DejaVu contract renders byte for byte as issued", async () => {
    const old = record("Łucja Wiśniewska-Żak", { version: "2026-11-01", verifyUrl: null });
    expect(old.pdfFonts).toBe("unicode");
    expect((await renderContractPdf(old)).sha256).toBe("51b2a68f37bc6defddd5bb31ce33c18e3ea00ceee95bbe7962cc451ab54558e9");
  });

  test("an old contract keeps its relative /verify line; a new one prints the full address", async () => {
    const old = await pdfText((await renderContractPdf(record("Maria Gonzalez", { version: "2026-11-01" }))).bytes);
    expect(old).toContain("open the association's verification page (/verify)");
    const fresh = await pdfText((await renderContractPdf(record("Maria Gonzalez", { verifyUrl: "https://members.example.org/verify" }))).bytes);
    expect(fresh).toContain("To verify this document, open https://members.example.org/verify and upload this PDF");
    expect(fresh).toContain("Member: Maria Gonzalez (Premium), who signs this agreement electronically below.");
    expect(fresh).not.toContain("Signed electronically by");
  });
});

describe("names in other scripts", () => {
  const names = [
    ["Chinese", "王小明"],
    ["Japanese", "山田 はなこ"],
    ["Korean", "김민준"],
    ["Arabic", "محمد علي"],
    ["Hebrew", "דוד כהן"],
  ] as const;
  for (const [script, name] of names) {
    test(`a ${script} name prints as signed, in the same bytes every time`, async () => {
      const contract = record(name, { verifyUrl: "https://members.example.org/verify" });
      expect(contract.pdfFonts).toBe("world");
      const pdf = await renderContractPdf(contract);
      expect((await renderContractPdf(contract)).sha256).toBe(pdf.sha256);
      // pdf.js marks right-to-left text it put back in reading order with a control character.
      const text = (await pdfText(pdf.bytes)).replace(/\u0001 ?/g, "");
      expect(text).toContain(`/s/ ${name}`);
      expect(text).toContain(`Signer's typed name ${name}`);
      // No character was replaced by "?", and the page says nothing about it.
      expect(text).not.toContain('printed as "?"');
      expect(text).not.toContain("?");
    }, 30_000);
  }

  test("a Latin name signed now still uses the built-in fonts", () => {
    expect(record("Maria Gonzalez").pdfFonts).toBe("standard");
    expect(record("Łucja Wiśniewska-Żak").pdfFonts).toBe("unicode");
  });
});
