import { expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { adminUsers, members } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { verifyPassword } from "../../src/server/domain/admins.ts";
import { apply, applyAndSign } from "../support/fixtures.ts";
import { hidden, seriousViolations, serverAndBrowser, shown, until } from "../support/browser.ts";

const ctx = serverAndBrowser();

const memberRow = async (email: string) => (await ctx.server.services.db.select().from(members).where(eq(members.email, email)))[0]!;

test("an administrator signs in, manages a member, views a contract, exports a backup and cleans test data", async () => {
  const stamp = Date.now().toString(36);
  const rosa = await applyAndSign(ctx.server.client(), "Standard", { first_name: "Rosa", last_name: "Delgado", email: `rosa.delgado.${stamp}@members.example.org` });
  const leaving = await applyAndSign(ctx.server.client(), "Basic", { first_name: "Walter", last_name: "Leaving", email: `walter.${stamp}@members.example.org` });
  const testMember = await applyAndSign(ctx.server.client(), "Basic", { email: `test@qa-${stamp}.org` });
  await apply(ctx.server.client(), { first_name: "Demo", last_name: "User", email: `d.${stamp}@members.example.org` });

  const context = await ctx.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/admin`);

  // Sign in: SPEC.md's labels, the server's error, then the dashboard with the admin's name.
  await shown(page.getByRole("heading", { name: "Administrator Sign In" }));
  await page.getByLabel("Username or Email").fill("admin");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await shown(page.getByRole("alert").filter({ hasText: "Incorrect username or password." }));
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await shown(page.getByText("Welcome, Association Administrator"));
  for (const tab of ["Dashboard", "Members", "Contractors", "Applications", "Contracts", "Payments"]) {
    await shown(page.getByRole("tab", { name: tab, exact: true }));
  }
  await shown(page.getByText("Total Members"));
  await shown(page.getByText("Recent Sign-ups (30 days)"));
  await shown(page.getByRole("heading", { name: "Sign-ups per week" }), 15_000);
  await shown(page.locator("figure[aria-label='Members by membership level'] svg"), 15_000);

  // Find Rosa by email, deactivate and reactivate her.
  await page.getByRole("tab", { name: "Members", exact: true }).click();
  await page.getByLabel("Search members").fill(rosa.email.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: rosa.email });
  await shown(row);
  await until(page.getByRole("row"), async (rows) => (await rows.count()) === 2); // header + Rosa
  await row.getByRole("button", { name: "Deactivate Rosa Delgado" }).click();
  // Deactivating signs her out everywhere: it is asked first.
  await shown(page.getByRole("alertdialog").getByText(/Rosa Delgado .* will be signed out everywhere/));
  await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
  await shown(page.getByText("Action completed successfully!"));
  await shown(row.getByText("Inactive"));
  expect((await memberRow(rosa.email)).isActive).toBe(false);
  await row.getByRole("button", { name: "Activate Rosa Delgado" }).click();
  await shown(row.getByText("Active", { exact: true }));
  expect((await memberRow(rosa.email)).isActive).toBe(true);

  // Reset her password: the temporary password is shown once and works.
  await row.getByRole("button", { name: "Reset password of Rosa Delgado" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reset Password" }).click();
  const shownPassword = page.getByRole("alertdialog").getByLabel("Temporary password");
  await shown(shownPassword);
  await shown(page.getByRole("alertdialog").getByText("Action completed successfully!"));
  const temporary = (await shownPassword.textContent())!.trim();
  const afterReset = await memberRow(rosa.email);
  expect(afterReset.mustChangePassword).toBe(true);
  expect(await verifyPassword(temporary, afterReset.passwordHash!)).toBe(true);
  await page.getByRole("button", { name: "Done" }).click();

  // Delete another member after SPEC.md's confirmation.
  await page.getByLabel("Search members").fill("walter");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: "Delete Walter Leaving" }).click();
  await shown(page.getByText(/^Are you sure you want to delete Walter Leaving \(.+\) and all their data\?$/));
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await shown(page.getByText(`No members match "walter".`));
  expect(await ctx.server.services.db.select().from(members).where(eq(members.email, leaving.email))).toHaveLength(0);

  // View Rosa's contract: the first 1000 characters and the signed PDF.
  await page.getByRole("tab", { name: "Contracts", exact: true }).click();
  await page.getByRole("button", { name: "View contract of Rosa Delgado" }).click();
  const dialog = page.getByRole("dialog", { name: "Contract details" });
  await shown(dialog.getByText(/Showing the first 1,000 of/));
  const text = (await dialog.getByLabel("Contract text").textContent())!;
  expect(text.length).toBeLessThanOrEqual(1001);
  expect(text.length).toBeGreaterThan(900);
  expect(await dialog.getByRole("link", { name: "Download signed PDF" }).getAttribute("href")).toBe(`/api/contracts/${rosa.contractId}/pdf`);
  await dialog.getByRole("button", { name: "Close" }).click();
  await hidden(dialog);

  // Enhanced Database Admin: export a backup, then clean the test data.
  await page.getByRole("tab", { name: "Dashboard", exact: true }).click();
  await page.getByRole("button", { name: "Enhanced Database Admin" }).click();
  const dba = page.getByRole("dialog", { name: "Enhanced Database Admin" });
  for (const tab of ["Overview", "Members", "Applications", "Data Cleanup"]) await shown(dba.getByRole("tab", { name: tab }));
  await dba.getByLabel("Filter").selectOption({ label: "Test Data Only" });
  await dba.getByRole("tab", { name: "Members" }).click();
  await shown(dba.getByRole("row").filter({ hasText: testMember.email }));
  expect(await dba.getByRole("row").filter({ hasText: rosa.email }).count()).toBe(0);

  const [download] = await Promise.all([page.waitForEvent("download"), dba.getByRole("button", { name: "Export Backup" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^association-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const backup = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(backup.members.map((m: { email: string }) => m.email)).toContain(rosa.email);
  await shown(page.getByText("Database backup exported successfully!"));

  await dba.getByRole("tab", { name: "Data Cleanup" }).click();
  await shown(dba.getByText("1 test member and 2 test applications found."));
  await dba.getByRole("button", { name: "Clean Test Data" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Clean Test Data" }).click();
  await shown(dba.getByText("Test data cleaned successfully! Removed 1 test member and 2 test applications."));
  await shown(dba.getByText("0 test members and 0 test applications found."));
  await until(dba.getByRole("button", { name: "Clean Test Data" }), (b) => b.isDisabled());
  expect((await memberRow(rosa.email)).deletedAt).toBeNull();
  await dba.getByRole("button", { name: "Close" }).first().click();

  // The records: the audit log shows what was done, the outbox what was sent.
  await page.getByRole("tab", { name: "Audit Log" }).click();
  for (const action of ["Deactivated member", "Activated member", "Reset member password", "Deleted member", "Exported backup", "Cleaned test data"]) {
    await shown(page.getByRole("cell", { name: action, exact: true }));
  }
  await page.getByRole("tab", { name: "Email Outbox" }).click();
  await shown(page.getByRole("row").filter({ hasText: rosa.email }).first());
  // This server has no SMTP server: nothing it queues is "pending" a delivery that never comes.
  await shown(page.getByRole("note").filter({ hasText: "no mail server set (SMTP_URL), so email is kept here and not delivered" }));
  await shown(page.getByRole("row").filter({ hasText: rosa.email }).first().getByText("kept here", { exact: true }));
  expect(await page.getByRole("table", { name: "Email outbox" }).getByText("pending", { exact: true }).count()).toBe(0);

  await page.getByRole("button", { name: "Logout" }).click();
  await shown(page.getByRole("heading", { name: "Administrator Sign In" }));
  await page.reload();
  await shown(page.getByRole("heading", { name: "Administrator Sign In" }));
  await context.close();
});

test("axe-core finds no serious or critical violation on the admin sign-in, dashboard and members list", async () => {
  // axe is injected as an inline script, which the site's content-security policy rightly forbids.
  const context = await ctx.browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/admin`);
  await shown(page.getByRole("button", { name: "Sign in" }));
  expect(await seriousViolations(page)).toEqual([]);

  const [admin] = await ctx.server.services.db.select().from(adminUsers).limit(1);
  const { token } = await createSession(ctx.server.services.db, { kind: "admin", adminId: admin!.id }, ctx.server.services.now());
  await context.addCookies([{ name: "lpa_admin", value: token, url: ctx.server.url }]);
  await page.reload();
  await shown(page.getByText("Total Members"));
  await shown(page.getByRole("heading", { name: "Monthly recurring revenue" }), 15_000);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("tab", { name: "Members", exact: true }).click();
  await shown(page.getByRole("table", { name: "Members" }));
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
