import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono, type Context } from "hono";
import { ZUpdateListQuerySchema, ZUpdatePatchSchema, ZUpdateSchema } from "../../../shared/community.ts";
import { ASSOCIATION_NAME } from "../../../shared/agreement.ts";
import { chicagoDate } from "../../../shared/time.ts";
import type { AdminActor } from "../../domain/audit.ts";
import { communityActor, readerFor } from "../../domain/community/people.ts";
import { updatesFeed } from "../../domain/community/rss.ts";
import { adminListUpdates, changeUpdate, createUpdate, getUpdate, listUpdates, publicUpdates } from "../../domain/community/updates.ts";
import { escapeHtml } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { requireAdmin, type AppEnv } from "../auth.ts";
import { readJson, readQuery } from "../validate.ts";
import { decoratePage } from "../web.ts";

// Legal updates (COMMUNITY.md 2, 5): anyone reads the list and what their level allows; admins write.

const reader = (c: Context<AppEnv>) => readerFor(communityActor(c.var.auth));
const adminActor = (c: Context<AppEnv>): AdminActor => ({ admin: requireAdmin(c).admin, ip: c.var.meta.ip, session: c.var.auth.admin! });

export const updateRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listUpdates(c.var.services, reader(c), readQuery(c, ZUpdateListQuerySchema))))
  .get("/:slug", async (c) => c.json(await getUpdate(c.var.services, reader(c), c.req.param("slug"))));

export const adminUpdateRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .get("/", async (c) => c.json(await adminListUpdates(c.var.services)))
  .post("/", async (c) => {
    const who = adminActor(c);
    return c.json(await createUpdate(c.var.services, who, await readJson(c, ZUpdateSchema)), 201);
  })
  .patch("/:id", async (c) => {
    const who = adminActor(c);
    return c.json(await changeUpdate(c.var.services, who, c.req.param("id"), await readJson(c, ZUpdatePatchSchema)));
  });

/**
 * /updates, /updates/{slug} and /updates/rss.xml as the server answers them. Posts are written
 * at run time, so the build cannot pre-render them like the landing page: the server writes the
 * public posts' HTML into the app shell (marked data-server-html, which the browser app replaces
 * rather than hydrates), so search engines and readers without scripts get the content. Without
 * a built web app (API-only tests) the same content comes as a plain page.
 */
export function updatePages(services: Services, webDist?: string) {
  const shellFile = webDist ? [join(webDist, "app.html"), join(webDist, "index.html")].find((f) => existsSync(f)) : undefined;
  const page = (title: string, description: string, content: string, status = 200) => {
    const head = `<title>${escapeHtml(title)}</title>\n    <meta name="description" content="${escapeHtml(description)}" />\n    <link rel="alternate" type="application/rss+xml" title="Legal updates" href="/updates/rss.xml" />`;
    const main = `<div data-server-html="updates"><main id="main" style="max-width:48rem;margin:0 auto;padding:2rem 1rem">${content}</main></div>`;
    const html = shellFile
      ? readFileSync(shellFile, "utf8")
          .replace(/<title>[\s\S]*?<\/title>/, "")
          .replace(/<meta name="description"[^>]*>/, "")
          .replace("</head>", `  ${head}\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root">${main}</div>`)
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head}</head><body><div id="root">${main}</div></body></html>`;
    return new Response(decoratePage(html, services.config), { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
  };
  return new Hono<AppEnv>()
    .get("/rss.xml", async () => {
      const feed = updatesFeed(services.config, await publicUpdates(services.db));
      return new Response(feed, { headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=300" } });
    })
    .get("/", async () => {
      const posts = await publicUpdates(services.db, 20);
      const items = posts
        .map((p) => `<article><h2><a href="/updates/${escapeHtml(p.slug)}">${escapeHtml(p.title)}</a></h2><p><time datetime="${p.publishedAt?.toISOString() ?? ""}">${escapeHtml(p.publishedAt ? chicagoDate(p.publishedAt) : "")}</time></p><p>${escapeHtml(p.excerpt)}</p></article>`)
        .join("");
      return page(`Legal updates · ${ASSOCIATION_NAME}`, "Illinois landlord law for members: the Chicago RLTO, Cook County, evictions and taxes.", `<h1>Legal updates</h1>${items || "<p>No public updates yet.</p>"}`);
    })
    .get("/:slug", async (c) => {
      const slug = c.req.param("slug");
      const [post] = (await publicUpdates(services.db, 500)).filter((p) => p.slug === slug);
      if (!post) return page(`Legal updates · ${ASSOCIATION_NAME}`, "Legal updates for Illinois landlords.", "");
      return page(
        `${post.title} · ${ASSOCIATION_NAME}`,
        post.excerpt || post.title,
        `<article><h1>${escapeHtml(post.title)}</h1><p><time datetime="${post.publishedAt?.toISOString() ?? ""}">${escapeHtml(post.publishedAt ? chicagoDate(post.publishedAt) : "")}</time>${post.tags.length ? ` · ${post.tags.map(escapeHtml).join(", ")}` : ""}</p>${post.html}</article>`,
      );
    });
}
