import { useEffect } from "react";
import { pageMeta, type PrerenderedPath } from "@shared/content.ts";

/**
 * Keeps the title and description right when the app moves between pages in the browser. The
 * pre-built HTML already carries them (and the social cards) for the first load.
 */
export function usePageMeta(path: PrerenderedPath) {
  useEffect(() => {
    const meta = pageMeta[path];
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
    // The page is hydrated and interactive from here on (browser tests wait for this).
    document.documentElement.dataset.page = path;
  }, [path]);
}
