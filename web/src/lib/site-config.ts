import { useSyncExternalStore } from "react";
import { SITE_CONFIG_META } from "@shared/site-config.ts";
import type { RouterOutputs } from "../trpc.ts";
import { loadDataLayer } from "./lazy-with-data.tsx";

export type SiteConfig = RouterOutputs["public"]["site"]["config"];

let config: SiteConfig | undefined;
let read = false;
let asked = false;
const listeners = new Set<() => void>();

/** The configuration the server wrote into the page. */
function currentConfig(): SiteConfig | undefined {
  if (read || typeof document === "undefined") return config;
  read = true;
  const written = document.querySelector<HTMLMetaElement>(`meta[name="${SITE_CONFIG_META}"]`)?.content;
  try {
    if (written) config = JSON.parse(written) as SiteConfig;
  } catch {
    // A damaged tag: asked of the server instead.
  }
  return config;
}

/** A page served without the tag (e.g. by Vite's dev server) asks the server once. */
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!currentConfig() && !asked) {
    asked = true;
    void loadDataLayer()
      .then(({ trpcClient }) => trpcClient.public.site.config.query())
      .then((answer) => {
        config = answer;
        listeners.forEach((notify) => notify());
      })
      .catch(() => {
        asked = false;
      });
  }
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Support contacts and external links from the server's configuration, with no request: the
 * server writes them into every page. Pre-rendered HTML is built without them, so hydration
 * renders it as built and the values follow at once.
 */
export function useSiteConfig(): SiteConfig | undefined {
  return useSyncExternalStore(subscribe, currentConfig, () => undefined);
}
