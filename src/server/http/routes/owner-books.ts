import { Hono } from "hono";
import {
  expenseCategoryList,
  ZBankImportRequestSchema,
  ZExpenseListQuerySchema,
  ZExpensePatchSchema,
  ZExpenseSchema,
  ZMonthlyReportQuerySchema,
  ZPurchaseRequestSchema,
  ZScheduleEQuerySchema,
  ZStatementQuerySchema,
  ZStatementSettingsSchema,
} from "../../../shared/books.ts";
import { requireOwner } from "../../domain/portal/access.ts";
import { importBankExpenses } from "../../domain/portal/bank-import.ts";
import { addExpense, attachReceipt, deleteExpense, findOwnedExpense, getExpense, listExpenses, removeReceipt, updateExpense } from "../../domain/portal/expenses.ts";
import { listPurchases, startPurchase } from "../../domain/portal/purchases.ts";
import {
  keptStatement,
  keptStatements,
  monthlyReport,
  saveStatementEmail,
  scheduleEFile,
  scheduleEReport,
  statementFile,
} from "../../domain/portal/reports.ts";
import type { AppEnv } from "../auth.ts";
import { download } from "../download.ts";
import { readJson, readQuery, readUpload, takesFile } from "../validate.ts";

// PORTAL.md 6 and 8: expenses, the bank import, the monthly owner statement, Schedule E and the
// a-la-carte purchases, over the same domain functions as tRPC member.owner.expenses, .reports
// and .purchases. Reads need an owner (a downgraded owner reads too); writes a running membership.

const read = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "read");
const write = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "write");


export const ownerBooksRoutes = new Hono<AppEnv>()
  .get("/expense-categories", async (c) => {
    await read(c);
    return c.json(expenseCategoryList());
  })
  .get("/expenses", async (c) => {
    const owner = await read(c);
    return c.json(await listExpenses(c.var.services, owner, readQuery(c, ZExpenseListQuerySchema)));
  })
  .post("/expenses", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZExpenseSchema);
    return c.json(await addExpense(c.var.services, owner, input), 201);
  })
  .post("/expenses/import", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZBankImportRequestSchema);
    return c.json(await importBankExpenses(c.var.services, owner, input));
  })
  .get("/expenses/:id", async (c) => c.json(await getExpense(c.var.services, await read(c), c.req.param("id"))))
  .patch("/expenses/:id", async (c) => {
    const owner = await write(c);
    const patch = await readJson(c, ZExpensePatchSchema);
    return c.json(await updateExpense(c.var.services, owner, c.req.param("id"), patch));
  })
  .delete("/expenses/:id", async (c) => c.json(await deleteExpense(c.var.services, await write(c), c.req.param("id"))))
  .post("/expenses/:id/receipt", takesFile, async (c) => {
    const owner = await write(c);
    // Whose expense it is is settled before the upload is read: a stranger's id answers 404 at once.
    await findOwnedExpense(c.var.services.db, owner, c.req.param("id"));
    const { file } = await readUpload(c);
    return c.json(await attachReceipt(c.var.services, owner, c.req.param("id"), file), 201);
  })
  .delete("/expenses/:id/receipt", async (c) => c.json(await removeReceipt(c.var.services, await write(c), c.req.param("id"))))
  // The monthly owner statement: ?month=YYYY-MM (this month by default), &format=pdf|csv for a file.
  .get("/reports/monthly", async (c) => {
    const owner = await read(c);
    const query = readQuery(c, ZMonthlyReportQuerySchema);
    const statement = await monthlyReport(c.var.services, owner, query.month);
    return query.format === "json" ? c.json(statement) : download(c, await statementFile(statement, query.format));
  })
  .get("/reports/statements", async (c) => c.json(await keptStatements(c.var.services, await read(c))))
  .get("/reports/statements/:id", async (c) => {
    const owner = await read(c);
    const query = readQuery(c, ZStatementQuerySchema);
    const statement = await keptStatement(c.var.services, owner, c.req.param("id"));
    return query.format === "json" ? c.json(statement) : download(c, await statementFile(statement, query.format));
  })
  .put("/reports/settings", async (c) => {
    const owner = await write(c);
    const { monthly_email } = await readJson(c, ZStatementSettingsSchema);
    return c.json(await saveStatementEmail(c.var.services, owner, monthly_email));
  })
  // Schedule E: ?year=YYYY (last year by default), &format=pdf|csv. Premium, or the year bought.
  .get("/reports/schedule-e", async (c) => {
    const owner = await read(c);
    const query = readQuery(c, ZScheduleEQuerySchema);
    const result = await scheduleEReport(c.var.services, owner, query.year);
    return query.format === "json" ? c.json(result.report) : download(c, await scheduleEFile(c.var.services, owner, result, query.format));
  })
  .get("/purchases", async (c) => c.json(await listPurchases(c.var.services, await read(c))))
  .post("/purchases", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZPurchaseRequestSchema);
    return c.json(await startPurchase(c.var.services, owner, input));
  });
