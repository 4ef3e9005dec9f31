import { expect } from "bun:test";
import { PDFDocument } from "pdf-lib";

// Small real files for upload tests: the server reads a file's type from its content.

/** A 2x2 orange PNG. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP438AARAwQCgAt7gX9iz9uhAAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** A one-page PDF. */
export async function pdfBytes(text = "Lease"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return doc.save();
}

/** Files the portal refuses (415), each named as if it were a photo. */
export const REFUSED_FILES = {
  gif: { name: "leak.png", bytes: new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;") },
  html: { name: "photo.jpg", bytes: new TextEncoder().encode("<!doctype html><script>alert(1)</script>") },
  exe: { name: "photo.webp", bytes: Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]) },
};

/** A real PNG photo of the given size (the orange square, stretched), for thumbnails. */
export function photoBytes(width: number, height: number): Promise<Uint8Array> {
  return new Bun.Image(PNG_BYTES).resize(width, height, { fit: "fill", filter: "nearest" }).png().bytes();
}

/** A thumbnail answer's picture: a WebP whose longer side is at most 256 px. */
export async function thumbnailSize(res: { status: number; body: Uint8Array; headers: Headers }) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/webp");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  return new Bun.Image(res.body).metadata();
}
