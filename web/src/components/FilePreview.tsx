import * as Dialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import { isPhoto } from "@shared/portal.ts";
import { Button } from "./Button.tsx";

// An uploaded file as people expect to see it (decision 0087): a photo as a small thumbnail that
// opens the picture in a dialog, anything else (a PDF) as its download link. The thumbnail and the
// picture come from the file's own route (`href`, and `href/thumbnail`), so whoever may not see
// the file sees neither.

export function FilePreview({
  file,
  href,
  label,
  size = 96,
  children,
  linkClassName = "text-brand-700 underline",
}: {
  file: { name: string; content_type: string };
  /** The file's route, e.g. `/api/portal/files/{id}`. */
  href: string;
  /** What the picture is, for the button and the dialog ("Receipt of ACE Hardware"); the file's name otherwise. */
  label?: string;
  /** The thumbnail's side in CSS pixels (the server's is 256 px at most). */
  size?: number;
  /** The link's text for a file that is not a photo (or whose thumbnail cannot be shown). */
  children?: ReactNode;
  linkClassName?: string;
}) {
  const [broken, setBroken] = useState(false);
  const title = label ?? file.name;
  if (!isPhoto(file.content_type) || broken) {
    return (
      <a href={href} download={file.name} className={linkClassName}>
        {children ?? file.name}
      </a>
    );
  }
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label={`View ${title}`}
          className="inline-block shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-50 align-middle focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <img
            src={`${href}/thumbnail`}
            alt=""
            width={size}
            height={size}
            loading="lazy"
            decoding="async"
            className="object-cover"
            style={{ width: size, height: size }}
            onError={() => setBroken(true)}
          />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl bg-white p-4 shadow-xl"
        >
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          <img src={href} alt={title} decoding="async" className="mx-auto max-h-[70vh] w-auto max-w-full object-contain" />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <a href={href} download={file.name} className="text-sm font-medium text-brand-700 underline">
              Download {file.name}
            </a>
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
