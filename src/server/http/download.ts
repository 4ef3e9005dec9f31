import type { Context } from "hono";
import type { StoredFile } from "../domain/portal/files.ts";
import { thumbnailHeaders, thumbnailOf } from "../domain/portal/thumbnails.ts";
import type { AppEnv } from "./auth.ts";

/** A file the API hands over (a report, a notice, a receipt): its bytes or text, its name and type. */
export interface DownloadFile {
  body: Uint8Array | string;
  filename: string;
  contentType: string;
}

/** A file as a download: never shown inline, never sniffed, never cached by anyone else. */
export function download(c: Context<AppEnv>, file: DownloadFile) {
  return c.body(typeof file.body === "string" ? file.body : new Uint8Array(file.body), 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
}

/** A stored photo's thumbnail (decision 0087); the caller has checked who may see the photo. */
export async function thumbnail(c: Context<AppEnv>, file: StoredFile) {
  const made = await thumbnailOf(file);
  return c.body(new Uint8Array(made.bytes), 200, thumbnailHeaders(made));
}
