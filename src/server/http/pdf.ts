import type { Context } from "hono";
import type { AppEnv } from "./auth.ts";
import { download } from "./download.ts";

/** A PDF the app made, as a download (download.ts: never inline, never sniffed, never cached by others). */
export const pdfResponse = (c: Context<AppEnv>, file: { body: Uint8Array; filename: string }) => download(c, { ...file, contentType: "application/pdf" });
