import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { leaseDocuments, leaseTenants, maintenanceEvents, maintenanceRequests, portalFiles } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import type { TenantAccountRow } from "../sessions.ts";
import type { Owner } from "./access.ts";
import { readableLeaseIds } from "./tenant-access.ts";
import { chicagoToday } from "../../../shared/calendar.ts";

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

/** Who uploads a file: the owner (or member) whose books it joins, one of their tenants, staff, or the app (a document it made). */
export type Uploader = { kind: "owner" } | { kind: "tenant"; tenantId: string } | { kind: "staff" } | { kind: "generated" };

/**
 * What one uploader may store: files an hour and bytes a day (a tenant stored 12 photos of 9 MB in
 * 30 seconds). Staff uploads (affidavits, case documents) have no quota.
 */
export const UPLOAD_QUOTAS = {
  tenant: { filesPerHour: 10, bytesPerDay: 50 * 1024 * 1024 },
  owner: { filesPerHour: 60, bytesPerDay: 500 * 1024 * 1024 },
} as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Refuses an upload over the uploader's quota with 429 and the seconds until it would fit. The
 * uploader's uploads are serialised (a transaction lock on its key) so two at once cannot both fit.
 */
export async function assertUploadQuota(tx: DbOrTx, ownerId: string, uploader: Uploader, bytes: number, now: Date): Promise<void> {
  if (uploader.kind === "staff" || uploader.kind === "generated") return;
  const quota = UPLOAD_QUOTAS[uploader.kind];
  const key = uploader.kind === "tenant" ? `upload:tenant:${uploader.tenantId}` : `upload:owner:${ownerId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const mine =
    uploader.kind === "tenant"
      ? eq(portalFiles.uploadedByTenant, uploader.tenantId)
      : and(eq(portalFiles.ownerId, ownerId), isNull(portalFiles.uploadedByTenant), eq(portalFiles.uploadedByStaff, false));
  const recent = await tx
    .select({ at: portalFiles.createdAt, size: portalFiles.sizeBytes })
    .from(portalFiles)
    .where(and(mine, gt(portalFiles.createdAt, new Date(now.getTime() - DAY_MS))))
    .orderBy(asc(portalFiles.createdAt));
  const lastHour = recent.filter((f) => f.at.getTime() > now.getTime() - HOUR_MS);
  const wait = (at: Date, windowMs: number) => Math.max(1, Math.ceil((at.getTime() + windowMs - now.getTime()) / 1000));
  if (lastHour.length >= quota.filesPerHour) {
    const retryAfter = wait(lastHour[lastHour.length - quota.filesPerHour]!.at, HOUR_MS);
    throw new AppError("TOO_MANY_REQUESTS", `At most ${quota.filesPerHour} files an hour. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, { retryAfter });
  }
  let stored = recent.reduce((sum, f) => sum + f.size, 0);
  if (stored + bytes > quota.bytesPerDay) {
    // The upload fits once enough of the oldest files of the last day have left the window.
    let i = 0;
    while (i < recent.length && stored + bytes > quota.bytesPerDay) stored -= recent[i++]!.size;
    const retryAfter = i === 0 || stored + bytes > quota.bytesPerDay ? Math.ceil(DAY_MS / 1000) : wait(recent[i - 1]!.at, DAY_MS);
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `At most ${megabytes(quota.bytesPerDay)} of files a day. Try again in ${Math.ceil(retryAfter / 3600)} hours, or send smaller photos.`,
      { retryAfter },
    );
  }
}

/** Stores an upload of the owner's books (by the owner, by one of their tenants, or by staff), within the uploader's quota. */
export async function storeFile(tx: DbOrTx, ownerId: string, upload: Upload, uploader: Uploader = { kind: "owner" }, now: Date = new Date()) {
  const type = await acceptedType(upload.bytes);
  await assertUploadQuota(tx, ownerId, uploader, upload.bytes.byteLength, now);
  const [row] = await tx
    .insert(portalFiles)
    .values({
      ownerId,
      name: safeFileName(upload.name, type),
      contentType: type,
      sizeBytes: upload.bytes.byteLength,
      sha256: createHash("sha256").update(upload.bytes).digest("hex"),
      data: upload.bytes,
      uploadedByTenant: uploader.kind === "tenant" ? uploader.tenantId : null,
      uploadedByStaff: uploader.kind === "staff",
      createdAt: now,
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
  if (row.deletedAt) throw notFound(`This file was deleted${row.deletedBy ? ` by ${row.deletedBy}` : ""}.`);
  return row;
}

/** Deletes a file's bytes, keeping its record: who deleted it and when. */
export async function eraseFile(tx: DbOrTx, ownerId: string, fileId: string, by: string, now: Date) {
  await tx
    .update(portalFiles)
    .set({ data: new Uint8Array(0), deletedAt: now, deletedBy: by })
    .where(and(eq(portalFiles.id, fileId), eq(portalFiles.ownerId, ownerId), isNull(portalFiles.deletedAt)));
}

export const describeFile = (f: { id: string; name: string; contentType: string; sizeBytes: number; deletedAt?: Date | null; deletedBy?: string | null }) => ({
  id: f.id,
  name: f.name,
  content_type: f.contentType,
  size_bytes: f.sizeBytes,
  /** Deleted by the owner: the record stays, the file is gone. */
  deleted: f.deletedAt ? { at: f.deletedAt.toISOString(), by: f.deletedBy ?? "" } : null,
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
  const mine = readableLeaseIds(db, tenant.id, chicagoToday(services.now()));
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
