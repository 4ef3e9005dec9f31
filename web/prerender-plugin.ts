import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { pageMeta, type PrerenderedPath } from "../src/shared/content.ts";

// Pre-renders the public pages at build time: their content (and title, description and social
// card) is in the HTML before any script runs; the browser app then hydrates it (main.tsx).
// The landing page becomes index.html, so the bare app shell that every other page starts from
// is written to app.html (the server serves that for routes without pre-rendered HTML).

/** The module of each pre-rendered page, to preload its chunk next to the entry. */
const PAGE_MODULES: Record<PrerenderedPath, string | null> = {
  "/": null, // in the entry chunk
  "/faq": "src/pages/FaqPage.tsx",
  "/demo": "src/pages/DemoPage.tsx",
  "/thank-you": "src/pages/ThankYouPage.tsx",
};
/** Every page but the landing page loads the data layer with its own chunk (src/lib/lazy-with-data.tsx). */
const DATA_LAYER_MODULE = "src/data-layer.tsx";

/**
 * Signed-in sections opened straight from a phone's home screen or an email: a shell of their own
 * (`<name>.html`, served by src/server/http/web.ts for the section's paths) with the stylesheet
 * inlined, the section's chunks preloaded beside the entry, and a line that says it is loading,
 * shown before any script runs and replaced by the app (data-server-html: not hydrated).
 */
export const APP_SHELLS = {
  tenant: { modules: ["src/pages/TenantPortalPage.tsx", "src/features/tenant/TenantHome.tsx"], loading: "Loading your tenant portal..." },
} as const;

const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function headFor(path: PrerenderedPath, siteUrl: string | undefined): string {
  const meta = pageMeta[path];
  const abs = (p: string) => (siteUrl ? new URL(p, siteUrl).toString() : p);
  const tags = [
    `<title>${escapeAttr(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Illinois Landlord &amp; Property Owners Association" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:image" content="${escapeAttr(abs("/social-card.png"))}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeAttr(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeAttr(abs("/social-card.png"))}" />`,
  ];
  if (siteUrl) tags.push(`<link rel="canonical" href="${escapeAttr(abs(path))}" />`, `<meta property="og:url" content="${escapeAttr(abs(path))}" />`);
  return tags.join("\n    ");
}

/**
 * The stylesheet inlined into a pre-rendered page: the first paint then needs the HTML alone, no
 * second round trip (the CSP allows inline styles; the app shell keeps the cached link). Its
 * `data-href` names the file: the entry (web/src/main.tsx) adds a disabled link to it, so Vite's
 * loader knows it is there and does not fetch it again, at the highest priority, whenever a part
 * of the page loads later. (A disabled link written into the HTML did the same, but Chromium's
 * preload scanner sometimes fetched it anyway on a loaded machine.)
 */
function inlineStyles(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const css = readFileSync(join(outDir, file), "utf8").replace(/<\/style/gi, "<\\/style");
    return `<style data-href="/${file}">${css}</style>`;
  });
}

/**
 * An app shell's scripts, marked as the browser should treat them: its first paint (the loading
 * line, styles inline) needs none of them. Chromium otherwise fetches module scripts and
 * preloads at high priority, which Lighthouse's simulation reads as blocking the first paint
 * whenever they happened to arrive before it (decision 0097). The app's real load is unchanged:
 * nothing else on the page competes with them.
 */
function notRenderBlocking(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, '<$1 fetchpriority="low" crossorigin');
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  const chunkFiles = new Map<string, string>();
  const chunkImports = new Map<string, string[]>();
  const entryFiles = new Set<string>();
  return {
    name: "prerender-public-pages",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      // Which files each page needs: its chunk and the chunks it imports (not the entry's).
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        if (chunk.isEntry) {
          // The entry's chunks and theirs, as the browser fetches them before the page's own.
          const pending = [chunk.fileName];
          for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
            if (entryFiles.has(file)) continue;
            entryFiles.add(file);
            const imported = bundle[file];
            if (imported?.type === "chunk") pending.push(...imported.imports);
          }
        }
        // Keyed by each module the chunk holds: a module imported only dynamically may share a
        // chunk without being its facade (the data layer).
        for (const id of chunk.moduleIds) chunkFiles.set(resolve(id), chunk.fileName);
        chunkImports.set(chunk.fileName, chunk.imports);
      }
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = mkdtempSync(join(tmpdir(), "prerender-"));
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: "warn",
          mode: "production",
          plugins: [react()],
          resolve: { alias: config.resolve.alias },
          ssr: { noExternal: true },
          build: { ssr: "src/prerender.tsx", outDir: ssrDir, emptyOutDir: true, minify: false, copyPublicDir: false },
        });
        const { renderPage } = (await import(pathToFileURL(join(ssrDir, "prerender.js")).href)) as {
          renderPage: (path: string) => Promise<string>;
        };
        const shell = readFileSync(join(outDir, "index.html"), "utf8");
        /**
         * Preload links for the chunks of these modules and every chunk they import, all the way
         * down, that the entry does not already bring. (A preloaded module's own imports are not
         * fetched until it runs: without them the page waits a second round of requests.)
         */
        const preloads = (modules: string[]) => {
          const files = new Set<string>();
          const pending = modules.flatMap((m) => chunkFiles.get(resolve(config.root, m)) ?? []);
          for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
            if (files.has(file) || entryFiles.has(file)) continue;
            files.add(file);
            pending.push(...(chunkImports.get(file) ?? []));
          }
          return [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`).join("\n    ");
        };
        writeFileSync(join(outDir, "app.html"), shell);
        const siteUrl = process.env.PUBLIC_URL || undefined;

        for (const path of Object.keys(pageMeta) as PrerenderedPath[]) {
          const html = await renderPage(path);
          const module = PAGE_MODULES[path];
          const preload = module ? preloads([module, DATA_LAYER_MODULE]) : "";
          const page = inlineStyles(shell, outDir)
            .replace(/<title>[\s\S]*?<\/title>\s*/, "")
            .replace(/<meta name="description"[^>]*>\s*/, "")
            .replace("</head>", `  ${headFor(path, siteUrl)}\n    ${preload}\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
          if (page === shell || !page.includes(html)) throw new Error(`Pre-rendering ${path}: the shell has no <div id="root"></div>.`);
          const file = path === "/" ? join(outDir, "index.html") : join(outDir, path.slice(1), "index.html");
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page);
        }
        for (const [name, { modules, loading }] of Object.entries(APP_SHELLS)) {
          const page = notRenderBlocking(inlineStyles(shell, outDir).replace("</head>", `  ${preloads([...modules, DATA_LAYER_MODULE])}\n  </head>`))
            .replace('<div id="root"></div>', `<div id="root"><p data-server-html class="py-16 text-center text-slate-700" role="status">${loading}</p></div>`);
          if (!page.includes(loading)) throw new Error(`The ${name} shell: the shell has no <div id="root"></div>.`);
          writeFileSync(join(outDir, `${name}.html`), page);
        }
        config.logger.info(`pre-rendered ${Object.keys(pageMeta).length} public pages and ${Object.keys(APP_SHELLS).length} app shell`);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
