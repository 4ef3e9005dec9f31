import type { DbOrTx } from "../db/client.ts";
import { eq } from "drizzle-orm";
import { portalFiles, type InlineAttachment, type OutboxAttachment } from "../db/schema.ts";
import { findContract, issueContractPdf } from "../domain/contracts.ts";
import { keptStatementPdf } from "../domain/portal/reports.ts";

/**
 * The attachments of an outbox message as files: a signed agreement's PDF is rendered from its
 * contract now (and its SHA-256 recorded as issued), an owner statement's from the statement kept;
 * other attachments are stored as they are.
 */
export async function resolveAttachments(db: DbOrTx, attachments: OutboxAttachment[]): Promise<InlineAttachment[]> {
  const files: InlineAttachment[] = [];
  for (const attachment of attachments) {
    if ("content" in attachment) {
      files.push(attachment);
      continue;
    }
    if ("portalFile" in attachment) {
      const [file] = await db.select({ data: portalFiles.data }).from(portalFiles).where(eq(portalFiles.id, attachment.portalFile)).limit(1);
      if (!file) throw new Error(`the file ${attachment.portalFile} of an attachment is gone`);
      files.push({ filename: attachment.filename, contentType: attachment.contentType, content: Buffer.from(file.data).toString("base64") });
      continue;
    }
    if ("statementPdf" in attachment) {
      const pdf = await keptStatementPdf(db, attachment.statementPdf);
      files.push({ filename: attachment.filename, contentType: attachment.contentType, content: Buffer.from(pdf).toString("base64") });
      continue;
    }
    const contract = await findContract(db, attachment.contractPdf);
    if (!contract) throw new Error(`the contract ${attachment.contractPdf} of an attachment is gone`);
    const pdf = await issueContractPdf(db, contract);
    files.push({ filename: attachment.filename, contentType: attachment.contentType, content: Buffer.from(pdf.bytes).toString("base64") });
  }
  return files;
}
