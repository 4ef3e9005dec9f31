import { useCallback, useState } from "react";
import { useAlert } from "../../components/alert.tsx";
import { detailMessage } from "../../lib/errors.ts";

export interface DownloadableDocument {
  id: string;
  title: string;
  file_name: string;
}

/**
 * Downloads a document the server serves to this member (SPEC.md 4 "Document download"): the
 * button reads "Downloading..." meanwhile, then the file is saved and a confirmation appears.
 */
export function useDocumentDownload() {
  const alert = useAlert();
  const [busyId, setBusyId] = useState<string | null>(null);

  const download = useCallback(
    async (doc: DownloadableDocument) => {
      setBusyId(doc.id);
      try {
        const response = await fetch(`/api/portal/documents/${encodeURIComponent(doc.id)}/download`, { credentials: "same-origin" });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { detail?: string } | null;
          throw new Error(detailMessage(body?.detail, `HTTP error! status: ${response.status}`));
        }
        const blob = await response.blob();
        const url = URL.createObjectURL(blob);
        const link = document.createElement("a");
        link.href = url;
        link.download = doc.file_name;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        setBusyId(null);
        await alert({ title: `Downloaded: ${doc.title}`, message: `The file ${doc.file_name} was saved to your Downloads folder.` });
      } catch (error) {
        setBusyId(null);
        await alert({ title: "Download failed", message: error instanceof Error ? error.message : "Please try again." });
      }
    },
    [alert],
  );

  return { download, busyId };
}
