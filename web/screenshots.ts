// `bun web/screenshots.ts`: makes the landing page's portal screenshots (web/public/screenshots)
// from the real Basic Member Portal, and the social card (web/public/social-card.png). Run it
// again when the portal's look changes; it needs a built web app (npm run build).
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { ASSOCIATION_NAME } from "../src/shared/agreement.ts";
import { portalScreenshots } from "../src/shared/landing-details.ts";
import { priceLabel } from "../src/shared/membership.ts";
import { launchBrowser } from "../tests/support/browser.ts";
import { applyAndSign } from "../tests/support/fixtures.ts";
import { startTestServer } from "../tests/support/harness.ts";

const publicDir = resolve(import.meta.dir, "public");
mkdirSync(resolve(publicDir, "screenshots"), { recursive: true });

const server = await startTestServer();
const browser = await launchBrowser();
try {
  // A real Basic member, signed in through the real flow.
  const client = server.client();
  await applyAndSign(client, "Basic", { first_name: "Maria", last_name: "Gonzalez" });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url })));
  const page = await context.newPage();
  await page.goto(`${server.url}/basic-portal`, { waitUntil: "networkidle" });

  const tabs = ["Documents & Forms", "Skills Network", "Account Info"];
  for (const [i, shot] of portalScreenshots.entries()) {
    await page.getByRole("tab", { name: tabs[i]! }).click();
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: resolve(publicDir, shot.image.slice(1)), type: "jpeg", quality: 70, clip: { x: 0, y: 0, width: 1280, height: 800 } });
    console.log(`wrote ${shot.image}`);
  }

  const card = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await card.setContent(`<!doctype html><html><body style="margin:0;font-family:Arial,Helvetica,sans-serif">
    <div style="width:1200px;height:630px;box-sizing:border-box;padding:72px;background:linear-gradient(135deg,#172554,#1e40af);color:#fff;display:flex;flex-direction:column;justify-content:space-between">
      <div style="font-size:28px;font-weight:700;color:#f59e0b;letter-spacing:1px">PRIVATE MEMBER ASSOCIATION · ILLINOIS</div>
      <div style="font-size:64px;font-weight:800;line-height:1.1">Run your rentals with a flat membership, not a percentage of your rent.</div>
      <div style="display:flex;justify-content:space-between;font-size:30px">
        <span>${ASSOCIATION_NAME.replace("&", "&amp;")}</span>
        <span>Basic ${priceLabel("Basic")} · Standard ${priceLabel("Standard")} · Premium ${priceLabel("Premium")}</span>
      </div>
    </div></body></html>`);
  await card.screenshot({ path: resolve(publicDir, "social-card.png"), type: "png" });
  console.log("wrote /social-card.png");
} finally {
  await browser.close();
  await server.stop();
}
