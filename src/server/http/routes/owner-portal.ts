import { Hono } from "hono";
import { z } from "zod";
import { chicagoToday } from "../../../shared/calendar.ts";
import {
  ZChargeSchema,
  ZEndLeaseSchema,
  ZAssignSchema,
  ZCommentSchema,
  ZImportRequestSchema,
  ZLeaseDocumentSchema,
  ZLeaseListQuerySchema,
  ZLeaseSchema,
  ZLeaseSettingsSchema,
  ZMaintenanceRequestSchema,
  ZPayoutSettingsSchema,
  ZTransitionSchema,
  ZPaymentSchema,
  ZPropertyPatchSchema,
  ZPropertySchema,
  ZRentRollQuerySchema,
  ZUnitPatchSchema,
  ZUnitSchema,
  ZVoidSchema,
} from "../../../shared/portal.ts";
import { ownerPortalStatus, requireOwner } from "../../domain/portal/access.ts";
import { ownerDashboard } from "../../domain/portal/dashboard.ts";
import { exportFileName, exportOwnerBooks } from "../../domain/portal/export.ts";
import { fileHeaders, ownerFile } from "../../domain/portal/files.ts";
import { addLeaseDocument, listLeaseDocuments } from "../../domain/portal/lease-documents.ts";
import { addLease, endLease, findOwnedLease, getLease, listLeases, updateLeaseSettings } from "../../domain/portal/leases.ts";
import { assignRequest, contractorsForRequest, createOwnerRequest, deleteRequestPhoto, getOwnerRequest, listOwnerRequests, moveRequest, ownedRequest, ownerComment, ownerPhoto } from "../../domain/portal/maintenance.ts";
import { payoutStatus, savePaymentInstructions, startPayoutOnboarding } from "../../domain/portal/online-rent.ts";
import { inviteTenant, revokeTenantAccess } from "../../domain/portal/tenants.ts";
import { leaseLedger, recordCharge, recordPayment, voidEntry } from "../../domain/portal/ledger.ts";
import { ownerReceipt, sendReceipt } from "../../domain/portal/receipts.ts";
import { addProperty, addUnit, deleteProperty, getProperty, listProperties, updateProperty, updateUnit } from "../../domain/portal/properties.ts";
import { importRentRoll } from "../../domain/portal/rent-roll-import.ts";
import { rentRoll, rentRollCsv, rentRollFileName } from "../../domain/portal/rent-roll.ts";
import type { AppEnv } from "../auth.ts";
import { readJson, readQuery, readUpload, takesFile } from "../validate.ts";
import { download, thumbnail } from "../download.ts";
import { validationError } from "../../errors.ts";

// PORTAL.md 8: the owner portal's REST paths, for API clients; the React app calls the same domain
// functions through tRPC (member.owner). Reads need an owner (a downgraded owner reads too);
// writes need a running Standard or Premium membership.

export const ZPropertyListQuerySchema = z.object({ include_archived: z.enum(["true", "false"]).optional() });
export const ZMaintenanceListQuerySchema = z.object({ state: z.enum(["open", "all"]).optional() });

const read = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "read");
const write = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "write");

export const ownerPortalRoutes = new Hono<AppEnv>()
  .get("/access", async (c) => c.json(await ownerPortalStatus(c.var.services, c.var.auth)))
  .get("/dashboard", async (c) => c.json(await ownerDashboard(c.var.services, await read(c))))
  .get("/properties", async (c) => {
    const owner = await read(c);
    const query = readQuery(c, ZPropertyListQuerySchema);
    return c.json(await listProperties(c.var.services, owner, { includeArchived: query.include_archived === "true" }));
  })
  .post("/properties", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZPropertySchema);
    return c.json(await addProperty(c.var.services, owner, input), 201);
  })
  .get("/properties/:id", async (c) => c.json(await getProperty(c.var.services, await read(c), c.req.param("id"))))
  .patch("/properties/:id", async (c) => {
    const owner = await write(c);
    const patch = await readJson(c, ZPropertyPatchSchema);
    return c.json(await updateProperty(c.var.services, owner, c.req.param("id"), patch));
  })
  .delete("/properties/:id", async (c) => c.json(await deleteProperty(c.var.services, await write(c), c.req.param("id"))))
  .post("/properties/:id/units", async (c) => {
    const owner = await write(c);
    const unit = await readJson(c, ZUnitSchema);
    return c.json(await addUnit(c.var.services, owner, c.req.param("id"), unit), 201);
  })
  .patch("/units/:id", async (c) => {
    const owner = await write(c);
    const patch = await readJson(c, ZUnitPatchSchema);
    return c.json(await updateUnit(c.var.services, owner, c.req.param("id"), patch));
  })
  .get("/leases", async (c) => {
    const owner = await read(c);
    return c.json(await listLeases(c.var.services, owner, readQuery(c, ZLeaseListQuerySchema)));
  })
  .post("/leases", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZLeaseSchema);
    return c.json(await addLease(c.var.services, owner, input), 201);
  })
  .get("/leases/:id", async (c) => c.json(await getLease(c.var.services, await read(c), c.req.param("id"))))
  .patch("/leases/:id", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZLeaseSettingsSchema);
    return c.json(await updateLeaseSettings(c.var.services, owner, c.req.param("id"), input));
  })
  .post("/leases/:id/tenants/:tenantId/invite", async (c) =>
    c.json(await inviteTenant(c.var.services, await write(c), c.req.param("id"), c.req.param("tenantId"))),
  )
  .delete("/leases/:id/tenants/:tenantId/access", async (c) =>
    c.json(await revokeTenantAccess(c.var.services, await write(c), c.req.param("id"), c.req.param("tenantId"))),
  )
  .get("/leases/:id/documents", async (c) => c.json(await listLeaseDocuments(c.var.services, await read(c), c.req.param("id"))))
  .post("/leases/:id/documents", takesFile, async (c) => {
    const owner = await write(c);
    // Whose lease it is is settled before the upload is read: a stranger's id answers 404 at once.
    await findOwnedLease(c.var.services.db, owner, c.req.param("id"));
    const { file, fields } = await readUpload(c);
    const parsed = ZLeaseDocumentSchema.safeParse({ title: fields.title ?? "", shared_with_tenants: fields.shared_with_tenants !== "false" });
    if (!parsed.success) throw validationError(parsed.error, "body");
    return c.json(await addLeaseDocument(c.var.services, owner, c.req.param("id"), file, parsed.data), 201);
  })
  .post("/leases/:id/end", async (c) => {
    const owner = await write(c);
    const { end_date } = await readJson(c, ZEndLeaseSchema);
    return c.json(await endLease(c.var.services, owner, c.req.param("id"), end_date));
  })
  .get("/leases/:id/ledger", async (c) => c.json(await leaseLedger(c.var.services, await read(c), c.req.param("id"))))
  .post("/leases/:id/charges", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZChargeSchema);
    return c.json(await recordCharge(c.var.services, owner, c.req.param("id"), input), 201);
  })
  .post("/leases/:id/payments", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZPaymentSchema);
    return c.json(await recordPayment(c.var.services, owner, c.req.param("id"), input), 201);
  })
  .post("/ledger/:entryId/void", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZVoidSchema);
    return c.json(await voidEntry(c.var.services, owner, c.req.param("entryId"), input), 201);
  })
  // A payment's receipt (issue 30, item 4): the PDF, and the same emailed again to the lease's tenants.
  .get("/ledger/:entryId/receipt", async (c) => download(c, await ownerReceipt(c.var.services, await read(c), c.req.param("entryId"))))
  .post("/ledger/:entryId/receipt/send", async (c) => c.json(await sendReceipt(c.var.services, await write(c), c.req.param("entryId"))))
  // The rent roll (SPEC.md's GET /api/portal/payments): ?month=YYYY-MM, &format=csv for a spreadsheet.
  .get("/payments", async (c) => {
    const owner = await read(c);
    const query = readQuery(c, ZRentRollQuerySchema);
    const roll = await rentRoll(c.var.services, owner, query.month);
    if (query.format === "csv") {
      return c.body(rentRollCsv(roll), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${rentRollFileName(roll.month)}"`,
        "cache-control": "private, no-store",
      });
    }
    return c.json(roll);
  })
  .post("/imports/rent-roll", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZImportRequestSchema);
    return c.json(await importRentRoll(c.var.services, owner, input));
  })
  // Maintenance requests (PORTAL.md 5): open ones most urgent first (?state=all for every one).
  .get("/maintenance", async (c) => {
    const owner = await read(c);
    return c.json(await listOwnerRequests(c.var.services, owner, readQuery(c, ZMaintenanceListQuerySchema)));
  })
  .post("/maintenance", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZMaintenanceRequestSchema);
    return c.json(await createOwnerRequest(c.var.services, owner, input), 201);
  })
  .get("/maintenance/:id", async (c) => c.json(await getOwnerRequest(c.var.services, await read(c), c.req.param("id"))))
  .post("/maintenance/:id/transitions", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZTransitionSchema);
    return c.json(await moveRequest(c.var.services, owner, c.req.param("id"), input));
  })
  .post("/maintenance/:id/comments", async (c) => {
    const owner = await write(c);
    const { body } = await readJson(c, ZCommentSchema);
    return c.json(await ownerComment(c.var.services, owner, c.req.param("id"), body), 201);
  })
  .post("/maintenance/:id/photos", takesFile, async (c) => {
    const owner = await write(c);
    await ownedRequest(c.var.services.db, owner, c.req.param("id"));
    const { file } = await readUpload(c);
    return c.json(await ownerPhoto(c.var.services, owner, c.req.param("id"), file), 201);
  })
  .delete("/maintenance/:id/photos/:fileId", async (c) =>
    c.json(await deleteRequestPhoto(c.var.services, await write(c), c.req.param("id"), c.req.param("fileId"))),
  )
  .get("/maintenance/:id/contractors", async (c) => c.json(await contractorsForRequest(c.var.services, await read(c), c.req.param("id"))))
  .post("/maintenance/:id/assign", async (c) => {
    const owner = await write(c);
    const { contractor_id } = await readJson(c, ZAssignSchema);
    return c.json(await assignRequest(c.var.services, owner, c.req.param("id"), contractor_id));
  })
  // Files of the owner's books (photos, lease documents): downloads only, never rendered inline.
  .get("/files/:id", async (c) => {
    const file = await ownerFile(c.var.services, await read(c), c.req.param("id"));
    return c.body(new Uint8Array(file.data), 200, fileHeaders(file));
  })
  // A photo's thumbnail, to whoever may see the photo (decision 0087).
  .get("/files/:id/thumbnail", async (c) => thumbnail(c, await ownerFile(c.var.services, await read(c), c.req.param("id"))))
  // Online rent (PORTAL.md 4): the payout account's status, its onboarding link, and how to pay offline.
  .get("/payouts", async (c) => c.json(await payoutStatus(c.var.services, await read(c))))
  .post("/payouts", async (c) => c.json(await startPayoutOnboarding(c.var.services, await write(c))))
  .put("/settings", async (c) => {
    const owner = await write(c);
    const { payment_instructions } = await readJson(c, ZPayoutSettingsSchema);
    return c.json(await savePaymentInstructions(c.var.services, owner, payment_instructions));
  })
  .get("/export", async (c) => {
    const owner = await read(c);
    const books = await exportOwnerBooks(c.var.services, owner);
    return c.body(JSON.stringify(books, null, 2), 200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(chicagoToday(c.var.services.now()))}"`,
      "cache-control": "private, no-store",
    });
  });
