import { expect, setDefaultTimeout, test } from "bun:test";
import { applyAndSign } from "../support/fixtures.ts";
import { serverAndBrowser, shown } from "../support/browser.ts";

// Real servers, databases and documents: room beyond the 5 s default, whichever files run together.
setDefaultTimeout(60_000);

const ctx = serverAndBrowser();

/** A member signs through the API and downloads their agreement. */
async function signedPdf() {
  const client = ctx.server.client();
  const signed = await applyAndSign(client, "Standard", { first_name: "Tomasz", last_name: "Nowak" });
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(new URL(`/api/contracts/${signed.contractId}/pdf`, ctx.server.url), { headers: { cookie } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

test("the verify page confirms a genuine agreement and rejects a changed one", async () => {
  const pdf = await signedPdf();
  const sha256 = new Bun.CryptoHasher("sha256").update(pdf).digest("hex");
  const page = await ctx.browser.newPage();
  // The page is found from the site's footer, as the PDF's audit page points to it.
  await page.goto(`${ctx.server.url}/faq`);
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Verify a signed agreement" }).click();
  await page.waitForURL(/\/verify$/);
  await shown(page.getByRole("heading", { name: "Verify a Signed Agreement" }));

  // Nothing chosen yet.
  await page.getByRole("button", { name: "Verify Document" }).click();
  await shown(page.getByRole("alert").getByText("Choose the signed agreement PDF to check."));

  await page.getByLabel("Signed agreement (PDF)").setInputFiles({ name: "agreement.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Verify Document" }).click();
  const verified = page.getByRole("status").filter({ hasText: "Verified" });
  await shown(verified);
  expect(await verified.textContent()).toContain("signed by Tomasz Nowak");
  expect(await verified.textContent()).toContain(sha256);
  expect(await verified.textContent()).toContain("Standard");

  const changed = Buffer.from(pdf);
  changed[changed.length - 40] = changed[changed.length - 40]! ^ 1;
  await page.getByLabel("Signed agreement (PDF)").setInputFiles({ name: "agreement.pdf", mimeType: "application/pdf", buffer: changed });
  await page.getByRole("button", { name: "Verify Document" }).click();
  const refused = page.getByRole("alert").filter({ hasText: "Not verified" });
  await shown(refused);
  expect(await refused.textContent()).toContain("does not match any signed agreement or lease on record");

  // By fingerprint.
  await page.getByLabel("Or the PDF's SHA-256").fill("not a hash");
  await page.getByRole("button", { name: "Verify Fingerprint" }).click();
  await shown(page.getByRole("alert").getByText("A SHA-256 is 64 hexadecimal characters."));
  await page.getByLabel("Or the PDF's SHA-256").fill(sha256.toUpperCase());
  await page.getByRole("button", { name: "Verify Fingerprint" }).click();
  await shown(page.getByRole("status").filter({ hasText: "signed by Tomasz Nowak" }));
  await page.close();
});
