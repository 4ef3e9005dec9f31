import { detailMessage } from "../../lib/errors.ts";

/**
 * Downloads the backup (GET /api/admin/export-data, streamed by the server) as the dated JSON file
 * the server names. Throws with the server's words when it refuses.
 */
export async function exportBackup(): Promise<string> {
  const response = await fetch("/api/admin/export-data", { credentials: "same-origin" });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: Parameters<typeof detailMessage>[0] } | null;
    throw new Error(detailMessage(body?.detail, `HTTP error! status: ${response.status}`));
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `association-backup-${new Date().toISOString().slice(0, 10)}.json`;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
