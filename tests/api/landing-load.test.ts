import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { publicConfig } from "../../src/server/config.ts";
import { createApp } from "../../src/server/http/app.ts";
import { TENANT_HOME_DATA_PRELOAD } from "../../src/server/http/web.ts";
import { createTestApp, WEB_DIST, type TestApp } from "../support/harness.ts";

// The server writes its public configuration into every page it serves, so the landing page
// shows the support contacts without asking (and without loading the data layer to ask).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_PHONE: "(217) 555-0100" });
});
afterAll(() => t.close());

/** The configuration a page carries, read back from its meta tag as a browser would. */
function writtenConfig(html: string): unknown {
  const content = /<meta name="site-config" content="([^"]*)"/.exec(html)?.[1];
  if (content === undefined) return undefined;
  const decoded = content.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return JSON.parse(decoded);
}

describe("pages carry the public configuration", () => {
  test("the pre-rendered pages, the app shell and the not-found page all carry it", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    for (const path of ["/", "/faq", "/demo", "/thank-you", "/basic-portal", "/admin", "/no-such-page"]) {
      const html = await (await site.request(path)).text();
      expect(writtenConfig(html), path).toEqual(publicConfig(t.services.config));
      expect(html.match(/<meta name="site-config"/g)?.length, path).toBe(1);
    }
    expect(JSON.stringify(writtenConfig(await (await site.request("/")).text()))).toContain("(217) 555-0100");
  });

  test("it holds nothing secret", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    const written = writtenConfig(await (await site.request("/")).text()) as Record<string, unknown>;
    expect(Object.keys(written).sort()).toEqual(
      ["associationSiteUrl", "demoUrl", "ownerPortalUrl", "paymentProvider", "supportEmail", "supportPhone", "testMode"],
    );
  });

  test("a changed configuration shows on the next page, and markup in a value stays text", async () => {
    const config = t.services.config as { SUPPORT_PHONE: string };
    const before = config.SUPPORT_PHONE;
    const site = createApp(t.services, { webDist: WEB_DIST });
    await site.request("/");
    config.SUPPORT_PHONE = `"><script>alert(1)</script> & 555`;
    try {
      const html = await (await site.request("/")).text();
      expect(html).not.toContain("<script>alert(1)");
      expect((writtenConfig(html) as { supportPhone: string }).supportPhone).toBe(`"><script>alert(1)</script> & 555`);
    } finally {
      config.SUPPORT_PHONE = before;
    }
  });
});

describe("the tenant's section has a shell of its own (web/prerender-plugin.ts APP_SHELLS)", () => {
  test("/tenant and its pages arrive saying they load, with the portal's chunks and the data layer preloaded; other sections do not", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    const chunk = (html: string, name: string) => new RegExp(`<link rel="modulepreload"[^>]* href="/assets/${name}-[\\w-]+\\.js"`).test(html);
    for (const path of ["/tenant", "/tenant/", "/tenant/maintenance", "/tenant/link"]) {
      const res = await site.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      // Shown before any script runs, and replaced (not hydrated) by the app: main.tsx reads data-server-html.
      expect(html, path).toContain('<div id="root"><p data-server-html class="py-16 text-center text-slate-700" role="status">Loading your tenant portal...</p></div>');
      for (const name of ["TenantPortalPage", "TenantHome", "data-layer"]) expect(chunk(html, name), `${path}: ${name}`).toBe(true);
      // The stylesheet is in the page: the first paint waits for no second request.
      expect(html, path).toMatch(/<style data-href="\/assets\/index-[\w-]+\.css">/);
      expect(writtenConfig(html), path).toEqual(publicConfig(t.services.config));
      // Its first paint needs no script: every script and preload says so (decision 0097).
      const scripts = html.match(/<(script|link rel="modulepreload")\s[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(10);
      for (const tag of scripts) expect(tag, path).toContain('fetchpriority="low"');
    }
    // A browser with a tenant session gets the home's data preloaded with the page; nobody else does.
    const withSession = { headers: { cookie: "lpa_tenant=any-token" } };
    for (const path of ["/tenant", "/tenant/"]) {
      expect(await (await site.request(path, withSession)).text(), path).toContain(TENANT_HOME_DATA_PRELOAD);
      expect(await (await site.request(path)).text(), path).not.toContain('as="fetch"');
    }
    for (const path of ["/tenant/maintenance", "/portal", "/"]) expect(await (await site.request(path, withSession)).text(), path).not.toContain('as="fetch"');
    for (const path of ["/portal", "/tenants", "/admin"]) {
      const html = await (await site.request(path)).text();
      expect(html, path).not.toContain("Loading your tenant portal");
      expect(chunk(html, "TenantPortalPage"), path).toBe(false);
    }
  });
});

describe("a shell preloads every chunk its first screen imports, all the way down", () => {
  test("no chunk the tenant's home imports waits for the chunk that imports it to arrive and run", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    const html = await (await site.request("/tenant")).text();
    const fetched = new Set([...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!));
    expect(fetched.size).toBeGreaterThan(10);
    // The static imports of each fetched chunk (Vite writes them as `import{...}from"./x.js"`
    // or `import"./x.js"`); dynamic ones load when used.
    const missing: string[] = [];
    for (const file of fetched) {
      const code = readFileSync(join(WEB_DIST, "assets", file), "utf8");
      for (const [, imported] of code.matchAll(/import(?:[\w\s{},$*]*from)?"\.\/([\w.-]+\.js)"/g)) {
        if (!fetched.has(imported!)) missing.push(`${file} imports ${imported}`);
      }
    }
    expect(missing).toEqual([]);
    for (const name of ["TenantHome", "calendar"]) expect([...fetched].some((f) => f.startsWith(`${name}-`)), name).toBe(true);
  });
});
