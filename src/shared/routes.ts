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
  "/verify",
] as const;

/** The community's pages (COMMUNITY.md): these paths and everything under them. */
export const PAGE_ROUTE_PREFIXES = ["/community", "/updates", "/webinars", "/contractors", "/email"] as const;

export function isPageRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if ((PAGE_ROUTES as readonly string[]).includes(clean)) return true;
  return PAGE_ROUTE_PREFIXES.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}
