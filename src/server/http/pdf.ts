import type { Context } from "hono";
import type { AppEnv } from "./auth.ts";

/** A PDF the app made, as a download: never sniffed, never cached by others. */
export function pdfResponse(c: Context<AppEnv>, file: { body: Uint8Array; filename: string }) {
  return c.body(new Uint8Array(file.body), 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${file.filename}"`,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
}
