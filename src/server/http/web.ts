import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { getCookie } from "hono/cookie";
import { isPageRoute } from "../../shared/routes.ts";
import { SITE_CONFIG_META } from "../../shared/site-config.ts";
import { publicConfig, type Config } from "../config.ts";
import { COOKIE_NAMES, type AppEnv } from "./auth.ts";

const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Shown at the top of every page while payments are simulated (the built-in test provider). It is
 * written by the server outside the React root, so it is there before any script runs.
 */
export const TEST_MODE_BANNER =
  '<div role="note" aria-label="Test mode" style="background:#fef3c7;color:#78350f;border-bottom:1px solid #f59e0b;' +
  'padding:6px 12px;text-align:center;font:600 14px/1.4 system-ui,sans-serif">TEST MODE: payments are simulated and no ' +
  "card is charged. Use the test card 4242 4242 4242 4242.</div>";

/**
 * What the server writes into every page it serves: the public configuration (support contacts,
 * portal and demo links) in a meta tag, and the TEST MODE banner while payments are simulated.
 */
export function decoratePage(html: string, config: Config): string {
  const site = publicConfig(config);
  const meta = `<meta name="${SITE_CONFIG_META}" content="${escapeAttr(JSON.stringify(site))}" />`;
  const withMeta = html.replace("</head>", `  ${meta}\n  </head>`);
  return site.testMode ? withMeta.replace(/<body([^>]*)>/, `<body$1>${TEST_MODE_BANNER}`) : withMeta;
}

/**
 * A note the server writes at the top of a page for this visitor (outside the React root, so no
 * script is needed to show it), or null. Pages are cached; the note is added per request.
 */
export type PageNotice = (c: Context<AppEnv>) => Promise<string | null>;

/** The id of the note that tells a returning applicant their application waits for a signature. */
export const APPLICATION_WAITING_ID = "application-waiting";

/**
 * The note for a browser whose applicant session holds an application that is not signed yet:
 * whoever closed the tab and came back learns at once where to sign.
 */
export function applicationWaitingNotice(level: string): string {
  return (
    `<div id="${APPLICATION_WAITING_ID}" role="region" aria-label="Your application" style="background:#ecfdf5;color:#064e3b;` +
    "border-bottom:1px solid #6ee7b7;padding:8px 12px;text-align:center;font:500 15px/1.5 system-ui,sans-serif\">" +
    `Your ${escapeAttr(level)} membership application is approved and waiting for your signature. ` +
    '<a href="/#apply" style="color:#065f46;font-weight:700;text-decoration:underline">Continue to sign</a></div>'
  );
}

/**
 * One host: a page asked for on another host than PUBLIC_URL's (127.0.0.1 for localhost, say)
 * would set its cookies there and lose the session on the way back from checkout, so it is
 * redirected (308) to the same path on PUBLIC_URL. Only reads are redirected.
 */
export function oneHost(config: Config): MiddlewareHandler<AppEnv> {
  let parsed: { text: string; url: URL } | null = null;
  const parsedPublicUrl = (text: string) => {
    if (parsed?.text !== text) parsed = { text, url: new URL(text) };
    return parsed.url;
  };
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    // Read at each request: PUBLIC_URL is known once the server has its port.
    const publicUrl = parsedPublicUrl(config.PUBLIC_URL);
    const forwardedHost = config.TRUST_PROXY ? c.req.header("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    const host = forwardedHost ?? c.req.header("host");
    if (host && host.toLowerCase() !== publicUrl.host.toLowerCase()) {
      const url = new URL(c.req.url);
      return c.redirect(`${publicUrl.origin}${url.pathname}${url.search}`, 308);
    }
    return next();
  };
}

/**
 * What the tenant's home asks the server for as it starts: who is signed in, the leases and the
 * leases to sign, in one batch (web/src/pages/TenantPortalPage.tsx). A browser that holds a tenant
 * session gets it preloaded with the page, so the figures come down beside the scripts instead
 * of after them; the app's own request for exactly this address then takes the preloaded answer
 * (tests/browser/tenant-portal.test.ts counts one request). The data stays out of the HTML: the
 * browser asks with its own cookie, and the answer is as private as any other.
 */
export const TENANT_HOME_DATA_PRELOAD =
  '<link rel="preload" as="fetch" crossorigin href="/trpc/public.tenantAuth.session,tenant.me,tenant.leaseSigning.list?batch=1&amp;input=%7B%7D" />';

/** Sections with a shell of their own (web/prerender-plugin.ts, APP_SHELLS): their chunks preloaded. */
const APP_SHELLS = [{ prefix: "/tenant", file: "tenant.html" }] as const;

/**
 * Serves the built web app: hashed assets with a long cache, a page's pre-rendered HTML when the
 * build made one, else the app shell. Unknown paths get the shell with a 404 status. Every page
 * carries the public configuration (support contacts, portal and demo links) in a meta tag, so
 * no page has to ask for it.
 */
export function webRoutes(dist: string, config: Config, pageNotice?: PageNotice) {
  const web = new Hono<AppEnv>();
  // Scripts, styles and pages go out gzip-compressed (a third of their size on the wire).
  web.use(compress());
  // When the build pre-renders the landing page into index.html, the bare shell is app.html.
  const shell = existsSync(join(dist, "app.html")) ? join(dist, "app.html") : join(dist, "index.html");

  // A page is read once, and again when the build or the configuration changed.
  const pages = new Map<string, { mtimeMs: number; configJson: string; html: string }>();
  const pageHtml = (file: string): string => {
    const mtimeMs = statSync(file).mtimeMs;
    const configJson = JSON.stringify(publicConfig(config));
    const cached = pages.get(file);
    if (cached?.mtimeMs === mtimeMs && cached.configJson === configJson) return cached.html;
    const html = decoratePage(readFileSync(file, "utf8"), config);
    pages.set(file, { mtimeMs, configJson, html });
    return html;
  };

  const root = normalize(dist).replace(/[\\/]+$/, "");
  const fileFor = (path: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    const target = normalize(join(root, decoded));
    // Inside the build folder itself, not in a sibling whose name merely starts the same way.
    if (!target.startsWith(root + sep)) return null;
    return existsSync(target) && statSync(target).isFile() ? target : null;
  };

  web.use("/*", oneHost(config));

  web.get("/*", async (c) => {
    const path = c.req.path;
    const file = path !== "/" ? fileFor(path) : null;
    if (file) {
      const headers: Record<string, string> = {};
      if (path.startsWith("/assets/")) headers["cache-control"] = "public, max-age=31536000, immutable";
      return new Response(Bun.file(file), { headers });
    }
    const page = isPageRoute(path);
    const prerendered = page ? fileFor(path === "/" ? "/index.html" : `${path.replace(/\/+$/, "")}/index.html`) : null;
    const section = page && !prerendered ? APP_SHELLS.find((s) => path === s.prefix || path.startsWith(`${s.prefix}/`)) : undefined;
    const sectionShell = section ? fileFor(`/${section.file}`) : null;
    let html = pageHtml(prerendered ?? sectionShell ?? shell);
    if (sectionShell && (path === "/tenant" || path === "/tenant/") && getCookie(c, COOKIE_NAMES.tenant)) {
      html = html.replace("</head>", `  ${TENANT_HOME_DATA_PRELOAD}\n  </head>`);
    }
    const notice = page && pageNotice ? await pageNotice(c) : null;
    return new Response(notice ? html.replace(/<body([^>]*)>/, `<body$1>${notice}`) : html, {
      status: page ? 200 : 404,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  });
  return web;
}
