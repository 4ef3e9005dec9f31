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
