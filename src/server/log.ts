import { format } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config.ts";

// Structured logs: one JSON object per line on standard output (pino), which journald or any log
// shipper reads. What a line may hold is decided here and in the request logger
// (http/observe.ts): never a body, a cookie, an Authorization header, a query string (a link's
// `token=` rides there) or an email address.

export type { Logger };

/** Keys that must never reach a log line, wherever an object carrying them is logged. */
const REDACTED = [
  "password",
  "*.password",
  "token",
  "*.token",
  "access_token",
  "*.access_token",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "email",
  "*.email",
  "headers",
  "*.headers",
];

/** Email addresses inside free text (an error message that quotes one). */
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;
/** Query strings and tokens inside free text (`...?token=abc`, `Bearer abc`). */
const SECRET_IN_TEXT = /([?&](?:token|code|session_id)=)[^&\s"']+|(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/** Text safe to log: addresses and secrets in it are masked. */
export function scrub(text: string): string {
  return text.replace(EMAIL, "[email]").replace(SECRET_IN_TEXT, (_m, query: string | undefined, bearer: string | undefined) => `${query ?? bearer}[redacted]`);
}

/** An error as a log field: its type, message and stack, with addresses and secrets masked. */
function errorField(error: unknown) {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  return { type: error.name, message: scrub(error.message), stack: error.stack ? scrub(error.stack) : undefined };
}

/** Standard output, opened once for every logger of the process (written asynchronously). */
let stdout: ReturnType<typeof pino.destination> | undefined;

/**
 * Writes out every line still queued for standard output, for a process about to exit. pino's
 * `flush(cb)` is no such promise: with sonic-boom's default `minLength` of 0 it calls back at once,
 * while a line may still be waiting for the write in flight (a stopping server lost its last
 * line, "stopped", that way). Standard output itself stays open.
 */
export function endLogs(): Promise<void> {
  const out = stdout;
  if (!out) return Promise.resolve();
  return new Promise((done) => {
    out.once("close", () => done());
    out.once("error", () => done());
    try {
      out.end();
    } catch {
      done(); // Ended already.
    }
  });
}

export function createLogger(config: Pick<Config, "LOG_LEVEL">, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      base: undefined,
      messageKey: "msg",
      redact: { paths: REDACTED, censor: "[redacted]" },
      serializers: { err: errorField },
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? (stdout ??= pino.destination({ dest: 1, sync: false })),
  );
}

/**
 * Sends what the process writes with console.log/warn/error (start-up lines, a worker's failure)
 * through the logger, so every line on standard output is JSON. Only the server's entry point does
 * this; tests keep their console.
 */
export function routeConsoleTo(logger: Logger) {
  const write = (level: "info" | "warn" | "error") => (...args: unknown[]) => {
    const error = args.find((a) => a instanceof Error);
    const text = scrub(format(...args.map((a) => (a instanceof Error ? a.message : a))));
    if (error) logger[level]({ err: error }, text);
    else logger[level](text);
  };
  console.log = write("info");
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
}
