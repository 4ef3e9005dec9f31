import { z } from "zod";
import {
  ZChargeSchema,
  ZEndLeaseSchema,
  ZAssignSchema,
  ZCommentSchema,
  ZImportRequestSchema,
  ZLeaseListQuerySchema,
  ZLeaseSchema,
  ZLeaseSettingsSchema,
  ZMaintenanceRequestSchema,
  ZPayoutSettingsSchema,
  ZTransitionSchema,
  ZPaymentSchema,
  ZPropertyPatchSchema,
  ZPropertySchema,
  ZUnitPatchSchema,
  ZUnitSchema,
  ZVoidSchema,
  ZConditionReportSchema,
  ZDepositInstitutionSchema,
  ZDepositReceiptSchema,
  ZDepositStatementSchema,
  ZInterestSettlementSchema,
  ZMoveOutSchema,
  ZCountersignSchema,
  ZDisclosureGivenSchema,
  ZRenewSchema,
  ZSignatureRequestSchema,
} from "../../../shared/portal.ts";
import { countersign, listSignatureRequests, recordRltoSummaryGiven, sendForSignature, withdrawSignatureRequest } from "../../domain/portal/lease-signing.ts";
import { renewalCheck, renewLease } from "../../domain/portal/renewals.ts";
import { searchBooks } from "../../domain/portal/search.ts";
import { PeriodSchema } from "../../../shared/calendar-schemas.ts";
import { ownerPortalStatus, requireOwner } from "../../domain/portal/access.ts";
import { ownerDashboard } from "../../domain/portal/dashboard.ts";
import { exportOwnerBooks } from "../../domain/portal/export.ts";
import { listLeaseDocuments } from "../../domain/portal/lease-documents.ts";
import { addLease, endLease, getLease, listLeases, updateLeaseSettings } from "../../domain/portal/leases.ts";
import { assignRequest, contractorsForRequest, createOwnerRequest, deleteRequestPhoto, getOwnerRequest, listOwnerRequests, moveRequest, ownerComment } from "../../domain/portal/maintenance.ts";
import { payoutStatus, savePaymentInstructions, startPayoutOnboarding } from "../../domain/portal/online-rent.ts";
import { inviteTenant, revokeTenantAccess } from "../../domain/portal/tenants.ts";
import { ownerCompliance } from "../../domain/portal/compliance.ts";
import {
  depositView,
  giveDepositReceipt,
  listConditionReports,
  makeDepositStatement,
  recordMoveOut,
  saveConditionReport,
  setComplianceDigest,
  setDepositInstitution,
  settleInterest,
} from "../../domain/portal/deposits.ts";
import { leaseLedger, recordCharge, recordPayment, voidEntry } from "../../domain/portal/ledger.ts";
import { sendReceipt } from "../../domain/portal/receipts.ts";
import { addProperty, addUnit, deleteProperty, getProperty, listProperties, updateProperty, updateUnit } from "../../domain/portal/properties.ts";
import { importRentRoll } from "../../domain/portal/rent-roll-import.ts";
import { rentRoll } from "../../domain/portal/rent-roll.ts";
import {
  expenseCategoryList,
  ZBankImportRequestSchema,
  ZExpenseListQuerySchema,
  ZExpensePatchSchema,
  ZExpenseSchema,
  ZPurchaseRequestSchema,
  ZStatementSettingsSchema,
} from "../../../shared/books.ts";
import { importBankExpenses } from "../../domain/portal/bank-import.ts";
import { addExpense, deleteExpense, getExpense, listExpenses, removeReceipt, updateExpense } from "../../domain/portal/expenses.ts";
import { listPurchases, startPurchase } from "../../domain/portal/purchases.ts";
import { keptStatement, keptStatements, monthlyReport, saveStatementEmail, scheduleEReport } from "../../domain/portal/reports.ts";
import { publicProcedure, router, type TrpcContext } from "../trpc.ts";
import { ownerServicesRouter } from "./owner-services.ts";

// The owner portal for the React client: the same domain functions as /api/portal (PORTAL.md 8).
// The gate is the domain's (requireOwner): no member 401, a Basic member 403 naming the upgrade.

const ZId = z.object({ id: z.string().max(100) });
const read = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "read");
const write = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "write");

/** The owner tools over the books: what the portal and the live demo (read-only, sample books) share. */
const ownerTools = {
  status: publicProcedure.query(({ ctx }) => ownerPortalStatus(ctx.services, ctx.auth)),
  dashboard: publicProcedure.query(async ({ ctx }) => ownerDashboard(ctx.services, await read(ctx))),
  properties: router({
    list: publicProcedure
      .input(z.object({ includeArchived: z.boolean().optional() }).optional())
      .query(async ({ ctx, input }) => listProperties(ctx.services, await read(ctx), { includeArchived: input?.includeArchived })),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getProperty(ctx.services, await read(ctx), input.id)),
    create: publicProcedure.input(ZPropertySchema).mutation(async ({ ctx, input }) => addProperty(ctx.services, await write(ctx), input)),
    update: publicProcedure
      .input(ZId.extend({ patch: ZPropertyPatchSchema }))
      .mutation(async ({ ctx, input }) => updateProperty(ctx.services, await write(ctx), input.id, input.patch)),
    remove: publicProcedure.input(ZId).mutation(async ({ ctx, input }) => deleteProperty(ctx.services, await write(ctx), input.id)),
    addUnit: publicProcedure
      .input(ZId.extend({ unit: ZUnitSchema }))
      .mutation(async ({ ctx, input }) => addUnit(ctx.services, await write(ctx), input.id, input.unit)),
    updateUnit: publicProcedure
      .input(ZId.extend({ patch: ZUnitPatchSchema }))
      .mutation(async ({ ctx, input }) => updateUnit(ctx.services, await write(ctx), input.id, input.patch)),
  }),
  leases: router({
    list: publicProcedure.input(ZLeaseListQuerySchema.optional()).query(async ({ ctx, input }) => listLeases(ctx.services, await read(ctx), input ?? {})),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getLease(ctx.services, await read(ctx), input.id)),
    create: publicProcedure.input(ZLeaseSchema).mutation(async ({ ctx, input }) => addLease(ctx.services, await write(ctx), input)),
    end: publicProcedure
      .input(ZId.extend(ZEndLeaseSchema.shape))
      .mutation(async ({ ctx, input }) => endLease(ctx.services, await write(ctx), input.id, input.end_date)),
    ledger: publicProcedure.input(ZId).query(async ({ ctx, input }) => leaseLedger(ctx.services, await read(ctx), input.id)),
    updateSettings: publicProcedure
      .input(ZId.extend(ZLeaseSettingsSchema.shape))
      .mutation(async ({ ctx, input }) => updateLeaseSettings(ctx.services, await write(ctx), input.id, input)),
    inviteTenant: publicProcedure
      .input(ZId.extend({ tenantId: z.string().max(100) }))
      .mutation(async ({ ctx, input }) => inviteTenant(ctx.services, await write(ctx), input.id, input.tenantId)),
    revokeTenantAccess: publicProcedure
      .input(ZId.extend({ tenantId: z.string().max(100) }))
      .mutation(async ({ ctx, input }) => revokeTenantAccess(ctx.services, await write(ctx), input.id, input.tenantId)),
    documents: publicProcedure.input(ZId).query(async ({ ctx, input }) => listLeaseDocuments(ctx.services, await read(ctx), input.id)),
    recordPayment: publicProcedure
      .input(ZId.extend({ payment: ZPaymentSchema }))
      .mutation(async ({ ctx, input }) => recordPayment(ctx.services, await write(ctx), input.id, input.payment)),
    recordCharge: publicProcedure
      .input(ZId.extend({ charge: ZChargeSchema }))
      .mutation(async ({ ctx, input }) => recordCharge(ctx.services, await write(ctx), input.id, input.charge)),
    voidEntry: publicProcedure
      .input(z.object({ entryId: z.string().max(100) }).extend(ZVoidSchema.shape))
      .mutation(async ({ ctx, input }) => voidEntry(ctx.services, await write(ctx), input.entryId, input)),
    /** A payment's receipt emailed again to the lease's tenants (the PDF itself is a REST download). */
    sendReceipt: publicProcedure
      .input(z.object({ entryId: z.string().max(100) }))
      .mutation(async ({ ctx, input }) => sendReceipt(ctx.services, await write(ctx), input.entryId)),
  }),
  rentRoll: publicProcedure
    .input(z.object({ month: PeriodSchema.optional() }).optional())
    .query(async ({ ctx, input }) => rentRoll(ctx.services, await read(ctx), input?.month)),
  importRentRoll: publicProcedure.input(ZImportRequestSchema).mutation(async ({ ctx, input }) => importRentRoll(ctx.services, await write(ctx), input)),
  maintenance: router({
    list: publicProcedure
      .input(z.object({ state: z.enum(["open", "all"]).optional() }).optional())
      .query(async ({ ctx, input }) => listOwnerRequests(ctx.services, await read(ctx), input ?? {})),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getOwnerRequest(ctx.services, await read(ctx), input.id)),
    create: publicProcedure.input(ZMaintenanceRequestSchema).mutation(async ({ ctx, input }) => createOwnerRequest(ctx.services, await write(ctx), input)),
    move: publicProcedure
      .input(ZId.extend(ZTransitionSchema.shape))
      .mutation(async ({ ctx, input }) => moveRequest(ctx.services, await write(ctx), input.id, input)),
    comment: publicProcedure
      .input(ZId.extend(ZCommentSchema.shape))
      .mutation(async ({ ctx, input }) => ownerComment(ctx.services, await write(ctx), input.id, input.body)),
    deletePhoto: publicProcedure
      .input(ZId.extend({ fileId: z.string().max(100) }))
      .mutation(async ({ ctx, input }) => deleteRequestPhoto(ctx.services, await write(ctx), input.id, input.fileId)),
    contractors: publicProcedure.input(ZId).query(async ({ ctx, input }) => contractorsForRequest(ctx.services, await read(ctx), input.id)),
    assign: publicProcedure
      .input(ZId.extend(ZAssignSchema.shape))
      .mutation(async ({ ctx, input }) => assignRequest(ctx.services, await write(ctx), input.id, input.contractor_id)),
  }),
  payouts: router({
    status: publicProcedure.query(async ({ ctx }) => payoutStatus(ctx.services, await read(ctx))),
    connect: publicProcedure.mutation(async ({ ctx }) => startPayoutOnboarding(ctx.services, await write(ctx))),
    saveInstructions: publicProcedure
      .input(ZPayoutSettingsSchema)
      .mutation(async ({ ctx, input }) => savePaymentInstructions(ctx.services, await write(ctx), input.payment_instructions)),
  }),
  export: publicProcedure.query(async ({ ctx }) => exportOwnerBooks(ctx.services, await read(ctx))),
  // Expenses, reports and purchases (PORTAL.md 6, 7.5): receipts go to the REST upload path.
  expenses: router({
    categories: publicProcedure.query(async ({ ctx }) => {
      await read(ctx);
      return expenseCategoryList();
    }),
    list: publicProcedure.input(ZExpenseListQuerySchema.optional()).query(async ({ ctx, input }) => listExpenses(ctx.services, await read(ctx), input ?? {})),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getExpense(ctx.services, await read(ctx), input.id)),
    create: publicProcedure.input(ZExpenseSchema).mutation(async ({ ctx, input }) => addExpense(ctx.services, await write(ctx), input)),
    update: publicProcedure
      .input(ZId.extend({ patch: ZExpensePatchSchema }))
      .mutation(async ({ ctx, input }) => updateExpense(ctx.services, await write(ctx), input.id, input.patch)),
    remove: publicProcedure.input(ZId).mutation(async ({ ctx, input }) => deleteExpense(ctx.services, await write(ctx), input.id)),
    removeReceipt: publicProcedure.input(ZId).mutation(async ({ ctx, input }) => removeReceipt(ctx.services, await write(ctx), input.id)),
    import: publicProcedure.input(ZBankImportRequestSchema).mutation(async ({ ctx, input }) => importBankExpenses(ctx.services, await write(ctx), input)),
  }),
  reports: router({
    monthly: publicProcedure
      .input(z.object({ month: PeriodSchema.optional() }).optional())
      .query(async ({ ctx, input }) => monthlyReport(ctx.services, await read(ctx), input?.month)),
    statements: publicProcedure.query(async ({ ctx }) => keptStatements(ctx.services, await read(ctx))),
    statement: publicProcedure.input(ZId).query(async ({ ctx, input }) => keptStatement(ctx.services, await read(ctx), input.id)),
    saveSettings: publicProcedure
      .input(ZStatementSettingsSchema)
      .mutation(async ({ ctx, input }) => saveStatementEmail(ctx.services, await write(ctx), input.monthly_email)),
    scheduleE: publicProcedure
      .input(z.object({ year: z.number().int().min(2000).max(2100).optional() }).optional())
      .query(async ({ ctx, input }) => (await scheduleEReport(ctx.services, await read(ctx), input?.year)).report),
  }),
  purchases: router({
    list: publicProcedure.query(async ({ ctx }) => listPurchases(ctx.services, await read(ctx))),
    start: publicProcedure.input(ZPurchaseRequestSchema).mutation(async ({ ctx, input }) => startPurchase(ctx.services, await write(ctx), input)),
  }),
  // Security deposits and the compliance calendar (PORTAL.md 3b): files go to the REST upload paths.
  compliance: publicProcedure.query(async ({ ctx }) => ownerCompliance(ctx.services, await read(ctx))),
  setComplianceDigest: publicProcedure
    .input(z.object({ enabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => setComplianceDigest(ctx.services, await write(ctx), input.enabled)),
  deposits: router({
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => depositView(ctx.services, await read(ctx), input.id)),
    setInstitution: publicProcedure
      .input(ZId.extend(ZDepositInstitutionSchema.shape))
      .mutation(async ({ ctx, input }) => setDepositInstitution(ctx.services, await write(ctx), input.id, input)),
    giveReceipt: publicProcedure
      .input(ZId.extend(ZDepositReceiptSchema.shape))
      .mutation(async ({ ctx, input }) => giveDepositReceipt(ctx.services, await write(ctx), input.id, input)),
    settleInterest: publicProcedure
      .input(ZId.extend(ZInterestSettlementSchema.shape))
      .mutation(async ({ ctx, input }) => settleInterest(ctx.services, await write(ctx), input.id, input)),
    moveOut: publicProcedure.input(ZId.extend(ZMoveOutSchema.shape)).mutation(async ({ ctx, input }) => recordMoveOut(ctx.services, await write(ctx), input.id, input)),
    statement: publicProcedure
      .input(ZId.extend(ZDepositStatementSchema.shape))
      .mutation(async ({ ctx, input }) => makeDepositStatement(ctx.services, await write(ctx), input.id, input)),
    conditionReports: publicProcedure.input(ZId).query(async ({ ctx, input }) => listConditionReports(ctx.services, await read(ctx), input.id)),
    saveConditionReport: publicProcedure
      .input(ZId.extend({ report: ZConditionReportSchema }))
      .mutation(async ({ ctx, input }) => saveConditionReport(ctx.services, await write(ctx), input.id, input.report)),
  }),
  search: publicProcedure
    .input(z.object({ q: z.string().trim().min(2, "Type at least 2 characters").max(100, "At most 100 characters") }))
    .query(async ({ ctx, input }) => searchBooks(ctx.services, await read(ctx), input.q)),
  // Leases signed online and renewals (PORTAL.md 8a): the owner's own PDFs go to the REST upload path first.
  leaseSigning: router({
    list: publicProcedure.input(ZId).query(async ({ ctx, input }) => listSignatureRequests(ctx.services, await read(ctx), input.id)),
    send: publicProcedure
      .input(ZId.extend({ request: ZSignatureRequestSchema }))
      .mutation(async ({ ctx, input }) => sendForSignature(ctx.services, await write(ctx), input.id, input.request)),
    countersign: publicProcedure
      .input(ZId.extend(ZCountersignSchema.shape))
      .mutation(async ({ ctx, input }) => countersign(ctx.services, await write(ctx), input.id, input, ctx.meta)),
    withdraw: publicProcedure.input(ZId).mutation(async ({ ctx, input }) => withdrawSignatureRequest(ctx.services, await write(ctx), input.id)),
    summaryGiven: publicProcedure
      .input(ZId.extend(ZDisclosureGivenSchema.shape))
      .mutation(async ({ ctx, input }) => recordRltoSummaryGiven(ctx.services, await write(ctx), input.id, input.given_on)),
    renewalCheck: publicProcedure
      .input(z.object({ id: z.string().max(100), renewal: ZRenewSchema }))
      .query(async ({ ctx, input }) => renewalCheck(ctx.services, await read(ctx), input.id, input.renewal)),
    renew: publicProcedure
      .input(z.object({ id: z.string().max(100), renewal: ZRenewSchema }))
      .mutation(async ({ ctx, input }) => renewLease(ctx.services, await write(ctx), input.id, input.renewal)),
  }),
};
export const ownerToolsRouter = router(ownerTools);
/** The owner portal: the tools, and Premium services (PORTAL.md 7: staff access, support tickets, bookkeeping requests). */
export const ownerRouter = router({ ...ownerTools, services: ownerServicesRouter });

