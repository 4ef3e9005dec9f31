import { useId, useState } from "react";
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceCategory,
  type MaintenancePriority,
  type MaintenanceStatus,
} from "@shared/portal.ts";
import { Button } from "../../../components/Button.tsx";
import { FilePreview } from "../../../components/FilePreview.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { ACCEPTED_UPLOADS, uploadProblem } from "../../../lib/upload.ts";

// Maintenance requests as both sides see them (PORTAL.md 5): badges, the timeline, the fields of
// a new request, and the comment and photo forms. The owner and the tenant pages compose these.

const STATUS_STYLE: Record<MaintenanceStatus, string> = {
  submitted: "bg-sky-100 text-sky-900",
  acknowledged: "bg-indigo-100 text-indigo-900",
  in_progress: "bg-amber-100 text-amber-900",
  on_hold: "bg-slate-200 text-slate-800",
  completed: "bg-green-100 text-green-800",
  closed: "bg-slate-100 text-slate-700",
  declined: "bg-red-100 text-red-800",
  cancelled: "bg-slate-100 text-slate-700",
};

export function RequestStatusBadge({ status }: { status: MaintenanceStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>{MAINTENANCE_STATUS_LABELS[status]}</span>;
}

export const PRIORITY_LABELS: Record<MaintenancePriority, string> = { emergency: "Emergency", high: "High", normal: "Normal", low: "Low" };
const PRIORITY_HINTS: Record<MaintenancePriority, string> = {
  emergency: "No heat, no water, a gas smell, flooding, a door that will not lock",
  high: "Something that stops you using a room or an appliance",
  normal: "Needs fixing, but can wait a few days",
  low: "Whenever convenient",
};

export function PriorityBadge({ priority }: { priority: MaintenancePriority }) {
  const style = priority === "emergency" ? "bg-red-700 text-white" : priority === "high" ? "bg-orange-100 text-orange-900" : "bg-slate-100 text-slate-700";
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>{PRIORITY_LABELS[priority]}</span>;
}

export interface TimelineEvent {
  id: string;
  kind: "submitted" | "transition" | "comment" | "photo" | "photo_deleted" | "assigned";
  from_status: MaintenanceStatus | null;
  to_status: MaintenanceStatus | null;
  note: string;
  actor_name: string;
  file: { id: string; name: string; content_type: string; size_bytes: number; deleted: { at: string; by: string } | null } | null;
  at: string;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { timeZone: "America/Chicago", dateStyle: "medium", timeStyle: "short" });

function eventTitle(event: TimelineEvent): string {
  switch (event.kind) {
    case "submitted":
      return "Request sent";
    case "transition":
      return `Moved to ${MAINTENANCE_STATUS_LABELS[event.to_status!].toLowerCase()}`;
    case "comment":
      return "Comment";
    case "photo":
      return "Photo or file added";
    case "photo_deleted":
      return "Photo or file deleted";
    case "assigned":
      return "Contractor assigned";
  }
}

/**
 * Who did what and when, oldest first; photos show as thumbnails that open the picture, other
 * files link to their download (`filePath` names the side's route). The owner may delete a file (`onDeleteFile`): the record of it stays.
 */
export function Timeline({
  events,
  filePath,
  onDeleteFile,
}: {
  events: TimelineEvent[];
  filePath: (id: string) => string;
  onDeleteFile?: (file: { id: string; name: string }) => void;
}) {
  return (
    <ol aria-label="Timeline" className="space-y-3">
      {events.map((event) => (
        <li key={event.id} className="rounded-lg border border-slate-200 p-3">
          <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold text-slate-900">{eventTitle(event)}</span>
            <span className="text-xs text-slate-500">
              {event.actor_name} · <time dateTime={event.at}>{when(event.at)}</time>
            </span>
          </p>
          {event.note && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{event.note}</p>}
          {event.file && event.kind === "photo" && event.file.deleted && (
            <p className="mt-1 text-sm text-slate-600">
              {event.file.name}: deleted by {event.file.deleted.by} on {when(event.file.deleted.at)}.
            </p>
          )}
          {event.file && event.kind === "photo" && !event.file.deleted && (
            <span className="mt-1 flex flex-wrap items-center gap-3">
              <FilePreview file={event.file} href={filePath(event.file.id)} linkClassName="text-sm font-medium text-brand-700 underline">
                Download {event.file.name} ({Math.max(1, Math.round(event.file.size_bytes / 1024))} KB)
              </FilePreview>
              {onDeleteFile && (
                <button type="button" className="text-sm text-red-700 underline" onClick={() => onDeleteFile({ id: event.file!.id, name: event.file!.name })}>
                  Delete {event.file.name}
                </button>
              )}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

export interface RequestDraft {
  title: string;
  description: string;
  category: MaintenanceCategory | "";
  priority: MaintenancePriority;
  permission_to_enter: boolean;
}
export const EMPTY_DRAFT: RequestDraft = { title: "", description: "", category: "", priority: "normal", permission_to_enter: false };

/** The fields every new request has: what, where it is wrong, how urgent, may someone come in. */
export function RequestFields({ draft, onChange, errors }: { draft: RequestDraft; onChange: (draft: RequestDraft) => void; errors: Partial<Record<keyof RequestDraft, string>> }) {
  const id = useId();
  return (
    <div className="space-y-4">
      <Field id={`${id}-title`} label="What is wrong?" hint="A few words, like “Kitchen sink leaks”" error={errors.title}>
        <input id={`${id}-title`} className={inputClass} value={draft.title} maxLength={120} aria-invalid={Boolean(errors.title)} onChange={(e) => onChange({ ...draft, title: e.target.value })} />
      </Field>
      <Field id={`${id}-description`} label="Describe the problem" hint="Where it is, since when, anything you tried" error={errors.description}>
        <textarea
          id={`${id}-description`}
          rows={4}
          className={inputClass}
          value={draft.description}
          maxLength={4000}
          aria-invalid={Boolean(errors.description)}
          onChange={(e) => onChange({ ...draft, description: e.target.value })}
        />
      </Field>
      <Field id={`${id}-category`} label="Category" error={errors.category}>
        <select
          id={`${id}-category`}
          className={inputClass}
          value={draft.category}
          aria-invalid={Boolean(errors.category)}
          onChange={(e) => onChange({ ...draft, category: e.target.value as MaintenanceCategory })}
        >
          <option value="">Choose a category</option>
          {MAINTENANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {MAINTENANCE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How urgent is it?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {MAINTENANCE_PRIORITIES.map((p) => (
            <label key={p} className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm ${draft.priority === p ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
              <input type="radio" name={`${id}-priority`} value={p} checked={draft.priority === p} onChange={() => onChange({ ...draft, priority: p })} />
              <span>
                <span className="font-semibold text-slate-900">{PRIORITY_LABELS[p]}</span>
                <span className="block text-xs text-slate-600">{PRIORITY_HINTS[p]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-1" checked={draft.permission_to_enter} onChange={(e) => onChange({ ...draft, permission_to_enter: e.target.checked })} />
        <span>Someone may enter the home to fix this when no one is there</span>
      </label>
    </div>
  );
}

/** Checks a draft the way the server will, so the form can say what is missing before sending. */
export function draftErrors(draft: RequestDraft): Partial<Record<keyof RequestDraft, string>> {
  const errors: Partial<Record<keyof RequestDraft, string>> = {};
  if (draft.title.trim().length < 3) errors.title = "Say in a few words what is wrong";
  if (!draft.description.trim()) errors.description = "Describe the problem";
  if (!draft.category) errors.category = "Choose a category";
  return errors;
}

/** A comment on a request. */
export function CommentForm({ onSend, pending, error }: { onSend: (body: string) => Promise<unknown>; pending: boolean; error: unknown }) {
  const id = useId();
  const [body, setBody] = useState("");
  return (
    <form
      className="space-y-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!body.trim()) return;
        await onSend(body.trim());
        setBody("");
      }}
    >
      <Field id={id} label="Add a comment">
        <textarea id={id} rows={3} className={inputClass} value={body} maxLength={4000} onChange={(e) => setBody(e.target.value)} />
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error, "The comment was not saved.")}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="text-sm" disabled={pending || !body.trim()}>
        {pending ? "Sending..." : "Send comment"}
      </Button>
    </form>
  );
}

/** Adds a photo or PDF to a request (JPEG, PNG, WebP or PDF, 10 MB at most). */
export function PhotoForm({ onUpload, label = "Add a photo" }: { onUpload: (file: File) => Promise<unknown>; label?: string }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className="space-y-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const problem = uploadProblem(file);
        if (problem) return setError(problem);
        setPending(true);
        setError(null);
        try {
          await onUpload(file!);
          setFile(null);
          (e.target as HTMLFormElement).reset();
        } catch (err) {
          setError(errorMessage(err, "The file was not added."));
        } finally {
          setPending(false);
        }
      }}
    >
      <Field id={id} label={label} hint="A photo (JPEG, PNG or WebP) or a PDF, up to 10 MB" error={error ?? undefined}>
        <input id={id} type="file" accept={ACCEPTED_UPLOADS} className="mt-1 block w-full text-sm" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      <Button type="submit" variant="secondary" className="text-sm" disabled={pending || !file}>
        {pending ? "Uploading..." : "Upload"}
      </Button>
    </form>
  );
}
