import { detailMessage } from "./errors.ts";

/**
 * Sends one file (and text fields) as a multipart form to a REST upload path, as the browser's
 * session: tRPC carries JSON only, so photos and documents go to /api/... directly. Answers the
 * route's JSON; a refusal throws an Error with the server's words (type, size, who may).
 */
export async function uploadFile<T>(path: string, file: File, fields: Record<string, string> = {}): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("file", file);
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new Error("The upload did not reach the server. Check your connection and try again.");
  }
  const body = (await response.json().catch(() => null)) as { detail?: Parameters<typeof detailMessage>[0] } | null;
  if (!response.ok) throw new Error(detailMessage(body?.detail, `The upload failed (status ${response.status}).`));
  return body as T;
}

/** What the file inputs accept (the server decides from the content). */
export const ACCEPTED_UPLOADS = "image/jpeg,image/png,image/webp,application/pdf";
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Said before sending what the server would refuse anyway: too big. */
export function uploadProblem(file: File | null | undefined): string | null {
  if (!file) return "Choose a file.";
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}
