import { useId, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { EVICTION_STAGE_LABELS, NOTICES_FOR_GROUND, SERVICE_METHOD_LABELS, SERVICE_METHODS, type NoticeKindKey, type ServiceMethod } from "@shared/evictions.ts";
import { chicagoToday } from "@shared/calendar.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { FilePreview } from "../../../components/FilePreview.tsx";
import { isPhoto } from "@shared/portal.ts";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { AttachFile } from "../services/AttachFile.tsx";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { usePortalApi } from "../portal-api.ts";
import { CaseTimeline, Counsel, CourtFacts, Fact, type EvictionCase } from "./shared.tsx";

/** /portal/evictions/:id: the case, its notices and their service, court facts, documents, notes and timeline. */
export default function CasePage({ canWrite }: { canWrite: boolean }) {
  const { id = "" } = useParams();
  const utils = trpc.useUtils();
  const found = trpc.member.evictions.get.useQuery({ id });
  // The notices' PDFs under the portal's API, or the demo's.
  const api = usePortalApi();
  const inPortalApi = (path: string) => path.replace(/^\/api\/portal(?=\/)/, api);
  const refresh = () => utils.member.evictions.invalidate();
  if (found.isPending) return <Working label="Loading the case..." />;
  if (found.isError) return <Failed error={found.error} what="this case" />;
  const c = found.data;
  return (
    <div className="space-y-6">
      <Section title={`Eviction case: ${c.place}`} actions={<span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{c.stage_label}</span>}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
          <Fact label="Ground" value={c.ground_label} />
          <Fact label="Jurisdiction" value={c.jurisdiction_label} />
          <Fact label="Parties" value={c.parties.map((p) => `${p.first_name} ${p.last_name}`).join(", ") || "—"} />
          <Fact label="Coordination" value={c.paid ? "Paid: staff coordinate" : "Not paid yet"} />
        </dl>
        {!c.paid && c.open && <PayForCase c={c} canWrite={canWrite} />}
        {!c.paid && c.open && canWrite && <OwnMoves c={c} onDone={refresh} />}
        {c.open && c.moves_not_yet.length > 0 && (
          <ul className="mt-3 space-y-1 text-sm text-slate-600" aria-label="What waits for a date">
            {c.moves_not_yet.map((m) => (
              <li key={m.to}>
                {EVICTION_STAGE_LABELS[m.to]}: {m.reason}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Notices">
        {c.notices.length === 0 && <p className="text-sm text-slate-600">No notice yet. Prepare it here, print it, serve it, then record its service.</p>}
        <ul className="space-y-4" aria-label="Notices">
          {c.notices.map((n) => (
            <li key={n.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">
                  {n.title} <span className="text-sm font-normal text-slate-500">({n.statute})</span>
                </p>
                <span className="flex flex-wrap gap-2">
                  <a className={buttonClass("secondary", "text-sm")} href={inPortalApi(n.pdf_path)} download>
                    Download the {n.title} PDF
                  </a>
                  <a className={buttonClass("ghost", "text-sm")} href={inPortalApi(n.owner_pdf_path)} download>
                    Your copy with the dates
                  </a>
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
                {n.kind === "5_day" && <Fact label="Rent demanded" value={money(n.amount_demanded_cents)} />}
                <Fact label="Served" value={n.served ? `${day(n.served_on)} by ${n.served_by}` : "Not yet"} />
                {n.terminates_on ? (
                  <Fact label={n.served ? "Tenancy ends" : "Tenancy ends if served today"} value={day(n.terminates_on)} counsel />
                ) : (
                  <Fact label={n.served ? "Notice period ends" : "Ends if served today"} value={day(n.expires_on)} counsel />
                )}
                <Fact label="Earliest filing" value={day(n.earliest_filing_on)} counsel />
              </dl>
              {n.service_window && (
                <p className="mt-2 text-sm text-slate-700">
                  Serve it from {day(n.service_window.from)} through {day(n.service_window.to)} to end the tenancy year on {day(n.terminates_on ?? n.expires_on)}.
                </p>
              )}
              <p className="mt-2 text-xs text-slate-500">{n.rule}</p>
              {n.notes.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900" aria-label="About these dates">
                  {n.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              )}
              {n.served && n.service_method && <p className="mt-2 text-sm text-slate-600">Service: {SERVICE_METHOD_LABELS[n.service_method]}</p>}
              {!n.served && canWrite && c.open && <RecordService caseId={c.id} noticeId={n.id} onDone={refresh} />}
            </li>
          ))}
        </ul>
        {canWrite && c.open && <PrepareNotice c={c} onDone={refresh} />}
      </Section>

      <Section title="Court">
        <CourtFacts court={c.court} />
      </Section>

      <Section
        title="Documents"
        actions={
          c.open &&
          canWrite && (
            <Link to={`/portal/service-jobs?case=${c.id}`} className={buttonClass("secondary", "text-sm")}>
              Send to the Process Server
            </Link>
          )
        }
      >
        {c.documents.length === 0 ? (
          <p className="text-sm text-slate-600">No documents yet.</p>
        ) : (
          <ul className="text-sm" aria-label="Case documents">
            {c.documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2 py-1">
                <FilePreview file={d} href={`/api/portal/files/${d.id}`} size={64} />
                <span className="text-slate-500">
                  {isPhoto(d.content_type) && `${d.name}, `}added by {d.added_by}
                </span>
              </li>
            ))}
          </ul>
        )}
        {c.service_jobs.length > 0 && (
          <ul className="mt-3 text-sm" aria-label="Service jobs of this case">
            {c.service_jobs.map((j) => (
              <li key={j.id}>
                <Link className="text-brand-700 underline" to={`/portal/service-jobs/${j.id}`}>
                  Service job for {j.person_name}
                </Link>{" "}
                ({j.state.replaceAll("_", " ")})
              </li>
            ))}
          </ul>
        )}
        {canWrite && c.open && <DocumentAndNote caseId={c.id} onDone={refresh} />}
      </Section>

      <Section title="Timeline">
        <CaseTimeline events={c.timeline} filePath={(fileId) => `/api/portal/files/${fileId}`} />
      </Section>

      <Section title="What the association's staff did">
        {c.staff_activity.length === 0 ? (
          <p className="text-sm text-slate-600">No one on the association's staff has opened this case.</p>
        ) : (
          <ul aria-label="Staff activity on this case" className="space-y-1 text-sm text-slate-700">
            {c.staff_activity.map((a, i) => (
              <li key={i}>
                {a.who}: {a.label.toLowerCase()} · <time dateTime={a.at}>{new Date(a.at).toLocaleString("en-US", { timeZone: "America/Chicago", dateStyle: "medium", timeStyle: "short" })}</time>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function PayForCase({ c, canWrite }: { c: EvictionCase; canWrite: boolean }) {
  const buy = trpc.member.owner.purchases.start.useMutation({ onSuccess: (answer) => window.location.assign(answer.checkout_url ?? `/portal/evictions/${c.id}`) });
  return (
    <div role="note" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        Pay to start coordination: eviction coordination is {money(c.price_cents ?? 0)} for this case. You can prepare and serve the notice now; our staff start once the case is paid.
      </p>
      {canWrite && (
        <Button className="mt-2" disabled={buy.isPending} onClick={() => buy.mutate({ item: "eviction_case", reference: c.id })}>
          Pay {money(c.price_cents ?? 0)} to Start Coordination
        </Button>
      )}
      <FormError error={buy.error} fallback="The checkout did not start." />
    </div>
  );
}

/** An unpaid case is the owner's to move: its progress, or withdrawing it (a case opened by mistake). */
function OwnMoves({ c, onDone }: { c: EvictionCase; onDone: () => Promise<void> }) {
  const move = trpc.member.evictions.move.useMutation({ onSuccess: onDone });
  const progress = c.allowed_moves.filter((to) => to !== "closed");
  return (
    <div className="mt-4 space-y-2 text-sm">
      <div className="flex flex-wrap gap-2" aria-label="Record the case's progress">
        {progress.map((to) => (
          <Button key={to} variant="secondary" className="text-sm" disabled={move.isPending} onClick={() => move.mutate({ id: c.id, to, note: "" })}>
            Mark {EVICTION_STAGE_LABELS[to].toLowerCase()}
          </Button>
        ))}
        <Button variant="ghost" className="text-sm text-red-700" disabled={move.isPending} onClick={() => move.mutate({ id: c.id, to: "closed", note: "" })}>
          Withdraw this case
        </Button>
      </div>
      <FormError error={move.error} fallback="The case did not move." />
    </div>
  );
}

function PrepareNotice({ c, onDone }: { c: EvictionCase; onDone: () => Promise<void> }) {
  const id = useId();
  const kinds = NOTICES_FOR_GROUND[c.ground];
  const [kind, setKind] = useState<NoticeKindKey>(kinds[0]!);
  const [breach, setBreach] = useState("");
  const prepare = trpc.member.evictions.addNotice.useMutation({ onSuccess: onDone });
  return (
    <form
      className="mt-5 grid gap-3 border-t border-slate-100 pt-4 md:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        prepare.mutate({ id: c.id, notice: { kind, breach, posting_confirmed: false } });
      }}
    >
      <Field id={`${id}-kind`} label="Notice">
        <select id={`${id}-kind`} className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as NoticeKindKey)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {k.replace("_", "-")} notice
            </option>
          ))}
        </select>
      </Field>
      {kind === "10_day" && (
        <Field id={`${id}-breach`} label="The breach of the lease">
          <textarea id={`${id}-breach`} rows={2} className={inputClass} value={breach} maxLength={2000} onChange={(e) => setBreach(e.target.value)} />
        </Field>
      )}
      <div className="md:col-span-2">
        <p className="mb-2 text-sm text-slate-600">
          A 5-day notice demands the unpaid rent from the ledger only, never late fees or other charges.
          <Counsel />
        </p>
        <Button type="submit" disabled={prepare.isPending}>
          Prepare the Notice
        </Button>
        <FormError error={prepare.error} fallback="The notice was not prepared." />
      </div>
    </form>
  );
}

function RecordService({ caseId, noticeId, onDone }: { caseId: string; noticeId: string; onDone: () => Promise<void> }) {
  const id = useId();
  const [servedOn, setServedOn] = useState(chicagoToday(new Date()));
  const [method, setMethod] = useState<ServiceMethod>("personal");
  const [servedBy, setServedBy] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const record = trpc.member.evictions.recordService.useMutation({ onSuccess: onDone });
  return (
    <form
      aria-label="Record service"
      className="mt-4 grid gap-3 border-t border-slate-100 pt-3 md:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate({ id: caseId, noticeId, served_on: servedOn, service_method: method, served_by: servedBy, posting_confirmed: confirmed });
      }}
    >
      <Field id={`${id}-on`} label="Served on">
        <input id={`${id}-on`} type="date" className={inputClass} value={servedOn} max={chicagoToday(new Date())} onChange={(e) => setServedOn(e.target.value)} required />
      </Field>
      <Field id={`${id}-how`} label="How it was served">
        <select id={`${id}-how`} className={inputClass} value={method} onChange={(e) => setMethod(e.target.value as ServiceMethod)}>
          {SERVICE_METHODS.map((m) => (
            <option key={m} value={m}>
              {SERVICE_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-by`} label="Served by">
        <input id={`${id}-by`} className={inputClass} value={servedBy} maxLength={200} onChange={(e) => setServedBy(e.target.value)} required />
      </Field>
      {method === "posting" && (
        <label className="flex items-center gap-2 text-sm text-slate-800 md:col-span-3">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          No one is in possession of the premises
        </label>
      )}
      <div className="md:col-span-3">
        <Button type="submit" disabled={record.isPending}>
          Record Service
        </Button>
        <FormError error={record.error} fallback="The service was not recorded." />
      </div>
    </form>
  );
}

function DocumentAndNote({ caseId, onDone }: { caseId: string; onDone: () => Promise<void> }) {
  const id = useId();
  const [body, setBody] = useState("");
  const note = trpc.member.evictions.note.useMutation({
    onSuccess: async () => {
      setBody("");
      await onDone();
    },
  });
  return (
    <div className="mt-5 grid gap-6 border-t border-slate-100 pt-4 md:grid-cols-2">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          note.mutate({ id: caseId, body });
        }}
      >
        <Field id={`${id}-note`} label="Add a note">
          <textarea id={`${id}-note`} rows={3} className={inputClass} value={body} maxLength={4000} onChange={(e) => setBody(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary" className="mt-2" disabled={note.isPending || !body.trim()}>
          Add the Note
        </Button>
        <FormError error={note.error} fallback="The note was not added." />
      </form>
      <AttachFile path={`/api/portal/evictions/${caseId}/documents`} label="Add a document (PDF or photo)" onDone={() => void onDone()} />
    </div>
  );
}
