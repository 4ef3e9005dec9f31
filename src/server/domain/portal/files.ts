import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { leaseDocuments, leaseTenants, maintenanceEvents, maintenanceRequests, portalFiles } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import type { TenantAccountRow } from "../sessions.ts";
import type { Owner } from "./access.ts";

// Files people upload to the portal (DECISIONS.md 24): kept in PostgreSQL with their SHA-256, at
// most 10 MB, the type read from the content (never from the name or the browser's word), and
// served as attachments to those who may see them.

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];
const EXTENSION: Record<AcceptedType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" };

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

/** The file's type from its first bytes: JPEG, PNG, WebP or PDF, else 415. */
export async function acceptedType(bytes: Uint8Array): Promise<AcceptedType> {
  if (bytes.byteLength === 0) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "file"], msg: "The file is empty." }]);
  if (bytes.byteLength > MAX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "A file may be at most 10 MB.");
  const found = await fileTypeFromBuffer(bytes);
  const type = found?.mime as AcceptedType | undefined;
  if (!type || !ACCEPTED_TYPES.includes(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload a photo (JPEG, PNG or WebP) or a PDF.");
  }
  return type;
}

/** A safe file name: letters, digits, dots and dashes, with the extension of its real type. */
export function safeFileName(name: string, type: AcceptedType): string {
  const stem = (name.split(/[\\/]/).pop() ?? "")
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 80);
  return `${stem || "file"}.${EXTENSION[type]}`;
}

/** Stores an upload of the owner's books (by the owner, or by one of their tenants). */
export async function storeFile(tx: DbOrTx, ownerId: string, upload: Upload, uploadedByTenant: string | null = null) {
  const type = await acceptedType(upload.bytes);
  const [row] = await tx
    .insert(portalFiles)
    .values({
      ownerId,
      name: safeFileName(upload.name, type),
      contentType: type,
      sizeBytes: upload.bytes.byteLength,
      sha256: createHash("sha256").update(upload.bytes).digest("hex"),
      data: upload.bytes,
      uploadedByTenant,
    })
    .returning({ id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes });
  return row!;
}

/** A file of this owner's books (the caller has checked who may see it). */
export async function readFile(db: DbOrTx, ownerId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(portalFiles)
    .where(and(eq(portalFiles.id, fileId), eq(portalFiles.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound("File not found.");
  return row;
}

export const describeFile = (f: { id: string; name: string; contentType: string; sizeBytes: number }) => ({
  id: f.id,
  name: f.name,
  content_type: f.contentType,
  size_bytes: f.sizeBytes,
});

export type StoredFile = typeof portalFiles.$inferSelect;

/** GET /api/portal/files/{id}: any file of the owner's books, to the owner. */
export async function ownerFile(services: Services, owner: Owner, fileId: string): Promise<StoredFile> {
  if (!isUuid(fileId)) throw notFound("File not found.");
  return readFile(services.db, owner.id, fileId);
}

/**
 * GET /api/tenant/files/{id}: a file to a tenant when it is on a maintenance request of one of
 * their leases, or a document of their lease the owner shared; otherwise 404 like any unknown id.
 */
export async function tenantFile(services: Services, tenant: TenantAccountRow, fileId: string): Promise<StoredFile> {
  if (!isUuid(fileId)) throw notFound("File not found.");
  const { db } = services;
  const mine = db.select({ leaseId: leaseTenants.leaseId }).from(leaseTenants).where(eq(leaseTenants.tenantAccountId, tenant.id));
  const [onRequest] = await db
    .select({ ownerId: maintenanceEvents.ownerId })
    .from(maintenanceEvents)
    .innerJoin(maintenanceRequests, eq(maintenanceRequests.id, maintenanceEvents.requestId))
    .where(and(eq(maintenanceEvents.fileId, fileId), inArray(maintenanceRequests.leaseId, mine)))
    .limit(1);
  const [shared] = onRequest
    ? []
    : await db
        .select({ ownerId: leaseDocuments.ownerId })
        .from(leaseDocuments)
        .where(and(eq(leaseDocuments.fileId, fileId), eq(leaseDocuments.sharedWithTenants, true), inArray(leaseDocuments.leaseId, mine)))
        .limit(1);
  const ownerId = onRequest?.ownerId ?? shared?.ownerId;
  if (!ownerId) throw notFound("File not found.");
  return readFile(db, ownerId, fileId);
}

/** The headers a stored file is served with: always a download, never sniffed, never cached by others. */
export function fileHeaders(file: StoredFile): Record<string, string> {
  return {
    "content-type": file.contentType,
    "content-length": String(file.sizeBytes),
    "content-disposition": `attachment; filename="${file.name}"`,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
}
