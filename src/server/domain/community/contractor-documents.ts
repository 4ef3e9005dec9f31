import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { contractorDocuments, contractors, portalFiles } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import { describeFile, readFile, storeFile, type StoredFile, type Upload } from "../portal/files.ts";
import type { CommunityActor } from "./people.ts";
import { ownProfile, requireMember } from "./contractors.ts";

// Documents a contractor gives for verification (COMMUNITY.md 4): licence and insurance
// certificates, bonds. Stored like every uploaded file (type from content, 10 MB, SHA-256) and
// seen only by the contractor and the association's staff, as downloads.

export const DOCUMENT_NOT_FOUND = "Document not found.";

/** Each contractor's documents, oldest first. */
export async function documentsOf(db: DbOrTx, contractorIds: string[]) {
  const rows = contractorIds.length
    ? await db
        .select({ doc: contractorDocuments, file: { id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes } })
        .from(contractorDocuments)
        .innerJoin(portalFiles, eq(portalFiles.id, contractorDocuments.fileId))
        .where(inArray(contractorDocuments.contractorId, contractorIds))
        .orderBy(asc(contractorDocuments.createdAt))
    : [];
  const map = new Map<string, { id: string; title: string; file: ReturnType<typeof describeFile>; created_at: string }[]>();
  for (const { doc, file } of rows) {
    map.set(doc.contractorId, [...(map.get(doc.contractorId) ?? []), { id: doc.id, title: doc.title, file: describeFile(file), created_at: doc.createdAt.toISOString() }]);
  }
  return map;
}

/** The signed-in member's listing, which must exist before documents can be added. */
async function listingOf(db: DbOrTx, actor: CommunityActor | null) {
  const member = requireMember(actor);
  const listing = await ownProfile(db, member.id);
  if (!listing) throw new AppError("CONFLICT", "Save your contractor listing first, then add its documents.");
  return { member, listing };
}

/** Checks before an upload is read that the caller has a listing (POST /api/contractors/me/documents). */
export async function assertListing(services: Services, actor: CommunityActor | null) {
  await listingOf(services.db, actor);
}

/** POST /api/contractors/me/documents (multipart `file`, `title`). */
export async function addContractorDocument(services: Services, actor: CommunityActor | null, upload: Upload, title: string) {
  const clean = title.trim();
  if (!clean || clean.length > 120) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "title"], msg: "Name the document (at most 120 characters)" }]);
  return services.db.transaction(async (tx) => {
    const { member, listing } = await listingOf(tx, actor);
    const file = await storeFile(tx, member.id, upload, { kind: "owner" }, services.now());
    const [doc] = await tx.insert(contractorDocuments).values({ contractorId: listing.id, fileId: file.id, title: clean }).returning();
    return { id: doc!.id, title: doc!.title, file: describeFile(file), created_at: doc!.createdAt.toISOString() };
  });
}

/** DELETE /api/contractors/me/documents/{id}: the contractor takes one back. */
export async function deleteContractorDocument(services: Services, actor: CommunityActor | null, id: string) {
  const { listing } = await listingOf(services.db, actor);
  if (!isUuid(id)) throw notFound(DOCUMENT_NOT_FOUND);
  const removed = await services.db
    .delete(contractorDocuments)
    .where(and(eq(contractorDocuments.id, id), eq(contractorDocuments.contractorId, listing.id)))
    .returning();
  if (removed.length === 0) throw notFound(DOCUMENT_NOT_FOUND);
  return { success: true };
}

/** A document's file: to its contractor (`mine`) or to staff. */
export async function contractorDocumentFile(services: Services, actor: CommunityActor | null, id: string, as: "mine" | "staff"): Promise<StoredFile> {
  if (!isUuid(id)) throw notFound(DOCUMENT_NOT_FOUND);
  const { db } = services;
  const [row] = await db
    .select({ fileId: contractorDocuments.fileId, memberId: contractors.memberId })
    .from(contractorDocuments)
    .innerJoin(contractors, eq(contractors.id, contractorDocuments.contractorId))
    .where(and(eq(contractorDocuments.id, id), as === "mine" ? eq(contractors.memberId, requireMember(actor).id) : undefined))
    .limit(1);
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return readFile(db, row.memberId, row.fileId);
}
