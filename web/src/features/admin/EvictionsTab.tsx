import { useId, useState } from "react";
import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_OUTCOMES,
  EVICTION_STAGE_LABELS,
  SERVICE_JOB_STATE_LABELS,
  type AttemptOutcome,
  type EvictionStage,
  type ServiceJobState,
} from "@shared/evictions.ts";
import { dateLabel } from "@shared/calendar.ts";
import { chicagoWhen } from "@shared/time.ts";
import { Button } from "../../components/Button.tsx";
import { FilePreview } from "../../components/FilePreview.tsx";
import { Field, fieldNote, inputClass } from "../../components/FormField.tsx";
import { uploadFile } from "../../lib/upload.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { CaseTimeline, CourtFacts } from "../portal/evictions/shared.tsx";
import { Card, Cell, EmptyRow, LoadFailed, Loading, notify, Table, useSessionLossGuard, when } from "./ui.tsx";

// The staff's workspace for Premium services (PORTAL.md 7.2, 7.3): the Evictions queue and a
// case's page (move stages, court facts, notes, documents), and the process server's jobs.

/** Admin "Evictions": the queue (open first, paid before unpaid) and the chosen case. */
export function EvictionsTab() {
  const [selected, setSelected] = useState<string | null>(null);
  const queue = trpc.admin.evictions.list.useQuery({ state: "all" });
  useSessionLossGuard(queue.error);
  if (selected) return <StaffCase id={selected} onBack={() => setSelected(null)} />;
  return (
    <Card title="Evictions">
      {queue.isPending ? (
        <Loading label="Loading the cases..." />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} fallback="The cases did not load." onRetry={() => void queue.refetch()} />
      ) : (
        <Table caption="Eviction cases" head={["Owner", "Where", "Ground", "Stage", "Paid", "Opened"]}>
          {queue.data.length === 0 ? (
            <EmptyRow columns={6}>No eviction case.</EmptyRow>
          ) : (
            queue.data.map((c) => (
              <tr key={c.id}>
                <Cell>{c.owner_name}</Cell>
                <Cell>
                  <button type="button" className="text-left text-brand-700 underline" onClick={() => setSelected(c.id)}>
                    {c.place}
                  </button>
                </Cell>
                <Cell>{c.ground_label}</Cell>
                <Cell>{c.stage_label}</Cell>
                <Cell>{c.paid ? "Paid" : "Unpaid"}</Cell>
                <Cell>{when(c.created_at, false)}</Cell>
              </tr>
            ))
          )}
        </Table>
      )}
    </Card>
  );
}

function StaffCase({ id, onBack }: { id: string; onBack: () => void }) {
  const formId = useId();
  const utils = trpc.useUtils();
  const found = trpc.admin.evictions.get.useQuery({ id });
  const refresh = () => utils.admin.evictions.invalidate();
  const done = (what: string) => async () => {
    notify.success(what);
    await refresh();
  };
  const failed = (error: unknown) => notify.error(errorMessage(error, "That did not work."));
  const move = trpc.admin.evictions.move.useMutation({ onSuccess: done("Stage moved; the owner is emailed."), onError: failed });
  const court = trpc.admin.evictions.court.useMutation({ onSuccess: done("Court facts saved; the owner is emailed."), onError: failed });
  const note = trpc.admin.evictions.note.useMutation({ onSuccess: done("Note added; the owner is emailed."), onError: failed });
  const [moveNote, setMoveNote] = useState("");
  const [facts, setFacts] = useState<Record<string, string>>({});
  const [body, setBody] = useState("");
  if (found.isPending) return <Loading label="Loading the case..." />;
  if (found.isError) return <LoadFailed error={found.error} fallback="The case did not load." onRetry={() => void found.refetch()} />;
  const c = found.data;
  const courtFields = [
    ["case_number", "Case number", "text"],
    ["courtroom", "Courtroom", "text"],
    ["filed_on", "Filed on", "date"],
    ["hearing_on", "Hearing on", "date"],
    ["judgment_on", "Judgment on", "date"],
    ["order_entered_on", "Order entered on", "date"],
    ["enforcement_on", "Enforcement on", "date"],
  ] as const;
  return (
    <div className="space-y-6">
      <Button variant="ghost" onClick={onBack}>
        Back to the Evictions queue
      </Button>
      <Card title={`Case: ${c.place}`}>
        <p className="text-sm text-slate-700">
          {c.owner?.name} ({c.owner?.email}, {c.owner?.membership_level}) · {c.ground_label} · {c.jurisdiction_label} · Parties:{" "}
          {c.parties.map((p) => `${p.first_name} ${p.last_name}`).join(", ")}
        </p>
        <p className="mt-2 text-lg font-semibold text-slate-900">Stage: {c.stage_label}</p>
        {!c.paid && <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900">Not paid yet: coordination starts once the owner pays for the case.</p>}
        {!c.paid && c.open && (
          <Button variant="secondary" className="mt-2 text-sm" disabled={move.isPending} onClick={() => move.mutate({ id: c.id, to: "closed", note: moveNote || "Closed by staff" })}>
            Close this case
          </Button>
        )}
        {c.paid && c.open && (
          <div className="mt-3 space-y-2">
            <Field id={`${formId}-move-note`} label="Note for the move (emailed to the owner)">
              <input id={`${formId}-move-note`} className={inputClass} value={moveNote} onChange={(e) => setMoveNote(e.target.value)} />
            </Field>
            <div className="flex flex-wrap gap-2" aria-label="Move the case">
              {c.allowed_moves.map((to) => (
                <Button key={to} variant="secondary" className="text-sm" disabled={move.isPending} onClick={() => move.mutate({ id: c.id, to, note: moveNote })}>
                  Move to {EVICTION_STAGE_LABELS[to as EvictionStage]}
                </Button>
              ))}
            </div>
            {c.moves_not_yet.length > 0 && (
              <ul className="text-sm text-slate-600" aria-label="Moves not open yet">
                {c.moves_not_yet.map((m) => (
                  <li key={m.to}>
                    {EVICTION_STAGE_LABELS[m.to as EvictionStage]}: {m.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Card>
      <Card title="Notices">
        <ul className="space-y-1 text-sm">
          {c.notices.map((n) => (
            <li key={n.id}>
              <a className="text-brand-700 underline" href={`/api/admin/evictions/${c.id}/notices/${n.id}/pdf`} download>
                {n.title}
              </a>{" "}
              (<a className="text-brand-700 underline" href={`/api/admin/evictions/${c.id}/notices/${n.id}/pdf?copy=owner`} download>
                owner's copy with the dates
              </a>){" "}
              · {n.served ? `served ${n.served_on} by ${n.served_by}` : "not served"} · ends {n.expires_on}, earliest filing {n.earliest_filing_on} (verify with counsel)
            </li>
          ))}
          {c.notices.length === 0 && <li>No notice yet.</li>}
        </ul>
      </Card>
      <Card title="Court facts">
        <CourtFacts court={c.court} />
        {c.paid && c.open && (
          <form
            className="mt-4 grid gap-3 md:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              court.mutate({ id: c.id, facts: Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== "")) });
            }}
          >
            {courtFields.map(([key, label, type]) => (
              <Field key={key} id={`${formId}-${key}`} label={label}>
                <input id={`${formId}-${key}`} type={type} className={inputClass} value={facts[key] ?? ""} onChange={(e) => setFacts({ ...facts, [key]: e.target.value })} />
              </Field>
            ))}
            <div className="flex items-end">
              <Button type="submit" disabled={court.isPending}>
                Save the Court Facts
              </Button>
            </div>
          </form>
        )}
      </Card>
      <Card title="Notes and documents">
        {c.paid && c.open && (
          <div className="grid gap-4 md:grid-cols-2">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                note.mutate({ id: c.id, body }, { onSuccess: () => setBody("") });
              }}
            >
              <Field id={`${formId}-note`} label="Staff note">
                <textarea id={`${formId}-note`} rows={3} className={inputClass} value={body} onChange={(e) => setBody(e.target.value)} />
              </Field>
              <Button type="submit" variant="secondary" className="mt-2" disabled={!body.trim() || note.isPending}>
                Add the Note
              </Button>
            </form>
            <Field id={`${formId}-doc`} label="Add a document to the case">
              <input
                id={`${formId}-doc`}
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                className={inputClass}
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  if (!file) return;
                  try {
                    await uploadFile(`/api/admin/evictions/${c.id}/documents`, file);
                    await done("Document added; the owner is emailed.")();
                  } catch (err) {
                    failed(err);
                  }
                }}
              />
            </Field>
          </div>
        )}
        <div className="mt-4">
          <CaseTimeline events={c.timeline} filePath={(fileId) => `/api/admin/premium-files/${fileId}`} />
        </div>
      </Card>
    </div>
  );
}

/** Admin "Service Jobs": the process server's queue (rush first, then by due date) and a job's page. */
export function ServiceJobsTab() {
  const [selected, setSelected] = useState<string | null>(null);
  const queue = trpc.admin.serviceJobs.list.useQuery({ state: "all" });
  useSessionLossGuard(queue.error);
  if (selected) return <StaffJob id={selected} onBack={() => setSelected(null)} />;
  return (
    <Card title="Service jobs">
      {queue.isPending ? (
        <Loading label="Loading the jobs..." />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} fallback="The jobs did not load." onRetry={() => void queue.refetch()} />
      ) : (
        <Table caption="Service jobs" head={["Person", "State", "Due", "Rush", "Server"]}>
          {queue.data.length === 0 ? (
            <EmptyRow columns={5}>No service job.</EmptyRow>
          ) : (
            queue.data.map((j) => (
              <tr key={j.id}>
                <Cell>
                  <button type="button" className="text-brand-700 underline" onClick={() => setSelected(j.id)}>
                    {j.person_name}
                  </button>
                </Cell>
                <Cell>{j.state_label}</Cell>
                <Cell>{dateLabel(j.due_on)}</Cell>
                <Cell>{j.rush ? "Rush" : ""}</Cell>
                <Cell>{j.server_name ?? "—"}</Cell>
              </tr>
            ))
          )}
        </Table>
      )}
    </Card>
  );
}

function StaffJob({ id, onBack }: { id: string; onBack: () => void }) {
  const formId = useId();
  const utils = trpc.useUtils();
  const found = trpc.admin.serviceJobs.get.useQuery({ id });
  const refresh = async (what: string) => {
    notify.success(what);
    await utils.admin.serviceJobs.invalidate();
  };
  const failed = (error: unknown) => notify.error(errorMessage(error, "That did not work."));
  const move = trpc.admin.serviceJobs.move.useMutation({ onSuccess: () => refresh("State changed; the owner is emailed."), onError: failed });
  const attempt = trpc.admin.serviceJobs.attempt.useMutation({ onSuccess: () => refresh("Attempt logged; the owner is emailed."), onError: failed });
  const [server, setServer] = useState("");
  const [address, setAddress] = useState("");
  const [outcome, setOutcome] = useState<AttemptOutcome>("served_personally");
  const [at, setAt] = useState("");
  const [note, setNote] = useState("");
  const [addressError, setAddressError] = useState<string | undefined>();
  if (found.isPending) return <Loading label="Loading the job..." />;
  if (found.isError) return <LoadFailed error={found.error} fallback="The job did not load." onRetry={() => void found.refetch()} />;
  const j = found.data;
  return (
    <div className="space-y-6">
      <Button variant="ghost" onClick={onBack}>
        Back to the Service Jobs queue
      </Button>
      <Card title={`Job: ${j.person_name}`}>
        <p className="text-sm text-slate-700">
          {[
            j.owner ? `${j.owner.name} (${j.owner.email})` : "",
            `due ${dateLabel(j.due_on)}`,
            j.rush ? "RUSH" : "",
            j.addresses.join("; "),
            j.person_description,
          ]
            .filter((part) => part.trim() !== "")
            .join(" · ")}
        </p>
        <p className="mt-2 font-semibold">State: {j.state_label}</p>
        <div className="mt-2 flex flex-wrap gap-3 text-sm">
          {j.notice_id && j.eviction_case_id && (
            <a className="text-brand-700 underline" href={`/api/admin/evictions/${j.eviction_case_id}/notices/${j.notice_id}/pdf`} download>
              The notice to serve
            </a>
          )}
          {j.documents.map((d) => (
            <FilePreview key={d.id} file={d} href={`/api/admin/premium-files/${d.id}`} size={64} />
          ))}
        </div>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          {j.allowed_moves.includes("assigned") && (
            <>
              <Field id={`${formId}-server`} label="Process server">
                <input id={`${formId}-server`} className={inputClass} value={server} onChange={(e) => setServer(e.target.value)} />
              </Field>
              <Button disabled={!server.trim()} onClick={() => move.mutate({ id: j.id, to: "assigned", server_name: server, note: "" })}>
                Assign
              </Button>
            </>
          )}
          {j.allowed_moves
            .filter((s) => s !== "assigned" && s !== "affidavit_filed")
            .map((to) => (
              <Button key={to} variant="secondary" className="text-sm" onClick={() => move.mutate({ id: j.id, to, note: "" })}>
                Mark {SERVICE_JOB_STATE_LABELS[to as ServiceJobState].toLowerCase()}
              </Button>
            ))}
        </div>
      </Card>
      {["assigned", "attempting", "not_served"].includes(j.state) && (
        <Card title="Log an attempt">
          <form
            className="grid gap-3 md:grid-cols-2"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              // Said under the field, not left to a browser bubble that some browsers never show.
              if (!address.trim()) {
                setAddressError("Enter the address where the attempt was made.");
                document.getElementById(`${formId}-address`)?.focus();
                return;
              }
              setAddressError(undefined);
              // The field's wall-clock time goes as it is: the server reads it as Chicago's, whatever this browser's zone.
              attempt.mutate({ id: j.id, attempted_at: at || new Date().toISOString(), address, outcome, note });
            }}
          >
            <Field id={`${formId}-at`} label="When (Chicago time)">
              <input id={`${formId}-at`} type="datetime-local" className={inputClass} value={at} onChange={(e) => setAt(e.target.value)} />
            </Field>
            <Field id={`${formId}-address`} label="Address attempted" error={addressError}>
              <input
                id={`${formId}-address`}
                className={inputClass}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                required
                aria-invalid={addressError ? true : undefined}
                aria-describedby={fieldNote(`${formId}-address`, addressError)}
              />
            </Field>
            <Field id={`${formId}-outcome`} label="Outcome">
              <select id={`${formId}-outcome`} className={inputClass} value={outcome} onChange={(e) => setOutcome(e.target.value as AttemptOutcome)}>
                {ATTEMPT_OUTCOMES.map((o) => (
                  <option key={o} value={o}>
                    {ATTEMPT_OUTCOME_LABELS[o]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${formId}-note`} label="Attempt note">
              <input id={`${formId}-note`} className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} />
            </Field>
            <div>
              <Button type="submit" disabled={attempt.isPending}>
                Log the Attempt
              </Button>
            </div>
          </form>
        </Card>
      )}
      {j.state === "served" && (
        <Card title="Affidavit of service">
          <Field id={`${formId}-affidavit`} label="Upload the affidavit of service (PDF)">
            <input
              id={`${formId}-affidavit`}
              type="file"
              accept="application/pdf"
              className={inputClass}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                try {
                  await uploadFile(`/api/admin/service-jobs/${j.id}/affidavit`, file);
                  await refresh("Affidavit filed; the owner is emailed.");
                } catch (err) {
                  failed(err);
                }
              }}
            />
          </Field>
        </Card>
      )}
      <Card title="Attempts and timeline">
        <ol className="space-y-1 text-sm">
          {j.timeline.map((e) => (
            <li key={e.id}>
              {when(e.at)} · {e.actor_name} · {e.kind === "attempt" ? `${e.outcome_label} at ${e.address}, attempted ${chicagoWhen(new Date(e.attempted_at!))}` : e.to_state ? e.to_state.replaceAll("_", " ") : e.kind}
              {e.note && ` — ${e.note}`}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
