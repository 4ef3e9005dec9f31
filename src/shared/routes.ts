// Every page the web app serves. The server answers these with the app (200); any other
// non-API path gets the app's not-found page with a 404 status.
export const PAGE_ROUTES = [
  "/",
  "/thank-you",
  "/payment-success",
  "/payment-cancelled",
  "/upgrade-success",
  "/upgrade-cancelled",
  "/admin",
  "/basic-portal",
  "/faq",
  "/demo",
  "/sign-in",
  "/account/link",
  "/account/password",
  "/test-checkout",
  "/test-billing",
  "/test-connect",
  "/test-rent-checkout",
  "/test-autopay-setup",
  "/verify",
  "/apply/continue",
  "/admin/link",
] as const;

/** The live demo of the owner portal (PORTAL.md 1): the portal's pages under this path, on sample books. */
export const DEMO_PAGE_PREFIX = "/demo/portal";

/** The live demo's copy of an owner portal page ("/portal/evictions" -> "/demo/portal/evictions"), or null for any other path. */
export function demoPathFor(path: string): string | null {
  return path === "/portal" || path.startsWith("/portal/") ? `${DEMO_PAGE_PREFIX}${path.slice("/portal".length)}` : null;
}

/** Pages with pages under them (the owner and tenant portals, the community's pages): these paths and everything below them. */
export const PAGE_ROUTE_PREFIXES = [DEMO_PAGE_PREFIX, "/portal", "/tenant", "/community", "/updates", "/webinars", "/contractors", "/email"] as const;

export function isPageRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if ((PAGE_ROUTES as readonly string[]).includes(clean)) return true;
  return PAGE_ROUTE_PREFIXES.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}

/** The most calls one tRPC batch may carry: the server refuses more, the web client's batch link sends at most this many. */
export const TRPC_MAX_BATCH = 20;
