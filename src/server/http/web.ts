import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { isPageRoute } from "../../shared/routes.ts";
import { SITE_CONFIG_META } from "../../shared/site-config.ts";
import { publicConfig, type Config } from "../config.ts";
import type { AppEnv } from "./auth.ts";

const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Serves the built web app: hashed assets with a long cache, a page's pre-rendered HTML when the
 * build made one, else the app shell. Unknown paths get the shell with a 404 status. Every page
 * carries the public configuration (support contacts, portal and demo links) in a meta tag, so
 * no page has to ask for it.
 */
export function webRoutes(dist: string, config: Config) {
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
    const meta = `<meta name="${SITE_CONFIG_META}" content="${escapeAttr(configJson)}" />`;
    const html = readFileSync(file, "utf8").replace("</head>", `  ${meta}\n  </head>`);
    pages.set(file, { mtimeMs, configJson, html });
    return html;
  };

  const fileFor = (path: string): string | null => {
    const target = normalize(join(dist, decodeURIComponent(path)));
    if (!target.startsWith(dist)) return null;
    return existsSync(target) && statSync(target).isFile() ? target : null;
  };

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
    return new Response(pageHtml(prerendered ?? shell), {
      status: page ? 200 : 404,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  });
  return web;
}
