import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { chicagoToday, type IsoDate } from "../../../shared/calendar.ts";
import type { SignatureAttachment } from "../../db/portal-schema.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { leaseDocuments, leases, leaseSignatureRequests, leaseSignatures, leaseTenants, members, portalFiles, properties, units } from "../../db/schema.ts";
import { sha256Hex } from "../../documents/contract-pdf.ts";
import { copyablePdf, renderLeasePdf, type LeasePdf, type LeaseSignatureRecord } from "../../documents/lease-pdf.ts";
import { AppError, forbidden, notFound } from "../../errors.ts";
import { LEASE_WAITING_NOTE, leaseCompletedEmail, leaseDeclinedEmail, leaseSignedByTenantsEmail, leaseToSignEmail } from "../../mail/lease-emails.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import type { Services } from "../../services.ts";
import type { ZCountersignSchema, ZDeclineSignatureSchema, ZSignatureRequestSchema, ZTenantSignSchema } from "../../../shared/portal.ts";
import type { RequestMeta } from "../caller.ts";
import { isUuid } from "../ids.ts";
import type { TenantAccountRow } from "../sessions.ts";
import type { Owner } from "./access.ts";
import { readFile, storeFile } from "./files.ts";
import { LEASE_CONSENT_WORDING, LEASE_TEMPLATE_VERSION, leaseTemplateText } from "./lease-template.ts";
import { findOwnedLease, type TenantRow } from "./leases.ts";
import type { LeaseRow } from "./posting.ts";
import { rulesOfUnits } from "./properties.ts";
import { inviteLeaseTenant, joinKnownTenant, placeOf } from "./tenants.ts";
import { tenancyOf } from "./tenant-access.ts";

// Leases signed online (PORTAL.md 8a) with the association's e-signature record (ESIGN/UETA:
// consent, typed name, the SHA-256 of what was read, time, address, user agent; a PDF with an
// audit page; /verify). The owner sends the filled template or their own PDF; each tenant signs
// (or declines) from the tenant portal, invited first when they have no access yet; the owner
// countersigns; the signed PDF is kept with the lease and emailed to every party. A Chicago lease
// under the RLTO goes with the City's RLTO summary and interest rate summary (5-12-170), and the
// day every tenant signed is recorded as the day they were given them (the compliance calendar).

type RequestRow = typeof leaseSignatureRequests.$inferSelect;
type SignatureRow = typeof leaseSignatures.$inferSelect;

const REQUEST_NOT_FOUND = "Signature request not found.";
const fullName = (t: Pick<TenantRow, "firstName" | "lastName">) => `${t.firstName} ${t.lastName}`;

export function describeSignatureRequest(request: RequestRow, signatures: SignatureRow[]) {
  return {
    id: request.id,
    lease_id: request.leaseId,
    title: request.title,
    document: request.document,
    template_version: request.templateVersion,
    document_sha256: request.documentSha256,
    attachments: request.attachments.map((a) => ({ kind: a.kind, title: a.title, sha256: a.sha256 })),
    status: request.status,
    sent_at: request.createdAt.toISOString(),
    countersigned_at: request.countersignedAt?.toISOString() ?? null,
    pdf_sha256: request.pdfSha256,
    signed_file_id: request.signedFileId,
    signers: signatures.map((s) => ({
      tenant_id: s.leaseTenantId,
      name: s.name,
      status: s.status,
      signed_at: s.signedAt?.toISOString() ?? null,
      declined_at: s.declinedAt?.toISOString() ?? null,
      decline_reason: s.declineReason,
    })),
  };
}
export type SignatureRequestView = ReturnType<typeof describeSignatureRequest>;

async function signaturesOf(db: DbOrTx, requestIds: string[]): Promise<Map<string, SignatureRow[]>> {
  const byRequest = new Map<string, SignatureRow[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db.select().from(leaseSignatures).where(inArray(leaseSignatures.requestId, requestIds)).orderBy(asc(leaseSignatures.createdAt), asc(leaseSignatures.name));
  for (const row of rows) byRequest.get(row.requestId)?.push(row);
  return byRequest;
}

/** A PDF of the owner's books that can go into a signed lease: theirs, a PDF, not encrypted. */
async function ownerPdf(db: DbOrTx, owner: Owner, fileId: string, field: string): Promise<typeof portalFiles.$inferSelect> {
  const missing = () => new AppError("UNPROCESSABLE", [{ loc: ["body", field], msg: "Choose a PDF you uploaded to your portal" }]);
  if (!isUuid(fileId)) throw missing();
  const file = await readFile(db, owner.id, fileId).catch(() => null);
  if (!file) throw missing();
  if (file.contentType !== "application/pdf") throw new AppError("UNPROCESSABLE", [{ loc: ["body", field], msg: "This file is not a PDF" }]);
  if (!(await copyablePdf(file.data))) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", field], msg: "This PDF cannot be read (it may be encrypted or damaged): save it again without a password" }]);
  }
  return file;
}

/** The rule set of a lease's property (Chicago's RLTO, Cook County's ordinance, Illinois). */
async function leaseRules(db: DbOrTx, lease: LeaseRow) {
  return (await rulesOfUnits(db, lease.ownerId, [lease.unitId])).get(lease.unitId)!;
}

function refuseStaff(owner: Owner) {
  if (owner.staff) throw forbidden("Only the owner signs and sends their leases; staff cannot do it for them.");
}

/** POST /api/portal/leases/{id}/signature-requests: the lease goes to its tenants for signature. */
export async function sendForSignature(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZSignatureRequestSchema>) {
  refuseStaff(owner);
  const now = services.now();
  const today = chicagoToday(now);
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    if (lease.endDate !== null && lease.endDate < today) throw new AppError("CONFLICT", "This lease has ended: there is nothing left to sign.");
    const [open] = await tx
      .select({ id: leaseSignatureRequests.id })
      .from(leaseSignatureRequests)
      .where(and(eq(leaseSignatureRequests.leaseId, lease.id), inArray(leaseSignatureRequests.status, ["sent", "signed"])))
      .limit(1);
    if (open) throw new AppError("CONFLICT", "This lease is already out for signature. Withdraw that request before sending another.");
    const [countersigned] = await tx
      .select({ id: leaseSignatureRequests.id })
      .from(leaseSignatureRequests)
      .where(and(eq(leaseSignatureRequests.leaseId, lease.id), eq(leaseSignatureRequests.status, "countersigned")))
      .limit(1);
    if (countersigned) throw new AppError("CONFLICT", "This lease is already signed by every party. Renew it to sign a new term.");

    const tenants = (await tx.select().from(leaseTenants).where(eq(leaseTenants.leaseId, lease.id)).orderBy(asc(leaseTenants.createdAt), asc(leaseTenants.lastName), asc(leaseTenants.firstName))).filter((t) => t.accessRevokedAt === null);
    const noEmail = tenants.find((t) => !t.email);
    if (noEmail) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "tenants"], msg: `Add ${fullName(noEmail)}'s email to the lease: each tenant signs online from the tenant portal` }]);
    if (tenants.length === 0) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "tenants"], msg: "The lease has no tenant to sign it" }]);

    const rules = await leaseRules(tx, lease);
    const attachments: SignatureAttachment[] = [];
    if (rules.rules === "chicago_rlto") {
      const need = [
        { field: "rlto_summary_file_id", kind: "rlto_summary", title: "City of Chicago RLTO summary", id: input.rlto_summary_file_id },
        { field: "interest_rate_summary_file_id", kind: "interest_rate_summary", title: "City of Chicago security deposit interest rate summary", id: input.interest_rate_summary_file_id },
      ] as const;
      const missing = need.filter((n) => !n.id);
      if (missing.length) {
        throw new AppError(
          "UNPROCESSABLE",
          missing.map((n) => ({ loc: ["body", n.field], msg: `A Chicago lease under the RLTO goes with the ${n.title} (Chicago Municipal Code 5-12-170): upload the City's PDF` })),
        );
      }
      for (const n of need) {
        const file = await ownerPdf(tx, owner, n.id!, n.field);
        attachments.push({ kind: n.kind, title: n.title, fileId: file.id, sha256: file.sha256 });
      }
    }

    // The RLTO wants the lease to name where the deposit is held (5-12-080(a)): the template prints it.
    if (input.document === "template" && rules.rules === "chicago_rlto" && lease.depositCents > 0 && !lease.depositInstitutionName) {
      throw new AppError("UNPROCESSABLE", [
        { loc: ["body", "deposit_institution"], msg: "Say where the security deposit is held (the lease's deposit section): a Chicago lease names the institution (Chicago Municipal Code 5-12-080(a))" },
      ]);
    }
    const [row] = await tx
      .select({ line1: properties.line1, line2: properties.line2, city: properties.city, state: properties.state, zip: properties.zip, label: units.label })
      .from(units)
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(eq(units.id, lease.unitId));
    const previous = lease.renewsLeaseId ? (await tx.select().from(leases).where(eq(leases.id, lease.renewsLeaseId)))[0] : undefined;
    const landlordName = `${owner.member.firstName} ${owner.member.lastName}`;
    let documentText: string | null = null;
    let documentFileId: string | null = null;
    let documentSha256: string;
    if (input.document === "template") {
      documentText = leaseTemplateText({
        landlordName,
        landlordEmail: owner.member.email,
        noticeAddress: input.notice_address,
        tenants: tenants.map((t) => ({ name: fullName(t), email: t.email })),
        premises: { line1: row!.line1, line2: row!.line2, city: row!.city, state: row!.state, zip: row!.zip, unitLabel: row!.label },
        startDate: lease.startDate,
        endDate: lease.endDate,
        rentCents: lease.rentCents,
        dueDay: lease.dueDay,
        depositCents: lease.depositCents,
        depositInstitution: lease.depositInstitutionName ? { name: lease.depositInstitutionName, address: lease.depositInstitutionAddress ?? "" } : null,
        lateFee: lease.lateFee ?? null,
        returnedPaymentFeeCents: lease.returnedPaymentFeeCents,
        rules: rules.rules,
        additionalTerms: input.additional_terms,
        renews: previous ? { startDate: previous.startDate, endDate: previous.endDate, rentCents: previous.rentCents } : null,
      });
      documentSha256 = sha256Hex(documentText);
    } else {
      const file = await ownerPdf(tx, owner, input.file_id!, "file_id");
      documentFileId = file.id;
      documentSha256 = file.sha256;
    }
    const place = `${row!.line1}, unit ${row!.label}, ${row!.city}`;
    const term = `${lease.startDate}${lease.endDate ? ` to ${lease.endDate}` : ", month to month"}`;
    const [request] = await tx
      .insert(leaseSignatureRequests)
      .values({
        ownerId: owner.id,
        leaseId: lease.id,
        document: input.document,
        title: `${previous ? "Lease renewal" : "Lease"}: ${place} (${term})`,
        documentText,
        templateVersion: input.document === "template" ? LEASE_TEMPLATE_VERSION : null,
        documentFileId,
        documentSha256,
        attachments,
        landlordName,
        landlordEmail: owner.member.email,
        verifyUrl: `${services.config.PUBLIC_URL}/verify`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const signatures = await tx
      .insert(leaseSignatures)
      .values(tenants.map((t, i) => ({ ownerId: owner.id, requestId: request!.id, leaseTenantId: t.id, name: fullName(t), email: t.email!, createdAt: new Date(now.getTime() + i) })))
      .returning();

    // Each tenant hears of it: in their portal if they have accepted this landlord, else with an invitation.
    const ownerName = landlordName;
    for (const tenant of tenants) {
      const hasAccess = (tenant.tenantAccountId !== null && tenant.acceptedAt !== null) || (await joinKnownTenant(tx, owner, tenant, now));
      if (hasAccess) await enqueueEmail(tx, { to: tenant.email!, ...leaseToSignEmail(services.config, { firstName: tenant.firstName, ownerName, place }) });
      else await inviteLeaseTenant(tx, services, owner, lease, tenant, now, LEASE_WAITING_NOTE);
    }
    return describeSignatureRequest(request!, signatures);
  });
}

/** GET /api/portal/leases/{id}/signature-requests: newest first. */
export async function listSignatureRequests(services: Services, owner: Owner, leaseId: string) {
  const lease = await findOwnedLease(services.db, owner, leaseId);
  const rows = await services.db
    .select()
    .from(leaseSignatureRequests)
    .where(and(eq(leaseSignatureRequests.leaseId, lease.id), eq(leaseSignatureRequests.ownerId, owner.id)))
    .orderBy(desc(leaseSignatureRequests.createdAt));
  const signatures = await signaturesOf(services.db, rows.map((r) => r.id));
  return { requests: rows.map((r) => describeSignatureRequest(r, signatures.get(r.id)!)) };
}

async function findOwnedRequest(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<RequestRow> {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  const query = db.select().from(leaseSignatureRequests).where(and(eq(leaseSignatureRequests.id, id), eq(leaseSignatureRequests.ownerId, owner.id))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** The record a request's PDF is made from: its row, its signatures and the bytes of its files. */
async function recordOf(db: DbOrTx, request: RequestRow): Promise<LeaseSignatureRecord> {
  const signatures = (await signaturesOf(db, [request.id])).get(request.id)!;
  const fileIds = [request.documentFileId, ...request.attachments.map((a) => a.fileId)].filter((id): id is string => id !== null);
  const files = fileIds.length ? await db.select({ id: portalFiles.id, data: portalFiles.data }).from(portalFiles).where(and(inArray(portalFiles.id, fileIds), eq(portalFiles.ownerId, request.ownerId))) : [];
  const bytes = (id: string) => files.find((f) => f.id === id)?.data ?? new Uint8Array(0);
  return {
    id: request.id,
    leaseId: request.leaseId,
    title: request.title,
    document: request.document,
    documentText: request.documentText,
    templateVersion: request.templateVersion,
    documentPdf: request.documentFileId ? bytes(request.documentFileId) : null,
    documentSha256: request.documentSha256,
    attachments: request.attachments.map((a) => ({ title: a.title, sha256: a.sha256, bytes: bytes(a.fileId) })),
    landlordName: request.landlordName,
    landlordEmail: request.landlordEmail,
    sentAt: request.createdAt,
    signers: signatures
      .filter((s) => s.status === "signed")
      .map((s) => ({ name: s.name, email: s.email, signatureName: s.signatureName!, consentWording: s.consentWording!, signedAt: s.signedAt!, ipAddress: s.ipAddress, userAgent: s.userAgent })),
    pending: signatures.filter((s) => s.status !== "signed").map((s) => s.name),
    countersign:
      request.countersignedAt && request.countersignName
        ? { name: request.countersignName, consentWording: request.countersignConsent!, at: request.countersignedAt, ipAddress: request.countersignIp, userAgent: request.countersignUserAgent }
        : null,
    verifyUrl: request.verifyUrl,
  };
}

export const renderSignatureRequest = async (db: DbOrTx, request: RequestRow): Promise<LeasePdf> => renderLeasePdf(await recordOf(db, request));

/** GET /api/portal/signature-requests/{id}/pdf: the lease with the signatures so far (the signed lease once countersigned). */
export async function signatureRequestPdf(services: Services, owner: Owner, id: string): Promise<LeasePdf> {
  return renderSignatureRequest(services.db, await findOwnedRequest(services.db, owner, id));
}

/** POST /api/portal/signature-requests/{id}/countersign: the owner signs last; the signed PDF is kept and sent to everyone. */
export async function countersign(services: Services, owner: Owner, id: string, input: z.output<typeof ZCountersignSchema>, meta: RequestMeta) {
  refuseStaff(owner);
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const request = await findOwnedRequest(tx, owner, id, true);
    if (request.status !== "signed") {
      throw new AppError(
        "CONFLICT",
        request.status === "sent" ? "Every tenant must sign before you countersign." : request.status === "countersigned" ? "You countersigned this lease already." : `This request was ${request.status}.`,
      );
    }
    const [updated] = await tx
      .update(leaseSignatureRequests)
      .set({
        status: "countersigned",
        countersignName: input.signature_name,
        countersignConsent: LEASE_CONSENT_WORDING,
        countersignedAt: now,
        countersignIp: meta.ip,
        countersignUserAgent: meta.userAgent,
        updatedAt: now,
      })
      .where(eq(leaseSignatureRequests.id, request.id))
      .returning();
    const pdf = await renderSignatureRequest(tx, updated!);
    const file = await storeFile(tx, owner.id, { name: pdf.filename, bytes: pdf.bytes }, { kind: "generated" }, now);
    await tx.insert(leaseDocuments).values({ ownerId: owner.id, leaseId: request.leaseId, fileId: file.id, title: `Signed lease (${updated!.title})`, sharedWithTenants: true, createdAt: now });
    const [done] = await tx.update(leaseSignatureRequests).set({ pdfSha256: pdf.sha256, signedFileId: file.id }).where(eq(leaseSignatureRequests.id, request.id)).returning();
    const signatures = (await signaturesOf(tx, [request.id])).get(request.id)!;
    const place = await placeOf(tx, { unitId: (await findOwnedLease(tx, owner, request.leaseId)).unitId });
    const attachment = [{ filename: pdf.filename, contentType: "application/pdf", portalFile: file.id }];
    for (const signer of signatures) {
      await enqueueEmail(tx, {
        to: signer.email,
        ...leaseCompletedEmail(services.config, { firstName: signer.name.split(" ")[0]!, place, portalUrl: `${services.config.PUBLIC_URL}/tenant` }),
        attachments: attachment,
      });
    }
    await enqueueEmail(tx, {
      to: owner.member.email,
      ...leaseCompletedEmail(services.config, { firstName: owner.member.firstName, place, portalUrl: `${services.config.PUBLIC_URL}/portal/leases/${request.leaseId}` }),
      attachments: attachment,
      memberId: owner.id,
    });
    return describeSignatureRequest(done!, signatures);
  });
}

/** POST /api/portal/signature-requests/{id}/withdraw: the owner takes back a request not yet countersigned. */
export async function withdrawSignatureRequest(services: Services, owner: Owner, id: string) {
  refuseStaff(owner);
  return services.db.transaction(async (tx) => {
    const request = await findOwnedRequest(tx, owner, id, true);
    if (request.status !== "sent" && request.status !== "signed") throw new AppError("CONFLICT", `This request was ${request.status}: there is nothing to withdraw.`);
    const [row] = await tx.update(leaseSignatureRequests).set({ status: "withdrawn", updatedAt: services.now() }).where(eq(leaseSignatureRequests.id, request.id)).returning();
    return describeSignatureRequest(row!, (await signaturesOf(tx, [request.id])).get(request.id)!);
  });
}

// ---------------------------------------------------------------------------------------------
// The tenant's side
// ---------------------------------------------------------------------------------------------

/** The signatures this tenant account is asked for: through the tenancies they accepted. */
async function tenantSignatures(db: DbOrTx, tenant: TenantAccountRow, requestId?: string) {
  return db
    .select({ signature: leaseSignatures, request: leaseSignatureRequests })
    .from(leaseSignatures)
    .innerJoin(leaseSignatureRequests, eq(leaseSignatureRequests.id, leaseSignatures.requestId))
    .innerJoin(leaseTenants, eq(leaseTenants.id, leaseSignatures.leaseTenantId))
    .where(and(tenancyOf(tenant.id), requestId ? eq(leaseSignatureRequests.id, requestId) : inArray(leaseSignatureRequests.status, ["sent", "signed", "declined", "countersigned"])))
    .orderBy(desc(leaseSignatureRequests.createdAt));
}

/** GET /api/tenant/signature-requests: what the tenant is asked to sign, and what they signed. */
export async function tenantSignatureRequests(services: Services, tenant: TenantAccountRow) {
  const rows = await tenantSignatures(services.db, tenant);
  const all = await signaturesOf(services.db, rows.map((r) => r.request.id));
  return {
    requests: rows.map(({ signature, request }) => ({
      ...describeSignatureRequest(request, all.get(request.id)!),
      my_status: signature.status,
      document_text: request.documentText,
      consent_wording: LEASE_CONSENT_WORDING,
      landlord_name: request.landlordName,
    })),
  };
}

async function findTenantSignature(db: DbOrTx, tenant: TenantAccountRow, id: string) {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  const [row] = await tenantSignatures(db, tenant, id);
  if (!row || row.request.status === "withdrawn") throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** GET /api/tenant/signature-requests/{id}/pdf: the lease as the tenant reads it (with the signatures so far). */
export async function tenantSignatureRequestPdf(services: Services, tenant: TenantAccountRow, id: string): Promise<LeasePdf> {
  const { request } = await findTenantSignature(services.db, tenant, id);
  return renderSignatureRequest(services.db, request);
}

async function lockedForTenant(tx: Tx, tenant: TenantAccountRow, id: string) {
  const { signature } = await findTenantSignature(tx, tenant, id);
  const [request] = await tx.select().from(leaseSignatureRequests).where(eq(leaseSignatureRequests.id, signature.requestId)).for("update");
  const [current] = await tx.select().from(leaseSignatures).where(eq(leaseSignatures.id, signature.id));
  if (request!.status !== "sent") throw new AppError("CONFLICT", `This lease is no longer waiting for signatures (it was ${request!.status}).`);
  if (current!.status !== "pending") throw new AppError("CONFLICT", `You ${current!.status} this lease already.`);
  return { request: request!, signature: current! };
}

async function ownerOfRequest(db: DbOrTx, request: RequestRow) {
  const [lease] = await db.select().from(leases).where(eq(leases.id, request.leaseId));
  return { lease: lease!, place: await placeOf(db, lease!) };
}

/** POST /api/tenant/signature-requests/{id}/sign: the tenant signs the document they read (its SHA-256). */
export async function tenantSign(services: Services, tenant: TenantAccountRow, id: string, input: z.output<typeof ZTenantSignSchema>, meta: RequestMeta) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const { request, signature } = await lockedForTenant(tx, tenant, id);
    if (input.document_sha256 !== request.documentSha256) {
      throw new AppError("CONFLICT", "The lease you read is not the one on record (its SHA-256 differs). Open it again before signing.");
    }
    await tx
      .update(leaseSignatures)
      .set({ status: "signed", signatureName: input.signature_name, consentWording: LEASE_CONSENT_WORDING, signedAt: now, ipAddress: meta.ip, userAgent: meta.userAgent })
      .where(eq(leaseSignatures.id, signature.id));
    const signatures = (await signaturesOf(tx, [request.id])).get(request.id)!;
    let current = request;
    if (signatures.every((s) => s.status === "signed")) {
      [current] = (await tx.update(leaseSignatureRequests).set({ status: "signed", updatedAt: now }).where(eq(leaseSignatureRequests.id, request.id)).returning()) as [RequestRow];
      const { lease, place } = await ownerOfRequest(tx, request);
      // The City's summaries went with the lease: the day every tenant signed is the day they were given (5-12-170).
      if (request.attachments.some((a) => a.kind === "rlto_summary") && !lease.rltoSummaryGivenOn) {
        await tx.update(leases).set({ rltoSummaryGivenOn: chicagoToday(now) as IsoDate }).where(eq(leases.id, lease.id));
      }
      const [owner] = await ownerContact(tx, lease.ownerId);
      if (owner) await enqueueEmail(tx, { to: owner.email, memberId: lease.ownerId, ...leaseSignedByTenantsEmail(services.config, { firstName: owner.firstName, place, leaseId: lease.id }) });
    }
    return describeSignatureRequest(current, signatures);
  });
}

/** POST /api/tenant/signature-requests/{id}/decline: the tenant declines, saying why; the owner is told. */
export async function tenantDecline(services: Services, tenant: TenantAccountRow, id: string, input: z.output<typeof ZDeclineSignatureSchema>) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const { request, signature } = await lockedForTenant(tx, tenant, id);
    await tx.update(leaseSignatures).set({ status: "declined", declinedAt: now, declineReason: input.reason }).where(eq(leaseSignatures.id, signature.id));
    const [row] = await tx.update(leaseSignatureRequests).set({ status: "declined", updatedAt: now }).where(eq(leaseSignatureRequests.id, request.id)).returning();
    const { lease, place } = await ownerOfRequest(tx, request);
    const [owner] = await ownerContact(tx, lease.ownerId);
    if (owner) {
      await enqueueEmail(tx, {
        to: owner.email,
        memberId: lease.ownerId,
        ...leaseDeclinedEmail(services.config, { firstName: owner.firstName, place, leaseId: lease.id, tenantName: signature.name, reason: input.reason }),
      });
    }
    return describeSignatureRequest(row!, (await signaturesOf(tx, [request.id])).get(request.id)!);
  });
}

async function ownerContact(db: DbOrTx, ownerId: string) {
  return db.select({ email: members.email, firstName: members.firstName }).from(members).where(eq(members.id, ownerId)).limit(1);
}

// ---------------------------------------------------------------------------------------------
// Verification (/verify)
// ---------------------------------------------------------------------------------------------

/** A countersigned lease whose PDF has this SHA-256, re-rendered from its record: does it still give these bytes? */
export async function verifyLeaseDocument(db: DbOrTx, sha256: string) {
  const [request] = await db.select().from(leaseSignatureRequests).where(eq(leaseSignatureRequests.pdfSha256, sha256)).limit(1);
  if (!request) return null;
  const intact = request.documentText === null || sha256Hex(request.documentText) === request.documentSha256;
  const reproduced = intact && (await renderSignatureRequest(db, request)).sha256 === sha256;
  const signatures = (await signaturesOf(db, [request.id])).get(request.id)!;
  return {
    reproduced,
    lease: {
      signature_request_id: request.id,
      title: request.title,
      landlord_name: request.landlordName,
      tenant_names: signatures.map((s) => s.name),
      countersigned_at: request.countersignedAt?.toISOString() ?? null,
    },
  };
}

/** POST /api/portal/leases/{id}/rlto-summary: the owner records giving the City's summaries another way (on paper, with the first lease). */
export async function recordRltoSummaryGiven(services: Services, owner: Owner, leaseId: string, givenOn: IsoDate) {
  const today = chicagoToday(services.now());
  if (givenOn > today) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "given_on"], msg: "The day they were given is today at the latest" }]);
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    const [row] = await tx.update(leases).set({ rltoSummaryGivenOn: givenOn, updatedAt: services.now() }).where(eq(leases.id, lease.id)).returning({ given: leases.rltoSummaryGivenOn });
    return { lease_id: lease.id, rlto_summary_given_on: row!.given };
  });
}
