import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZLeaseDocumentSchema } from "../../../shared/portal.ts";
import { leaseDocuments, portalFiles } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { describeFile, storeFile, type Upload } from "./files.ts";
import { findOwnedLease } from "./leases.ts";

// Documents of a lease (the signed lease, addenda, notices) the owner keeps with it and, unless
// marked private, shares with its tenants in the tenant portal (PORTAL.md 4 and 5's file rules).

const describeDocument = (row: { id: string; title: string; sharedWithTenants: boolean; createdAt: Date }, file: Parameters<typeof describeFile>[0]) => ({
  id: row.id,
  title: row.title,
  shared_with_tenants: row.sharedWithTenants,
  created_at: row.createdAt.toISOString(),
  file: describeFile(file),
});

/** POST /api/portal/leases/{id}/documents (multipart: `file`, `title`, `shared_with_tenants`). */
export async function addLeaseDocument(services: Services, owner: Owner, leaseId: string, upload: Upload, input: z.output<typeof ZLeaseDocumentSchema>) {
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId);
    const file = await storeFile(tx, owner.id, upload, { kind: "owner" }, services.now());
    const [row] = await tx
      .insert(leaseDocuments)
      .values({ ownerId: owner.id, leaseId: lease.id, fileId: file.id, title: input.title, sharedWithTenants: input.shared_with_tenants })
      .returning();
    return describeDocument(row!, file);
  });
}

/** GET /api/portal/leases/{id}/documents: newest first. */
export async function listLeaseDocuments(services: Services, owner: Owner, leaseId: string) {
  const lease = await findOwnedLease(services.db, owner, leaseId);
  const rows = await services.db
    .select({ doc: leaseDocuments, file: { id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes } })
    .from(leaseDocuments)
    .innerJoin(portalFiles, eq(portalFiles.id, leaseDocuments.fileId))
    .where(and(eq(leaseDocuments.leaseId, lease.id), eq(leaseDocuments.ownerId, owner.id)))
    .orderBy(desc(leaseDocuments.createdAt));
  return rows.map(({ doc, file }) => describeDocument(doc, file));
}
