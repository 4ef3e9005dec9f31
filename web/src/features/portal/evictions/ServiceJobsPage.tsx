import { useEffect, useId, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { chicagoToday, plusDays } from "@shared/calendar.ts";
import { chicagoWhen } from "@shared/time.ts";
import { Button } from "../../../components/Button.tsx";
import { FilePreview } from "../../../components/FilePreview.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { AttachFile } from "../services/AttachFile.tsx";
import { day, Failed, FormError, Section, Working } from "../owner/ui.tsx";
import { Fact } from "./shared.tsx";

/** /portal/service-jobs: the owner's jobs for the process server, and a new one (?case=ID for a case's). */
export function ServiceJobsPage({ canWrite }: { canWrite: boolean }) {
  const [params] = useSearchParams();
  const jobs = trpc.member.serviceJobs.list.useQuery();
  return (
    <div className="space-y-6">
      {canWrite && <NewJob caseId={params.get("case")} />}
      <Section title="Process server jobs">
        {jobs.isPending ? (
          <Working label="Loading your jobs..." />
        ) : jobs.isError ? (
          <Failed error={jobs.error} what="your service jobs" />
        ) : jobs.data.length === 0 ? (
          <p className="text-slate-600">No service job yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Service jobs">
            {jobs.data.map((j) => (
              <li key={j.id} className="flex flex-wrap justify-between gap-2 py-3">
                <Link to={`/portal/service-jobs/${j.id}`} className="font-medium text-brand-700 hover:underline">
                  {j.person_name}
                </Link>
                <span className="text-sm text-slate-700">
                  {j.state_label} · due {day(j.due_on)}
                  {j.rush ? " · rush" : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function NewJob({ caseId }: { caseId: string | null }) {
  const id = useId();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const linked = trpc.member.evictions.get.useQuery({ id: caseId ?? "" }, { enabled: caseId !== null });
  const [person, setPerson] = useState("");
  const [description, setDescription] = useState("");
  const [address, setAddress] = useState("");
  const [due, setDue] = useState(plusDays(chicagoToday(new Date()), 7));
  const [rush, setRush] = useState(false);
  const [serveNotice, setServeNotice] = useState(true);
  const create = trpc.member.serviceJobs.create.useMutation({
    onSuccess: async (job) => {
      await utils.member.serviceJobs.invalidate();
      await utils.member.evictions.invalidate();
      navigate(`/portal/service-jobs/${job.id}`);
    },
  });
  const notice = linked.data?.notices.at(-1);
  // The form is filled from the case once it loads: the parties to serve and the premises.
  const defaults = linked.data?.service_job_defaults;
  useEffect(() => {
    if (!defaults) return;
    setPerson((current) => current || defaults.person_name);
    setAddress((current) => current || defaults.addresses.join("\n"));
  }, [defaults]);
  return (
    <Section title="Send a job to the process server">
      {linked.data && <p className="mb-3 text-sm text-slate-700">For the eviction case at {linked.data.place}.</p>}
      <form
        className="grid gap-3 md:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({
            eviction_case_id: caseId,
            notice_id: serveNotice && notice ? notice.id : null,
            person_name: person,
            person_description: description,
            addresses: address.split("\n").map((a) => a.trim()).filter(Boolean),
            due_on: due,
            rush,
            instructions: "",
          });
        }}
      >
        <Field id={`${id}-person`} label="Person to serve">
          <input id={`${id}-person`} className={inputClass} value={person} maxLength={200} onChange={(e) => setPerson(e.target.value)} required />
        </Field>
        <Field id={`${id}-due`} label="Due date">
          <input id={`${id}-due`} type="date" className={inputClass} value={due} onChange={(e) => setDue(e.target.value)} required />
        </Field>
        <Field id={`${id}-desc`} label="Description (for substitute service)" hint="Age, appearance, hours: whatever helps the server find the right person">
          <textarea id={`${id}-desc`} rows={2} className={inputClass} value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field id={`${id}-addr`} label="Addresses (one a line)">
          <textarea id={`${id}-addr`} rows={2} className={inputClass} value={address} onChange={(e) => setAddress(e.target.value)} required />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={rush} onChange={(e) => setRush(e.target.checked)} /> Rush
        </label>
        {notice && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={serveNotice} onChange={(e) => setServeNotice(e.target.checked)} /> Serve the case&apos;s {notice.title}
          </label>
        )}
        <div className="md:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            Send the Job
          </Button>
          <FormError error={create.error} fallback="The job was not sent." />
        </div>
      </form>
    </Section>
  );
}

/** /portal/service-jobs/:id: the job, every attempt, the documents and the affidavit. */
export function ServiceJobPage({ canWrite }: { canWrite: boolean }) {
  const { id = "" } = useParams();
  const utils = trpc.useUtils();
  const job = trpc.member.serviceJobs.get.useQuery({ id });
  if (job.isPending) return <Working label="Loading the job..." />;
  if (job.isError) return <Failed error={job.error} what="this service job" />;
  const j = job.data;
  return (
    <div className="space-y-6">
      <Section title={`Service job: ${j.person_name}`} actions={<span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{j.state_label}</span>}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
          <Fact label="Due" value={`${day(j.due_on)}${j.rush ? " (rush)" : ""}`} />
          <Fact label="Process server" value={j.server_name ?? "Not assigned yet"} />
          <Fact label="Addresses" value={j.addresses.join("; ")} />
          <Fact label="Description" value={j.person_description || "—"} />
        </dl>
        <div className="mt-4 flex flex-wrap gap-3 text-sm">
          {j.eviction_case_id && (
            <Link className="text-brand-700 hover:underline" to={`/portal/evictions/${j.eviction_case_id}`}>
              The eviction case
            </Link>
          )}
          {j.notice_pdf_path && (
            <a className="text-brand-700 hover:underline" href={j.notice_pdf_path} download>
              The notice to serve (PDF)
            </a>
          )}
          {j.documents.map((d) => (
            <FilePreview key={d.id} file={d} href={`/api/portal/files/${d.id}`} size={64} linkClassName="text-brand-700 hover:underline" />
          ))}
          {j.affidavit_path && (
            <a className="font-semibold text-brand-700 hover:underline" href={j.affidavit_path} download>
              Download the affidavit of service
            </a>
          )}
        </div>
        {canWrite && ["received", "assigned", "attempting", "not_served"].includes(j.state) && (
          <div className="mt-4">
            <AttachFile
              path={`/api/portal/service-jobs/${j.id}/documents`}
              label="Add a document to serve (PDF or photo)"
              onDone={() => void utils.member.serviceJobs.invalidate()}
            />
          </div>
        )}
      </Section>
      <Section title="Attempts">
        {j.attempts.length === 0 ? (
          <p className="text-sm text-slate-600">No attempt yet.</p>
        ) : (
          <ol className="space-y-2 text-sm" aria-label="Attempts">
            {j.attempts.map((a) => (
              <li key={a.id}>
                <time dateTime={a.attempted_at!}>{chicagoWhen(new Date(a.attempted_at!))}</time> · {a.address} · <strong>{a.outcome_label}</strong>
                {a.note && ` — ${a.note}`}
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Timeline">
        <ol className="space-y-2 text-sm" aria-label="Job timeline">
          {j.timeline.map((e) => (
            <li key={e.id}>
              {new Date(e.at).toLocaleString("en-US", { timeZone: "America/Chicago", dateStyle: "medium", timeStyle: "short" })} · {e.actor_name} · {e.to_state ? e.to_state.replaceAll("_", " ") : e.kind}
              {e.note && ` — ${e.note}`}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

