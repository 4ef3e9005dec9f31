import { z } from "zod";
import { DEMO_PAGE_PREFIX } from "../shared/routes.ts";

/** The built-in demo (PORTAL.md 1): relative, so it is on whatever origin the app is served from. */
export const BUILT_IN_DEMO_PATH = DEMO_PAGE_PREFIX;

// Every setting the server reads, validated once at start-up. A bad value stops start-up with
// one line naming the variable (see formatConfigError).

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const httpUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" });
const optionalUrl = () => optionalString.pipe(httpUrl.optional());
const url = (fallback: string) => optionalUrl().transform((v) => v ?? fallback);
const booleanSetting = optionalString
  .pipe(z.enum(["true", "false", "1", "0"], { message: "must be true or false" }).optional())
  .transform((v) => v === "true" || v === "1");

export const ZConfigSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ message: "must be a port number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    DATA_DIR: optionalString.transform((v) => v ?? "./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    PUBLIC_URL: optionalUrl(),
    ADMIN_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z.string().regex(/^(sk|rk)_(test|live)_/, "must start with sk_test_, sk_live_, rk_test_ or rk_live_").optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().startsWith("whsec_", "must start with whsec_").optional()),
    /** The signing secret of the Connect endpoint (events of owners' payout accounts), when it is a separate endpoint. */
    STRIPE_CONNECT_WEBHOOK_SECRET: optionalString.pipe(z.string().startsWith("whsec_", "must start with whsec_").optional()),
    /** Where the Stripe SDK sends its requests; only set to point at a local stand-in. */
    STRIPE_API_BASE: optionalUrl(),
    /** How long one request to Stripe may take before the SDK gives up on it (and retries it, twice). */
    STRIPE_TIMEOUT_MS: z.coerce
      .number({ message: "must be a number of milliseconds" })
      .int("must be a whole number")
      .min(100, "must be at least 100")
      .max(120_000, "must be at most 120000")
      .default(20_000),
    SMTP_URL: optionalString.pipe(
      z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
    ),
    MAIL_FROM: optionalString.transform((v) => v ?? "Illinois Landlord Association <no-reply@illinoislandlords.org>"),
    SUPPORT_EMAIL: optionalString.pipe(z.email("must be an email address").optional()).transform(
      (v) => v ?? "support@illinoislandlords.org",
    ),
    SUPPORT_PHONE: optionalString.transform((v) => v ?? "(312) 555-0142"),
    ASSOCIATION_SITE_URL: url("https://illinoislandlords.org"),
    /** Unset: this app's own demo of the owner portal on sample books (a path of PUBLIC_URL). */
    DEMO_URL: optionalUrl().transform((v) => v ?? BUILT_IN_DEMO_PATH),
    /** Behind a reverse proxy: the client's address is the first X-Forwarded-For hop (else the socket's). */
    TRUST_PROXY: booleanSetting,
    /** How much the server logs (JSON lines on standard output); unset: info, or silent under NODE_ENV=test. */
    LOG_LEVEL: optionalString.pipe(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "must be fatal, error, warn, info, debug, trace or silent" }).optional(),
    ),
    /** Opens the Prometheus metrics at /api/metrics to `Authorization: Bearer <token>`; unset, the path answers 404. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** In production, run the built-in test payment provider on purpose (no Stripe keys); every page then says TEST MODE. */
    PAYMENTS_TEST_MODE: booleanSetting,
  })
  .superRefine((env, ctx) => {
    // A production server without Stripe would take the test card and give paid plans away.
    if (env.NODE_ENV !== "production" || env.PAYMENTS_TEST_MODE) return;
    const missing = (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter((name) => !env[name]);
    if (missing.length) {
      ctx.addIssue({
        code: "custom",
        path: [missing.join(", ")],
        message: `required in production (or set PAYMENTS_TEST_MODE=true to take test payments on purpose)`,
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    isProduction: env.NODE_ENV === "production",
  }));

export type Config = z.output<typeof ZConfigSchema>;

/** Whether DEMO_URL is this app's own demo (the default), not a configured host elsewhere. */
export const isBuiltInDemo = (config: Pick<Config, "DEMO_URL">) => config.DEMO_URL === BUILT_IN_DEMO_PATH;

export class ConfigError extends Error {}

/** One line per problem: `PORT: must be a port number`. */
export function formatConfigError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`).join("\n");
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZConfigSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${formatConfigError(parsed.error)}`);
  return parsed.data;
}

/** Where the owner portal lives: in this app (DECISIONS.md 21; the external-portal setting is retired). */
export const OWNER_PORTAL_PATH = "/portal";

/** What the browser may know: links and contacts, never secrets. */
export function publicConfig(config: Config) {
  return {
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    /** The owner portal is part of this app (DECISIONS.md 21). */
    ownerPortalUrl: OWNER_PORTAL_PATH,
    associationSiteUrl: config.ASSOCIATION_SITE_URL,
    demoUrl: config.DEMO_URL,
    paymentProvider: config.STRIPE_SECRET_KEY ? ("stripe" as const) : ("test" as const),
    /** Payments are simulated: every page says TEST MODE. */
    testMode: !config.STRIPE_SECRET_KEY,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
