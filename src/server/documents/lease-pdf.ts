import { PDFDocument, PDFName } from "pdf-lib";
import { ASSOCIATION_NAME } from "../../shared/agreement.ts";
import { chicagoDateTime } from "../../shared/time.ts";
import { COLORS, openWriter, sha256Hex, type Writer } from "./contract-pdf.ts";

// A lease signed online (PORTAL.md 8a) as one PDF: the lease (the filled template's text, or the
// owner's own PDF page for page), the documents given with it (Chicago's RLTO summary and interest
// rate summary), a signature page and an audit page, set the way the membership agreement is
// (DECISIONS.md 13). Everything printed comes from the request's record, and every date in the
// file is a signing time, so the same record always yields the same bytes: the SHA-256 of the
// countersigned file is kept and /verify re-renders the record to check a copy.

export interface LeaseSigner {
  /** The tenant's name on the lease, and email. */
  name: string;
  email: string;
  signatureName: string;
  consentWording: string;
  signedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface LeaseSignatureRecord {
  id: string;
  leaseId: string;
  title: string;
  document: "template" | "upload";
  documentText: string | null;
  templateVersion: string | null;
  /** The owner's PDF, for an uploaded lease. */
  documentPdf: Uint8Array | null;
  documentSha256: string;
  attachments: { title: string; sha256: string; bytes: Uint8Array }[];
  landlordName: string;
  landlordEmail: string;
  sentAt: Date;
  /** Tenants who signed, in the order the lease names them. */
  signers: LeaseSigner[];
  /** Tenants who have not signed yet (a copy made before everyone signed says so). */
  pending: string[];
  countersign: { name: string; consentWording: string; at: Date; ipAddress: string | null; userAgent: string | null } | null;
  verifyUrl: string;
}

export interface LeasePdf {
  bytes: Uint8Array;
  sha256: string;
  recordFingerprint: string;
  filename: string;
}

/** The SHA-256 of everything the record says (the audit page prints it; the file cannot hold its own hash). */
export function leaseRecordFingerprint(record: LeaseSignatureRecord): string {
  return sha256Hex(
    JSON.stringify([
      record.id,
      record.leaseId,
      record.title,
      record.document,
      record.documentSha256,
      record.documentText,
      record.templateVersion,
      record.attachments.map((a) => [a.title, a.sha256]),
      record.landlordName,
      record.landlordEmail,
      record.sentAt.toISOString(),
      record.signers.map((s) => [s.name, s.email, s.signatureName, s.consentWording, s.signedAt.toISOString(), s.ipAddress, s.userAgent]),
      record.pending,
      record.countersign && [record.countersign.name, record.countersign.consentWording, record.countersign.at.toISOString(), record.countersign.ipAddress, record.countersign.userAgent],
    ]),
  );
}

/** Everything the writer prints, for the choice of fonts. */
function printed(record: LeaseSignatureRecord): string {
  return [
    record.title,
    record.documentText ?? "",
    record.landlordName,
    record.landlordEmail,
    ...record.attachments.map((a) => a.title),
    ...record.signers.flatMap((s) => [s.name, s.email, s.signatureName, s.consentWording, s.ipAddress ?? "", s.userAgent ?? ""]),
    ...record.pending,
    record.countersign ? [record.countersign.name, record.countersign.consentWording, record.countersign.ipAddress ?? "", record.countersign.userAgent ?? ""].join("") : "",
  ].join("");
}

async function appendPdf(doc: PDFDocument, bytes: Uint8Array): Promise<void> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
}

function leaseText(writer: Writer, text: string) {
  writer.newPage();
  text.split("\n\n").forEach((paragraph, index) => {
    if (index === 0) writer.text(paragraph, { font: "bold", size: 15, color: COLORS.brand, gap: 4 });
    else if (index === 1) writer.text(paragraph, { size: 9.5, color: COLORS.muted, gap: 12 });
    else {
      const [heading, ...body] = paragraph.split("\n");
      writer.keepTogether(11.5 * 1.4 + 3 * 10.5 * 1.4);
      writer.text(heading!, { font: "bold", size: 11.5, gap: 2 });
      writer.text(body.join("\n"), { gap: 10 });
    }
  });
}

/** Renders the lease with its signatures. Same record in, byte-identical file out. */
export async function renderLeasePdf(record: LeaseSignatureRecord): Promise<LeasePdf> {
  const issuedAt = record.countersign?.at ?? record.signers.at(-1)?.signedAt ?? record.sentAt;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(record.title);
  doc.setAuthor(ASSOCIATION_NAME);
  doc.setSubject(record.countersign ? "Lease signed electronically by every party" : "Lease sent for electronic signature (not yet countersigned)");
  doc.setCreator(ASSOCIATION_NAME);
  doc.setProducer("pdf-lib");
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  doc.setLanguage("en-US");
  const fingerprint = leaseRecordFingerprint(record);
  const fileId = doc.context.obj(fingerprint.slice(0, 32));
  doc.context.trailerInfo.ID = doc.context.obj([fileId, fileId]);
  const { writer } = await openWriter(doc, printed(record), `${ASSOCIATION_NAME} · Lease signature ${record.id}`);

  if (record.documentText !== null) leaseText(writer, record.documentText);
  else if (record.documentPdf) await appendPdf(doc, record.documentPdf);
  for (const attachment of record.attachments) await appendPdf(doc, attachment.bytes);

  writer.newPage();
  writer.text("Signatures", { font: "bold", size: 15, color: COLORS.brand, gap: 8 });
  for (const signer of record.signers) {
    writer.keepTogether(110);
    writer.text(`/s/ ${signer.signatureName}`, { font: "bold", size: 15, gap: 2 });
    writer.field("Tenant", `${signer.name} <${signer.email}>`);
    writer.field("Date signed", `${chicagoDateTime(signer.signedAt)} (America/Chicago)`);
    writer.rule();
  }
  for (const name of record.pending) writer.text(`Tenant ${name}: not signed yet.`, { color: COLORS.muted });
  if (record.countersign) {
    writer.keepTogether(110);
    writer.text(`/s/ ${record.countersign.name}`, { font: "bold", size: 15, gap: 2 });
    writer.field("Landlord", `${record.landlordName} <${record.landlordEmail}>`);
    writer.field("Date signed", `${chicagoDateTime(record.countersign.at)} (America/Chicago)`);
  } else {
    writer.text(`Landlord ${record.landlordName}: not countersigned yet. This copy is not the signed lease.`, { font: "bold", color: COLORS.muted });
  }

  writer.newPage();
  writer.text("Signature Audit Record", { font: "bold", size: 15, color: COLORS.brand, gap: 4 });
  writer.text(
    "This page records how the lease above was signed electronically under the Illinois Uniform Electronic Transactions Act " +
      "(815 ILCS 333) and the federal ESIGN Act (15 U.S.C. 7001). The lease was fixed when it was sent: each signer confirmed " +
      "the SHA-256 of the document they read, and it has not changed since.",
    { size: 9.5, color: COLORS.muted, gap: 12 },
  );
  writer.field("Signature request id", record.id);
  writer.field("Lease id", record.leaseId);
  writer.field("Document", record.document === "template" ? `The association's lease template, version ${record.templateVersion}` : "The landlord's own lease (PDF)");
  writer.field(record.document === "template" ? "SHA-256 of the lease text" : "SHA-256 of the lease PDF", record.documentSha256);
  for (const attachment of record.attachments) writer.field(`Given with the lease: ${attachment.title} (SHA-256)`, attachment.sha256);
  writer.field("Sent for signature at (UTC)", record.sentAt.toISOString());
  for (const signer of record.signers) {
    writer.keepTogether(200);
    writer.rule();
    writer.field("Tenant's typed name", signer.signatureName);
    writer.field("Tenant's name and email on the lease", `${signer.name} <${signer.email}>`);
    writer.field("Consent wording accepted", signer.consentWording);
    writer.field("Signed at (UTC)", signer.signedAt.toISOString());
    writer.field("IP address", signer.ipAddress ?? "not recorded");
    writer.field("User agent", signer.userAgent ?? "not recorded");
  }
  if (record.countersign) {
    writer.keepTogether(200);
    writer.rule();
    writer.field("Landlord's typed name", record.countersign.name);
    writer.field("Landlord's name and email", `${record.landlordName} <${record.landlordEmail}>`);
    writer.field("Consent wording accepted", record.countersign.consentWording);
    writer.field("Countersigned at (UTC)", record.countersign.at.toISOString());
    writer.field("IP address", record.countersign.ipAddress ?? "not recorded");
    writer.field("User agent", record.countersign.userAgent ?? "not recorded");
  }
  writer.rule();
  writer.field("Document fingerprint (SHA-256 of this signed record)", fingerprint);
  writer.space(6);
  if (writer.substituted) {
    writer.text(
      "Characters the document's fonts cannot show are printed as \"?\"; the SHA-256 values and the document fingerprint above cover the exact characters signed.",
      { size: 9.5, color: COLORS.muted },
    );
  }
  writer.text(
    record.countersign
      ? `To verify this document, open ${record.verifyUrl} and upload this PDF, or give its SHA-256. The association confirms whether it matches a lease signed on record.`
      : "This copy was made before the landlord countersigned: it cannot be verified. The countersigned lease can.",
    { size: 9.5, color: COLORS.muted },
  );
  writer.finish();
  doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseNone"));
  const bytes = await doc.save({ useObjectStreams: false });
  const slug = record.title.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 80) || "lease";
  return { bytes, sha256: sha256Hex(bytes), recordFingerprint: fingerprint, filename: `${slug}-${issuedAt.toISOString().slice(0, 10)}.pdf` };
}

/** Whether bytes are a PDF pdf-lib can copy pages from (not encrypted, not broken). */
export async function copyablePdf(bytes: Uint8Array): Promise<boolean> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    return pdf.getPageCount() > 0;
  } catch {
    return false;
  }
}
