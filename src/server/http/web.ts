import { existsSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { isPageRoute } from "../../shared/routes.ts";
import type { AppEnv } from "./auth.ts";

/**
 * Serves the built web app: hashed assets with a long cache, a page's pre-rendered HTML when the
 * build made one, else the app shell. Unknown paths get the shell with a 404 status.
 */
export function webRoutes(dist: string) {
  const web = new Hono<AppEnv>();
  // Scripts, styles and pages go out gzip-compressed (a third of their size on the wire).
  web.use(compress());
  // When the build pre-renders the landing page into index.html, the bare shell is app.html.
  const shell = existsSync(join(dist, "app.html")) ? join(dist, "app.html") : join(dist, "index.html");

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
    return new Response(Bun.file(prerendered ?? shell), {
      status: page ? 200 : 404,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  });
  return web;
}
