import { isPhoto } from "@shared/portal.ts";
import { FilePreview } from "../../../components/FilePreview.tsx";
import type { RouterOutputs } from "../../../trpc.ts";
import { day } from "../owner/ui.tsx";

export type EvictionCase = RouterOutputs["member"]["evictions"]["get"];
export type ServiceJob = RouterOutputs["member"]["serviceJobs"]["get"];

/** Every date the app computes carries this: a court decides. */
export function Counsel() {
  return <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">verify with counsel</span>;
}

export function Fact({ label, value, counsel = false }: { label: string; value: string; counsel?: boolean }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">
        {value}
        {counsel && <Counsel />}
      </dd>
    </div>
  );
}

/** A case's timeline: every change, who made it and when; photos show as thumbnails, other files link to `filePath`. */
export function CaseTimeline({ events, filePath }: { events: EvictionCase["timeline"]; filePath: (fileId: string) => string }) {
  return (
    <ol className="space-y-3" aria-label="Case timeline">
      {events.map((e) => (
        <li key={e.id} className="border-l-2 border-brand-200 pl-3 text-sm">
          <p className="text-slate-500">
            {new Date(e.at).toLocaleString("en-US", { timeZone: "America/Chicago", dateStyle: "medium", timeStyle: "short" })} · {e.actor_name}
          </p>
          <p className="text-slate-900">
            {e.kind === "stage" && e.to_stage ? `Stage: ${e.to_stage.replaceAll("_", " ")}` : e.kind.replaceAll("_", " ")}
            {e.note && <span className="text-slate-700"> — {e.note}</span>}
            {e.file && !isPhoto(e.file.content_type) && (
              <>
                {" · "}
                <FilePreview file={e.file} href={filePath(e.file.id)} />
              </>
            )}
          </p>
          {e.file && isPhoto(e.file.content_type) && (
            <p className="mt-1">
              <FilePreview file={e.file} href={filePath(e.file.id)} size={64} />
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

export function CourtFacts({ court }: { court: EvictionCase["court"] }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
        <Fact label="Case number" value={court.case_number ?? "—"} />
        <Fact label="Courtroom" value={court.courtroom ?? "—"} />
        <Fact label="Filed" value={day(court.filed_on)} />
        <Fact label="Hearing" value={day(court.hearing_on)} />
        <Fact label="Judgment" value={day(court.judgment_on)} />
        <Fact label="Order entered" value={day(court.order_entered_on)} />
        <Fact label="Order enforceable through" value={day(court.order_enforceable_through)} counsel={court.order_enforceable_through !== null} />
        <Fact label="Enforcement" value={day(court.enforcement_on)} />
      </dl>
      {court.warnings.map((w) => (
        <p key={w} role="note" className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {w}
        </p>
      ))}
    </>
  );
}
