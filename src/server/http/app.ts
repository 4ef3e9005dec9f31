import { trpcServer } from "@hono/trpc-server";
import { Hono, type Context, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, fromDatabaseError } from "../errors.ts";
import { applicationAwaitingSignature } from "../domain/applications.ts";
import type { Services } from "../services.ts";
import { TRPC_MAX_BATCH } from "../../shared/routes.ts";
import { appRouter } from "../trpc/root.ts";
import { demoRouter } from "../trpc/demo.ts";
import { createTrpcContext } from "../trpc/trpc.ts";
import { authMiddleware, COOKIE_NAMES, originCheck, type AppEnv } from "./auth.ts";
import { MAX_UPLOAD_REQUEST_BYTES, routeTakesFile } from "./validate.ts";
import { metricsAnswer, observeRequests, readiness, type Lifecycle } from "./observe.ts";
import { DOCS_PAGE, docsAsset, openApi30Document, openApiDocument } from "./openapi.ts";
import { ZOpenApiQuerySchema } from "./openapi-operations.ts";
import { readQuery } from "./validate.ts";
import { adminAuthRoutes } from "./routes/admin-auth.ts";
import { adminRoutes } from "./routes/admin.ts";
import { authRoutes } from "./routes/auth.ts";
import { contractRoutes } from "./routes/contracts.ts";
import { membershipRoutes } from "./routes/membership.ts";
import { ownerPortalRoutes } from "./routes/owner-portal.ts";
import { portalRoutes } from "./routes/portal.ts";
import { siteRoutes } from "./routes/site.ts";
import { tenantRoutes } from "./routes/tenant.ts";
import { paymentInitiationRoutes, paymentRoutes, stripeWebhookRoutes, subscriptionRoutes, upgradeRoutes } from "./routes/billing.ts";
import { adminCommunityRoutes, communityRoutes, emailPreferenceRoutes, notificationRoutes } from "./routes/community.ts";
import { unsubscribeRoutes } from "./routes/unsubscribe.ts";
import { ownerBooksRoutes } from "./routes/owner-books.ts";
import { adminDepositRoutes, ownerDepositRoutes, tenantDepositRoutes } from "./routes/owner-deposits.ts";
import { ownerLeaseSigningRoutes, tenantLeaseSigningRoutes } from "./routes/lease-signing.ts";
import { adminEvictionRoutes, ownerEvictionRoutes } from "./routes/evictions.ts";
import { ownerServicesRoutes } from "./routes/owner-services.ts";
import { adminUpdateRoutes, updatePages, updateRoutes } from "./routes/updates.ts";
import { adminWebinarRoutes, webinarRoutes } from "./routes/webinars.ts";
import { adminContractorRoutes, adminDirectoryRoutes, contractorRoutes } from "./routes/contractors.ts";
import { applicationWaitingNotice, oneHost, webRoutes } from "./web.ts";
import { DEMO_API_PREFIX, demoPortalRoutes, demoVisitor } from "./routes/demo.ts";
import { DEMO_PAGE_PREFIX } from "../../shared/routes.ts";

export const MAX_BODY_BYTES = 1024 * 1024;
/** What every page may use; everything else (camera, microphone, location, payment request...) is off. */
const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), " +
  "microphone=(), midi=(), payment=(), publickey-credentials-get=(), usb=(), interest-cohort=(), browsing-topics=()";

export interface AppOptions {
  /** Folder of the built web app; omit to serve the API only. */
  webDist?: string;
  /** The server's state for the readiness check (draining on SIGTERM); a fresh one when omitted. */
  lifecycle?: Lifecycle;
}

/** The path of an absolute address as it was sent, still percent-encoded. */
function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.search(/[?#]/);
  return end < 0 || end < start ? url.slice(start) : url.slice(start, end);
}

/** Whether every percent sign of a path starts a sequence that decodes (UTF-8 included). */
function decodes(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The whole HTTP surface: REST under /api, tRPC under /trpc, the web app everywhere else. */
export function createApp(services: Services, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  const lifecycle = options.lifecycle ?? { draining: false };
  // Every request gets an id (the proxy's, when it sends one), echoed in X-Request-Id, and one
  // log line and metric when it is answered, whatever answers it.
  app.use(requestId({ limitLength: 128 }));
  app.use(observeRequests(services));
  // The built-in demo is a path of this app; a configured one may be elsewhere.
  const demoOrigin = new URL(services.config.DEMO_URL, services.config.PUBLIC_URL).origin;

  // A path that does not decode (`/%`, `/%E0%A4%A`) is a bad request, whatever it names. Read
  // from the address as it came: no URL is parsed for it on every request.
  app.use(async (c, next) => {
    if (!decodes(rawPath(c.req.url))) return c.json({ detail: "The address is not valid." }, 400);
    await next();
  });

  // The demo's portal pages are made to be framed, by this site's own pages only (landing, /demo):
  // registered before the security headers, so it amends what they wrote.
  app.use(`${DEMO_PAGE_PREFIX}/*`, async (c, next) => {
    await next();
    const csp = c.res.headers.get("content-security-policy");
    if (csp) c.header("Content-Security-Policy", csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", demoOrigin],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
      // HSTS where the site is served over https, whatever NODE_ENV says.
      strictTransportSecurity: services.config.PUBLIC_URL.startsWith("https://") ? "max-age=31536000; includeSubDomains" : false,
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(async (c, next) => {
    await next();
    c.header("Permissions-Policy", PERMISSIONS_POLICY);
  });

  app.onError((error, c) => {
    const known = error instanceof AppError ? error : fromDatabaseError(error);
    if (known) {
      if (known.retryAfter) c.header("Retry-After", String(known.retryAfter));
      return c.json(known.body(), known.status as ContentfulStatusCode);
    }
    if (error instanceof HTTPException) {
      return c.json({ detail: error.message || "Bad request." }, error.status);
    }
    if (error instanceof URIError) return c.json({ detail: "The address is not valid." }, 400);
    services.log.error({ request_id: c.get("requestId"), method: c.req.method, err: error }, "unhandled error");
    return c.json({ detail: "Server error occurred" }, 500);
  });

  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ detail: "The request body is larger than 1 MB." }, 413),
  });
  const uploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_REQUEST_BYTES,
    onError: (c) => c.json({ detail: "A file may be at most 10 MB." }, 413),
  });
  // Every request's body is capped, pages included; the routes marked `takesFile` get room for one.
  app.use("*", (c, next) => (routeTakesFile(c) ? uploadLimit(c, next) : limit(c, next)));
  // API answers may hold someone's data: never stored by a browser or a proxy, unless a route says otherwise.
  const noStore = async (c: Context, next: Next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.header("Cache-Control", "no-store");
  };
  app.use("/api/*", noStore);
  app.use("/trpc/*", noStore);

  // Liveness, readiness and metrics need no session: registered before the session middleware.
  app.get("/api/health", async (c) => c.json({ status: "ok" }));
  app.get("/api/ready", async (c) => {
    const state = await readiness(services, lifecycle);
    return state.ready ? c.json({ status: "ready" }) : c.json({ status: "not ready", detail: state.detail }, 503);
  });
  app.get("/api/metrics", (c) => metricsAnswer(c, services));
  // The API's reference: the OpenAPI document and a page that reads it (openapi.ts).
  app.get("/api/openapi.json", async (c) => {
    const { version } = readQuery(c, ZOpenApiQuerySchema);
    return c.json(await (version === "3.0" ? openApi30Document : openApiDocument)(services.config));
  });
  app.get("/api/docs", (c) => c.html(DOCS_PAGE));
  app.get("/api/docs/:asset", (c) => {
    const asset = docsAsset(c.req.param("asset"));
    if (!asset) return c.json({ detail: "Not found." }, 404);
    return c.body(asset.body as never, 200, { "content-type": asset.type, "cache-control": "public, max-age=3600" });
  });

  app.use("/api/*", authMiddleware(services));
  app.use("/trpc/*", authMiddleware(services));
  app.use("/api/*", originCheck());
  app.use("/trpc/*", originCheck());
  // The live demo: whoever calls acts as the demo visitor, who reads the sample books only.
  app.use(`${DEMO_API_PREFIX}/*`, demoVisitor());

  app.route("/api/membership", membershipRoutes);
  app.route("/api/membership", paymentInitiationRoutes);
  app.route("/api/payments", paymentRoutes);
  app.route("/api/subscriptions", subscriptionRoutes);
  app.route("/api/upgrades", upgradeRoutes);
  app.route("/api/stripe", stripeWebhookRoutes);
  app.route("/api/portal", portalRoutes);
  app.route("/api/portal", ownerPortalRoutes);
  app.route("/api/portal", ownerBooksRoutes);
  app.route("/api/portal", ownerEvictionRoutes);
  app.route("/api/portal", ownerServicesRoutes);
  app.route("/api/portal", ownerDepositRoutes);
  app.route("/api/portal", ownerLeaseSigningRoutes);
  app.route("/api/tenant", tenantRoutes);
  app.route("/api/tenant", tenantDepositRoutes);
  app.route("/api/tenant", tenantLeaseSigningRoutes);
  for (const routes of demoPortalRoutes) app.route(`${DEMO_API_PREFIX}/portal`, routes);
  app.use(
    `${DEMO_API_PREFIX}/trpc/*`,
    trpcServer({
      endpoint: `${DEMO_API_PREFIX}/trpc`,
      router: demoRouter,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: (opts, c) => createTrpcContext(c as never, opts.resHeaders) as never,
    }),
  );
  app.route("/api/site", siteRoutes);
  app.route("/api/contracts", contractRoutes);
  app.route("/api/community", communityRoutes);
  app.route("/api/notifications", notificationRoutes);
  app.route("/api/email-preferences", emailPreferenceRoutes);
  app.route("/api/admin/community", adminCommunityRoutes);
  app.route("/api/updates", updateRoutes);
  app.route("/api/admin/updates", adminUpdateRoutes);
  app.route("/api/webinars", webinarRoutes);
  app.route("/api/admin/webinars", adminWebinarRoutes);
  app.route("/api/contractors", contractorRoutes);
  app.route("/api/admin/contractors", adminContractorRoutes);
  app.route("/api/admin/contractor-directory", adminDirectoryRoutes);
  // Admin sign-in is mounted before any /api/auth routes so that /api/auth/admin/* reaches it.
  app.route("/api/auth/admin", adminAuthRoutes);
  app.route("/api/admin", adminEvictionRoutes);
  app.route("/api/admin", adminDepositRoutes);
  app.route("/api/admin", adminRoutes);
  app.route("/api/auth", authRoutes);
  app.all("/api/*", (c) => c.json({ detail: `No API route ${c.req.method} ${c.req.path}.` }, 404));

  app.use(
    "/trpc/*",
    trpcServer({
      endpoint: "/trpc",
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: (opts, c) => createTrpcContext(c as never, opts.resHeaders) as never,
    }),
  );

  // The server-written pages are pages like the web app's: one host, the TEST MODE banner.
  app.use("/email/unsubscribe", oneHost(services.config));
  app.use("/updates", oneHost(services.config));
  app.use("/updates/*", oneHost(services.config));
  // One-click unsubscribe (RFC 8058) works without a session and without the web app.
  app.use("/email/unsubscribe", authMiddleware(services));
  app.route("/email/unsubscribe", unsubscribeRoutes);
  // Public legal updates are server-rendered for search engines (see updatePages).
  app.use("/updates/*", authMiddleware(services));
  app.route("/updates", updatePages(services, options.webDist));
  if (options.webDist) {
    // A returning applicant is told at the top of any page that their application waits for a signature.
    const applicationWaiting = async (c: Context<AppEnv>) => {
      const token = getCookie(c, COOKIE_NAMES.applicant);
      if (!token || getCookie(c, COOKIE_NAMES.member)) return null;
      const waiting = await applicationAwaitingSignature(services, token).catch(() => null);
      return waiting ? applicationWaitingNotice(waiting.membershipLevel) : null;
    };
    app.route("/", webRoutes(options.webDist, services.config, applicationWaiting));
  }
  app.notFound((c) => c.json({ detail: "Not found." }, 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
