import { isBuiltInDemo } from "../config.ts";
import type { Services } from "../services.ts";
import { findSampleOwner } from "./portal/access.ts";

// Whether the configured demo can show inside our page. A browser cannot tell from outside
// whether a cross-origin frame loaded or shows an error page, so the server asks the demo host.
// The built-in demo (the default) is this app's own portal on sample books: it can show once the
// sample books exist.

export type DemoEmbedReason = "ok" | "unreachable" | "error_status" | "refuses_framing";

export interface DemoEmbedStatus {
  embeddable: boolean;
  reason: DemoEmbedReason;
  checked_at: string;
}

const CACHE_MS = 60_000;
const TIMEOUT_MS = 2500;
const cache = new Map<string, { status: DemoEmbedStatus; until: number }>();

/** X-Frame-Options and CSP frame-ancestors of the demo's answer, read for our origin. */
export function allowsFraming(headers: Headers, ourOrigin: string, demoOrigin: string): boolean {
  const xfo = headers.get("x-frame-options")?.trim().toLowerCase();
  if (xfo === "deny") return false;
  if (xfo === "sameorigin" && ourOrigin !== demoOrigin) return false;
  const csp = headers.get("content-security-policy") ?? "";
  const directive = csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.toLowerCase().startsWith("frame-ancestors"));
  if (!directive) return true;
  const sources = directive.split(/\s+/).slice(1);
  return sources.some((source) => {
    const s = source.toLowerCase();
    if (s === "*") return true;
    if (s === "'self'") return ourOrigin === demoOrigin;
    if (s === "'none'") return false;
    return s.replace(/\/+$/, "") === ourOrigin.toLowerCase();
  });
}

/** Checks the demo (cached for a minute; `fresh` asks again, as Retry does). */
export async function checkDemoEmbed(services: Services, options: { fresh?: boolean } = {}): Promise<DemoEmbedStatus> {
  const url = services.config.DEMO_URL;
  const now = Date.now();
  // The answer depends on our origin too (a demo may frame for one site and not another).
  const key = `${url} ${services.config.PUBLIC_URL}`;
  const cached = cache.get(key);
  if (cached && cached.until > now && !options.fresh) return cached.status;

  let reason: DemoEmbedReason;
  if (isBuiltInDemo(services.config)) {
    reason = (await findSampleOwner(services.db)) ? "ok" : "unreachable";
    return { embeddable: reason === "ok", reason, checked_at: services.now().toISOString() };
  }
  try {
    const response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "text/html" } });
    await response.body?.cancel();
    const ourOrigin = new URL(services.config.PUBLIC_URL).origin;
    const demoOrigin = new URL(response.url || url).origin;
    reason = !response.ok ? "error_status" : allowsFraming(response.headers, ourOrigin, demoOrigin) ? "ok" : "refuses_framing";
  } catch {
    reason = "unreachable";
  }
  const status: DemoEmbedStatus = { embeddable: reason === "ok", reason, checked_at: services.now().toISOString() };
  cache.set(key, { status, until: now + CACHE_MS });
  return status;
}
