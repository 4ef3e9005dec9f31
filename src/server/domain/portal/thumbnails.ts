import { isPhoto } from "../../../shared/portal.ts";
import { AppError, notFound } from "../../errors.ts";
import type { StoredFile } from "./files.ts";

// Small pictures of uploaded photos (decision 0087): the photo's file, already checked by the
// route's access rule, shrunk on the server with Bun's built-in image codecs (libjpeg-turbo,
// libspng, libwebp: no native module to install). Only photos have one; a PDF stays a link.

/** The longest side of a thumbnail, in pixels: twice the 96 px it is shown at, for sharp screens. */
export const THUMBNAIL_SIZE = 256;
/** A photo claiming more pixels than this is not decoded (a small file may claim a huge canvas). */
const MAX_PIXELS = 50_000_000;
/** Thumbnails made at once in a process: each decode holds the whole photo in memory. */
const AT_ONCE = 2;
/** Thumbnails kept in memory, by file and content (a file's bytes never change; erasing empties them). */
const KEPT = 200;

const kept = new Map<string, Uint8Array>();
let running = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface Thumbnail {
  bytes: Uint8Array;
  contentType: "image/webp";
  filename: string;
}

/** A WebP at most 256 px on its longer side (never enlarged) of a stored photo; 404 for other files. */
export async function thumbnailOf(file: StoredFile): Promise<Thumbnail> {
  if (file.deletedAt || file.sizeBytes === 0) throw notFound("This file was deleted.");
  if (!isPhoto(file.contentType)) throw notFound("Only photos have a thumbnail: download the file instead.");
  const key = `${file.id}:${file.sha256}`;
  let bytes = kept.get(key);
  if (!bytes) {
    bytes = await oneAtATime(() =>
      new Bun.Image(file.data, { maxPixels: MAX_PIXELS })
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 75 })
        .bytes(),
    ).catch((error: { code?: string }) => {
      const tooBig = error?.code === "ERR_IMAGE_TOO_MANY_PIXELS";
      throw new AppError("UNPROCESSABLE", tooBig ? "This photo is too large to preview: download it instead." : "This photo could not be read to preview it: download it instead.");
    });
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, bytes);
  }
  return { bytes, contentType: "image/webp", filename: `${file.name.replace(/\.[^.]*$/, "")}-thumbnail.webp` };
}

/** The headers a thumbnail is served with: like its file's, private and never sniffed. */
export function thumbnailHeaders(thumbnail: Thumbnail): Record<string, string> {
  return {
    "content-type": thumbnail.contentType,
    "content-length": String(thumbnail.bytes.byteLength),
    "content-disposition": `attachment; filename="${thumbnail.filename}"`,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
}
