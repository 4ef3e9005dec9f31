import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { contracts } from "../../src/server/db/schema.ts";
import { renderContractPdf } from "../../src/server/documents/contract-pdf.ts";
import { chicagoDateTime } from "../../src/shared/time.ts";
import { apply, signInAsAdmin } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { pdfPages, pdfText } from "../support/pdf-text.ts";

// Real servers, databases and documents: room beyond the 5 s default, whichever files run together.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const sha256 = (bytes: Uint8Array | string) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Applies and signs from a known address and browser, so the audit fields can be checked. */
async function signAs(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const applied = await apply(client, overrides);
  const headers = { "x-forwarded-for": "203.0.113.57", "user-agent": USER_AGENT };
  const signed = await client.post(
    `/api/membership/contract-signed/${applied.applicationId}`,
    { consent: true, signature_name: `${applied.payload.first_name} ${applied.payload.last_name}` },
    headers,
  );
  expect(signed.status).toBe(200);
  const contractId = signed.body.contract_id as string;
  const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.id, contractId));
  return { ...applied, contractId, contract: contract! };
}

/** The contract as stored now (its PDF's SHA-256 is recorded when the PDF first leaves the server). */
async function contractRow(id: string) {
  const [row] = await t.services.db.select().from(contracts).where(eq(contracts.id, id));
  return row!;
}

/** GET with the client's cookies, keeping the body as bytes. */
async function download(client: ApiClient | null, path: string) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  const res = await t.app.request(path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function verifyFile(bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "agreement.pdf", { type: "application/pdf" }));
  const res = await t.app.request("/api/contracts/verify", { method: "POST", body: form, headers: { origin: "http://localhost" } });
  return { status: res.status, body: (await res.json()) as any };
}

const FIELD_LABELS = [
  "Typed name of signer",
  "Member",
  "Membership level",
  "Date signed",
  "Consent given by the signer",
  "Contract id",
  "Application id",
  "Agreement version",
  "SHA-256 of the agreement text",
  "Signer's typed name",
  "Signer's name on the application",
  "Signer's email",
  "Consent wording accepted",
  "Signed at (UTC)",
  "Signed at (America/Chicago)",
  "IP address",
  "User agent",
  "Document fingerprint (SHA-256 of this signed record)",
];

describe("the signed agreement PDF", () => {
  test("holds the agreement as signed, the signature block and every audit field", async () => {
    const client = t.client();
    const { contract, contractId, applicationId, payload } = await signAs(client, {
      first_name: "Renée",
      last_name: "O'Connor",
      membership_level: "Premium",
    });
    const res = await download(client, `/api/contracts/${contractId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain('attachment; filename="membership-agreement-Renee-O-Connor-');
    expect(res.headers.get("cache-control")).toContain("no-store");

    // The page footers ("... · Page 1 of 3") interrupt the running text; leave them out.
    const pages = (await pdfPages(res.bytes)).map((page) =>
      page.split("\n").filter((line) => !/· Page \d+ of \d+$/.test(line)).join("\n"),
    );
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const all = squash(pages.join("\n"));
    // The agreement exactly as stored at signing, paragraph by paragraph.
    for (const paragraph of contract.contractText.split("\n\n")) expect(all).toContain(squash(paragraph));
    expect(all).toContain("Renée O'Connor");
    expect(all).toContain("$100.00 per month");
    // The signature block.
    expect(all).toContain("/s/ Renée O'Connor");
    // The audit page: the last page.
    const audit = squash(pages.at(-1)!);
    expect(audit).toContain("Signature Audit Record");
    for (const value of [
      contract.agreementVersion,
      contract.textSha256,
      squash(contract.consentWording),
      "Renée O'Connor",
      payload.email as string,
      contract.signedAt.toISOString(),
      chicagoDateTime(contract.signedAt),
      "203.0.113.57",
      USER_AGENT,
      applicationId,
      contractId,
    ]) {
      expect(audit).toContain(value);
    }
    expect(contract.textSha256).toBe(sha256(contract.contractText));
    // The fingerprint's definition written out (not taken from the renderer), with the address and
    // browser the signing request came from.
    const fingerprint = sha256(
      JSON.stringify([
        contractId,
        applicationId,
        contract.agreementVersion,
        contract.textSha256,
        contract.contractText,
        contract.signatureName,
        contract.memberName,
        contract.memberEmail,
        contract.membershipLevel,
        contract.consentWording,
        contract.signedAt.toISOString(),
        "203.0.113.57",
        USER_AGENT,
      ]),
    );
    expect(audit).toContain(`Document fingerprint (SHA-256 of this signed record) ${fingerprint}`);
  });

  test("signing stores the record and renders no PDF; the first download records the SHA-256 it issued", async () => {
    const client = t.client();
    const { contract, contractId } = await signAs(client);
    expect(contract.pdfSha256).toBeNull();
    expect(contract.emailSent).toBe(true);
    const first = await download(client, `/api/contracts/${contractId}/pdf`);
    expect((await contractRow(contractId)).pdfSha256).toBe(sha256(first.bytes));
    // A later render never rewrites what was recorded as issued.
    await t.services.db.update(contracts).set({ pdfSha256: "0".repeat(64) }).where(eq(contracts.id, contractId));
    await download(client, `/api/contracts/${contractId}/pdf`);
    expect((await contractRow(contractId)).pdfSha256).toBe("0".repeat(64));
  });

  test("the same contract always yields the byte-identical file, whose SHA-256 is on record", async () => {
    const client = t.client();
    const { contractId } = await signAs(client);
    const first = await download(client, `/api/contracts/${contractId}/pdf`);
    const contract = await contractRow(contractId);
    await Bun.sleep(1100); // a second later: no clock reading may leak into the file
    const second = await download(client, `/api/contracts/${contractId}/pdf`);
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true);
    expect(sha256(first.bytes)).toBe(contract.pdfSha256!);
    expect(first.headers.get("x-content-sha256")).toBe(contract.pdfSha256);
    const again = await renderContractPdf({ ...contract });
    expect(again.sha256).toBe(contract.pdfSha256!);
    // A different signing time gives a different document.
    const other = await renderContractPdf({ ...contract, signedAt: new Date(contract.signedAt.getTime() + 1000) });
    expect(other.sha256).not.toBe(contract.pdfSha256);
  });

  test("a name the PDF fonts cannot draw still renders, and the exact text stays covered by its hash", async () => {
    const client = t.client();
    // Thai: none of the fonts draws it.
    const { contract, contractId } = await signAs(client, { first_name: "Somchai", last_name: "สมชาย" });
    const res = await download(client, `/api/contracts/${contractId}/pdf`);
    expect(res.status).toBe(200);
    // No embedded font can draw it either, so the document keeps the built-in fonts.
    expect(contract.pdfFonts).toBe("standard");
    const text = await pdfText(res.bytes);
    expect(text).toContain("Somchai ?????");
    expect(text).toContain('printed as "?"');
    expect(text).toContain(contract.textSha256);
    expect(contract.contractText).toContain("Somchai สมชาย");
    // A name the fonts can draw gets no such note.
    const plain = await signAs(t.client());
    expect(await pdfText((await renderContractPdf(plain.contract)).bytes)).not.toContain('printed as "?"');
  });

  test("a Chinese name prints as signed, in embedded Noto Sans, with the full verification address, and verifies", async () => {
    const client = t.client();
    const signed = await signAs(client, { first_name: "小明", last_name: "王林" });
    expect(signed.contract.pdfFonts).toBe("world");
    expect(signed.contract.verifyUrl).toBe(`${t.services.config.PUBLIC_URL}/verify`);
    const res = await download(client, `/api/contracts/${signed.contractId}/pdf`);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain("/s/ 小明 王林");
    expect(text).not.toContain("?");
    expect(text).toContain(`To verify this document, open ${t.services.config.PUBLIC_URL}/verify and upload this PDF`);
    expect(Buffer.from(res.bytes).toString("latin1")).toContain("/BaseFont /NotoSans-sc");
    const contract = await contractRow(signed.contractId);
    expect(sha256(res.bytes)).toBe(contract.pdfSha256!);
    expect((await verifyFile(res.bytes)).body.match).toBe(true);
  }, 60_000);

  test("a Polish name prints as written, in embedded DejaVu Sans, and verifies like any other", async () => {
    const client = t.client();
    const signed = await signAs(client, { first_name: "Łucja", last_name: "Wiśniewska-Żak" });
    expect(signed.contract.pdfFonts).toBe("unicode");
    const contractId = signed.contractId;
    const res = await download(client, `/api/contracts/${contractId}/pdf`);
    const contract = await contractRow(contractId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="membership-agreement-Lucja-Wisniewska-Zak-');
    const text = await pdfText(res.bytes);
    expect(text).toContain("/s/ Łucja Wiśniewska-Żak");
    // A field's label never ends a page with its value on the next.
    for (const page of await pdfPages(res.bytes)) {
      const lines = page.split("\n").map((l) => l.trim()).filter((l) => l && !/· Page \d+ of \d+$/.test(l));
      expect(FIELD_LABELS).not.toContain(lines.at(-1)!);
    }
    expect(text).not.toContain("?");
    expect(Buffer.from(res.bytes).toString("latin1")).toContain("/BaseFont /DejaVuSans");
    // Same record, same bytes, and the stored SHA-256 verifies.
    expect(sha256(res.bytes)).toBe(contract.pdfSha256!);
    expect((await renderContractPdf({ ...contract })).sha256).toBe(contract.pdfSha256!);
    expect((await verifyFile(res.bytes)).body.match).toBe(true);
    // The font set is part of the record: a contract kept on the built-in fonts (as every contract
    // signed before the column was) still renders its own file, with "?" for what they cannot draw.
    const builtIn = await renderContractPdf({ ...contract, pdfFonts: "standard" });
    expect(builtIn.sha256).not.toBe(contract.pdfSha256);
    expect(await pdfText(builtIn.bytes)).toContain("/s/ ?ucja Wi?niewska-?ak");

    // Text the built-in fonts can draw embeds nothing.
    const plain = await signAs(t.client(), { first_name: "Renée", last_name: "Müller" });
    expect(plain.contract.pdfFonts).toBe("standard");
    expect(Buffer.from((await renderContractPdf(plain.contract)).bytes).toString("latin1")).not.toContain("DejaVu");
  });

  test("only the member who signed it, or an admin, can download it", async () => {
    const owner = t.client();
    const { contractId } = await signAs(owner);
    expect((await download(null, `/api/contracts/${contractId}/pdf`)).status).toBe(401);

    const stranger = t.client();
    await signAs(stranger);
    const refused = await download(stranger, `/api/contracts/${contractId}/pdf`);
    expect(refused.status).toBe(404);
    expect(JSON.parse(Buffer.from(refused.bytes).toString()).detail).toBe("Contract not found.");

    // A pending applicant is not yet a member.
    const applicant = t.client();
    await apply(applicant);
    expect((await download(applicant, `/api/contracts/${contractId}/pdf`)).status).toBe(401);

    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const adminCopy = await download(admin, `/api/contracts/${contractId}/pdf`);
    expect(adminCopy.status).toBe(200);
    expect(Buffer.from(adminCopy.bytes).subarray(0, 5).toString()).toBe("%PDF-");

    expect((await download(admin, `/api/contracts/not-a-uuid/pdf`)).status).toBe(404);
    expect((await download(admin, `/api/contracts/${crypto.randomUUID()}/pdf`)).status).toBe(404);
  });

  test("the member's own contracts are listed with their download link", async () => {
    const client = t.client();
    const { contractId } = await signAs(client, { membership_level: "Standard" });
    const res = await client.get("/api/contracts/mine");
    expect(res.status).toBe(200);
    expect(res.body.contracts).toEqual([
      expect.objectContaining({ contract_id: contractId, membership_level: "Standard", pdf_url: `/api/contracts/${contractId}/pdf` }),
    ]);
    expect((await t.client().get("/api/contracts/mine")).status).toBe(401);
  });
});

describe("verification", () => {
  test("the PDF as issued, or its SHA-256, matches the contract on record", async () => {
    const client = t.client();
    const { contractId } = await signAs(client);
    const { bytes } = await download(client, `/api/contracts/${contractId}/pdf`);
    const contract = await contractRow(contractId);

    const byFile = await verifyFile(bytes);
    expect(byFile.status).toBe(200);
    expect(byFile.body).toMatchObject({
      match: true,
      sha256: contract.pdfSha256,
      contract: { contract_id: contractId, member_name: contract.memberName, signed_at: contract.signedAt.toISOString() },
    });
    expect(byFile.body.detail).toContain("genuine copy");

    const raw = await t.app.request("/api/contracts/verify", {
      method: "POST",
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { "content-type": "application/pdf", origin: "http://localhost" },
    });
    expect(((await raw.json()) as any).match).toBe(true);

    const byHash = await t.client().post("/api/contracts/verify", { sha256: contract.pdfSha256!.toUpperCase() });
    expect(byHash.status).toBe(200);
    expect(byHash.body.match).toBe(true);

    // The web page's call.
    const trpc = await t.client().post("/trpc/public.contracts.verify", { sha256: contract.pdfSha256 });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.match).toBe(true);
  });

  test("a changed file, an unknown hash or a changed stored agreement does not match", async () => {
    const client = t.client();
    const { contractId, contract } = await signAs(client);
    const { bytes } = await download(client, `/api/contracts/${contractId}/pdf`);

    // One byte of the file changed.
    const edited = new Uint8Array(bytes);
    const middle = Math.floor(edited.length / 2);
    edited[middle] = edited[middle]! ^ 1;
    const fileResult = await verifyFile(edited);
    expect(fileResult.status).toBe(200);
    expect(fileResult.body).toMatchObject({ match: false, contract: null });
    expect(fileResult.body.detail).toContain("does not match");

    const unknown = await t.client().post("/api/contracts/verify", { sha256: sha256("something else") });
    expect(unknown.body).toMatchObject({ match: false, contract: null });

    expect((await verifyFile(bytes)).body.match).toBe(true);
    // One character of the stored agreement changed: the record no longer produces this file.
    const tampered = contract.contractText.replace("Illinois", "Illinoiz");
    expect(tampered).not.toBe(contract.contractText);
    await t.services.db.update(contracts).set({ contractText: tampered }).where(eq(contracts.id, contractId));
    const afterTamper = await verifyFile(bytes);
    expect(afterTamper.body).toMatchObject({ match: false, contract: null });
    expect(afterTamper.body.detail).toContain("no longer reproduces it");
    // Even with its text hash recomputed to hide the edit.
    await t.services.db
      .update(contracts)
      .set({ textSha256: sql`encode(sha256(convert_to(${tampered}, 'UTF8')), 'hex')` })
      .where(eq(contracts.id, contractId));
    expect((await verifyFile(bytes)).body.match).toBe(false);

    await t.services.db
      .update(contracts)
      .set({ contractText: contract.contractText, textSha256: contract.textSha256 })
      .where(eq(contracts.id, contractId));
    expect((await verifyFile(bytes)).body.match).toBe(true);
  });

  test("bad input is a clear 4xx", async () => {
    const notHex = await t.client().post("/api/contracts/verify", { sha256: "xyz" });
    expect(notHex.status).toBe(422);
    expect(notHex.body.detail[0].msg).toBe("A SHA-256 is 64 hexadecimal characters.");
    expect((await t.client().post("/api/contracts/verify", {})).status).toBe(422);
    expect((await t.client().post("/api/contracts/verify", "{oops", { "content-type": "application/json" })).status).toBe(400);

    const notPdf = await verifyFile(new TextEncoder().encode("hello, I am not a PDF"));
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.detail[0].msg).toBe("The file is not a PDF.");

    const form = new FormData();
    form.append("other", "x");
    const missing = await t.app.request("/api/contracts/verify", { method: "POST", body: form, headers: { origin: "http://localhost" } });
    expect(missing.status).toBe(422);

    const trpc = await t.client().post("/trpc/public.contracts.verify", { sha256: "nope" });
    expect(trpc.status).toBe(400);
  });
});
