import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { serialize, type CookieOptions } from "hono/utils/cookie";
import type { SessionKind } from "../db/schema.ts";
import { forbidden, unauthorized } from "../errors.ts";
import type { AdminSession, Caller, MemberSession, RequestMeta, TenantSession } from "../domain/caller.ts";
import { validateSessionToken, type ValidSession } from "../domain/sessions.ts";
import type { Services } from "../services.ts";

// Who is calling: resolved once per request from the session cookies (the React client) or a
// bearer token (API clients, SPEC.md 6). The server alone decides (DECISIONS.md 1).

export const COOKIE_NAMES: Record<SessionKind, string> = {
  applicant: "lpa_applicant",
  member: "lpa_member",
  admin: "lpa_admin",
  tenant: "lpa_tenant",
};

/** The caller (domain/caller.ts) as this request presented it. */
export interface Auth extends Caller {
  tenant: TenantSession | null;
  /** True when a session came from a cookie (CSRF checks apply). */
  viaCookie: boolean;
  /** Tokens as presented, so logout can end exactly these sessions. */
  tokens: Partial<Record<SessionKind, string>>;
}

export type RequestMetaInfo = RequestMeta;

export type AppEnv = {
  Variables: {
    services: Services;
    auth: Auth;
    meta: RequestMetaInfo;
    /** Hono's requestId middleware: this request's id, echoed in X-Request-Id and on its log line. */
    requestId: string;
  };
};

function clientIp(c: Context, trustProxy: boolean): string | null {
  // Behind a proxy (TRUST_PROXY) the first X-Forwarded-For hop is the client; otherwise the header
  // is anyone's to write, so only Bun's socket address counts (rate limits key on it).
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  // Bun.serve hands its server to app.fetch as the env; a wrapper may nest it as env.server.
  type BunServer = { requestIP?: (r: Request) => { address: string } | null };
  const env = c.env as (BunServer & { server?: BunServer }) | undefined;
  const server = typeof env?.requestIP === "function" ? env : env?.server;
  return server?.requestIP?.(c.req.raw)?.address ?? null;
}

export function authMiddleware(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("services", services);
    c.set("meta", { ip: clientIp(c, services.config.TRUST_PROXY), userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null });
    const auth: Auth = { applicant: null, member: null, admin: null, tenant: null, viaCookie: false, tokens: {} };
    const now = services.now();

    const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (bearer) {
      const session = await validateSessionToken(services.db, bearer, now);
      if (session) {
        assign(auth, session);
        auth.tokens[session.kind] = bearer;
      }
    }
    for (const kind of ["applicant", "member", "admin", "tenant"] as const) {
      if (auth[kind]) continue;
      const token = getCookie(c, COOKIE_NAMES[kind]);
      if (!token) continue;
      const session = await validateSessionToken(services.db, token, now);
      if (session?.kind === kind) {
        assign(auth, session);
        auth.tokens[kind] = token;
        auth.viaCookie = true;
      } else {
        // An unknown or expired cookie is removed so the browser stops sending it.
        deleteCookie(c, COOKIE_NAMES[kind], { path: "/" });
      }
    }
    c.set("auth", auth);
    await next();
  };
}

function assign(auth: Auth, session: ValidSession) {
  if (session.kind === "applicant") auth.applicant = session;
  else if (session.kind === "member") auth.member = session;
  else if (session.kind === "tenant") auth.tenant = session;
  else auth.admin = session;
}

/** Where a cookie goes: a Hono context (REST routes) or the response headers of a tRPC call. */
export type CookieTarget = Context | Headers;

function writeCookie(target: CookieTarget, name: string, value: string, options: CookieOptions) {
  if (target instanceof Headers) target.append("set-cookie", serialize(name, value, options));
  else setCookie(target, name, value, options);
}

export function setSessionCookie(target: CookieTarget, services: Services, kind: SessionKind, token: string, expiresAt: Date) {
  writeCookie(target, COOKIE_NAMES[kind], token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: services.config.isProduction || services.config.PUBLIC_URL.startsWith("https://"),
    expires: expiresAt,
  });
}

export function clearSessionCookie(target: CookieTarget, kind: SessionKind) {
  if (target instanceof Headers) writeCookie(target, COOKIE_NAMES[kind], "", { path: "/", maxAge: 0, expires: new Date(0) });
  else deleteCookie(target, COOKIE_NAMES[kind], { path: "/" });
}

/**
 * CSRF (DECISIONS.md 5): a state-changing request must come from our own origin (scheme, host and
 * port) when it names one, and a request that a session cookie authenticates must name one (or
 * be marked same-origin by the browser). Requests authenticated by a bearer token alone are not
 * at risk: a browser never sends that header on its own.
 */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    if (origin) {
      if (!isSameOrigin(c, origin)) throw forbidden("Cross-site request refused.");
    } else if (c.var.auth.viaCookie) {
      const site = c.req.header("sec-fetch-site");
      if (site !== "same-origin" && site !== "none") throw forbidden("Cross-site request refused.");
    }
    return next();
  };
}

/** Whole origins compared: `https://localhost:3000` is not `http://localhost:3000`. */
function isSameOrigin(c: Context<AppEnv>, origin: string): boolean {
  const requestOrigin = new URL(c.req.url).origin;
  const configured = new URL(c.var.services.config.PUBLIC_URL).origin;
  return origin === requestOrigin || origin === configured;
}

// Guards used by REST routes; tRPC has the same as procedure tiers.
export function requireMember(c: Context<AppEnv>): MemberSession {
  const member = c.var.auth.member;
  if (!member) throw unauthorized();
  return member;
}

export function requireAdmin(c: Context<AppEnv>): AdminSession {
  const admin = c.var.auth.admin;
  if (!admin) throw c.var.auth.member ? forbidden("Administrators only.") : unauthorized();
  return admin;
}

/** After signing or signing in: the member cookie replaces the applicant cookie. */
export function switchToMemberSession(target: CookieTarget, services: Services, session: { token: string; expiresAt: Date }) {
  setSessionCookie(target, services, "member", session.token, session.expiresAt);
  clearSessionCookie(target, "applicant");
}
