import { Button } from "../../components/Button.tsx";
import type { DownloadableDocument } from "./useDocumentDownload.ts";

export function DownloadButton({
  doc,
  busyId,
  onDownload,
}: {
  doc: DownloadableDocument;
  busyId: string | null;
  onDownload: (doc: DownloadableDocument) => void;
}) {
  const busy = busyId === doc.id;
  return (
    <Button
      variant="secondary"
      className="shrink-0 px-3 py-1.5 text-sm"
      aria-label={busy ? `Downloading ${doc.title}` : `Download ${doc.title}`}
      disabled={busyId !== null}
      onClick={() => onDownload(doc)}
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M10 3a1 1 0 0 1 1 1v7.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1h10a1 1 0 1 1 0 2H5a2 2 0 0 1-2-2 1 1 0 0 1 1-1Z" />
      </svg>
      {busy ? "Downloading..." : "Download"}
    </Button>
  );
}
