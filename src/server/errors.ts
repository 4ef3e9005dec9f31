import type { ZodError } from "zod";

// Errors are values with codes. The HTTP status, the tRPC code and SPEC.md's error body
// (`{"detail": ...}`) are decided here, once (DECISIONS.md 20).

export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, trpc: "BAD_REQUEST" },
  UNAUTHORIZED: { status: 401, trpc: "UNAUTHORIZED" },
  FORBIDDEN: { status: 403, trpc: "FORBIDDEN" },
  NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  CONFLICT: { status: 409, trpc: "CONFLICT" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  UNPROCESSABLE: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  TOO_MANY_REQUESTS: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  PAYMENT_FAILED: { status: 402, trpc: "BAD_REQUEST" },
  NOT_IMPLEMENTED: { status: 501, trpc: "NOT_IMPLEMENTED" },
  UNAVAILABLE: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  INTERNAL: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type?: string;
}

export type ErrorDetail = string | ValidationItem[];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: ErrorDetail;
  /** Seconds to wait, for 429 answers. */
  retryAfter?: number;

  constructor(code: ErrorCode, detail: ErrorDetail, options?: { retryAfter?: number }) {
    super(typeof detail === "string" ? detail : detail.map((d) => d.msg).join("; "));
    this.name = "AppError";
    this.code = code;
    this.detail = detail;
    this.retryAfter = options?.retryAfter;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  body(): { detail: ErrorDetail } {
    return { detail: this.detail };
  }
}

export const unauthorized = (detail = "Please sign in to continue.") => new AppError("UNAUTHORIZED", detail);
export const forbidden = (detail = "You do not have access to this.") => new AppError("FORBIDDEN", detail);
export const notFound = (detail = "Not found.") => new AppError("NOT_FOUND", detail);

/** Zod issues as SPEC.md's validation body: `[{loc, msg}]`. */
export function validationError(error: ZodError, where: "body" | "query" | "path" = "body"): AppError {
  const items: ValidationItem[] = error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
  return new AppError("UNPROCESSABLE", items);
}

/**
 * Database errors that are not the server's fault, as the answer they deserve. A value the database
 * refuses as data (SQLSTATE class 22: a NUL byte, invalid text for a type, a number out of range)
 * is the caller's bad input: 400, never 500. A database that cannot be reached, ended the
 * connection or is out of resources (a restart, a failover: SQLSTATE classes 08, 53 and 57, or
 * the driver's and the socket's own codes) is a 503 to retry in a moment.
 */
export function fromDatabaseError(error: unknown): AppError | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (/^22[0-9A-Z]{3}$/.test(code)) return new AppError("BAD_REQUEST", "The request contains a value that is not valid here.");
    if (DATABASE_UNAVAILABLE.test(code)) return databaseUnavailable();
  }
  return null;
}

/** The database is not answering: a 503 with the seconds to wait before trying again. */
export const databaseUnavailable = () =>
  new AppError("UNAVAILABLE", "The membership database is not answering. Please try again in a moment.", { retryAfter: 5 });

/** Whether an error (or its cause) says the database cannot be reached or ended the connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return fromDatabaseError(error)?.code === "UNAVAILABLE";
}

/**
 * Whether an error (or its cause) is one PostgreSQL raised about the statement: it carries an
 * SQLSTATE that is not about the server's state (see isDatabaseUnavailable). Such an error would
 * recur for the same statement; the others are the same for every statement.
 */
export function isStatementError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return !DATABASE_UNAVAILABLE.test(code);
  }
  return false;
}

const DATABASE_UNAVAILABLE =
  /^((08|53|57)[0-9A-Z]{3}|CONNECTION_(CLOSED|DESTROYED|ENDED)|CONNECT_TIMEOUT|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)$/;
