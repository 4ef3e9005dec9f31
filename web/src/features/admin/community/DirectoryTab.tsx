import { useState } from "react";
import { CONTRACTOR_STATUS_OPTIONS } from "@shared/community.ts";
import { Button } from "../../../components/Button.tsx";
import { inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { Card, LoadFailed, Loading, notify, useSessionLossGuard, when } from "../ui.tsx";

type Listing = RouterOutputs["admin"]["directory"]["list"][number];
type Status = (typeof CONTRACTOR_STATUS_OPTIONS)[number];

/** The contractor directory's verification queue (COMMUNITY.md 4) with Illinois' licence notes. */
export function DirectoryTab() {
  const [status, setStatus] = useState<Status | "">("");
  const list = trpc.admin.directory.list.useQuery(status ? { status } : undefined);
  useSessionLossGuard(list.error);
  return (
    <Card
      title="Contractor directory"
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor="dir-status" className="text-sm font-medium text-slate-700">Show</label>
          <select id="dir-status" className={`${inputClass} mt-0 w-auto`} value={status} onChange={(e) => setStatus(e.target.value as Status | "")}>
            <option value="">All listings</option>
            {CONTRACTOR_STATUS_OPTIONS.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </div>
      }
    >
      {list.isError ? <LoadFailed error={list.error} fallback="Failed to load the directory." onRetry={() => void list.refetch()} /> : list.isPending ? <Loading /> : list.data.length === 0 ? <p className="text-slate-600">No listings.</p> : (
        <ul className="space-y-4">{list.data.map((c) => <ListingRow key={c.id} listing={c} />)}</ul>
      )}
    </Card>
  );
}

function ListingRow({ listing: c }: { listing: Listing }) {
  const utils = trpc.useUtils();
  const [next, setNext] = useState<Status>(c.status === "applied" ? "verifying" : c.status === "verifying" ? "approved" : c.status);
  const [note, setNote] = useState("");
  const verify = trpc.admin.directory.verify.useMutation({
    onSuccess: async (r) => { notify.success(`${r.business_name}: ${r.status}.`); await utils.admin.directory.list.invalidate(); },
    onError: (e) => notify.error(errorMessage(e)),
  });
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <p className="font-semibold">{c.business_name} <span className="ml-2 rounded bg-slate-100 px-1.5 text-sm font-normal">{c.status}{c.verified ? ", verified" : c.badge_lapsed ? ", badge lapsed" : ""}</span></p>
      <p className="text-sm text-slate-600">{c.trades.join(", ")} · {c.counties.join(", ") || "no counties"} · {c.email} · {c.phone} · signed up {when("created_at" in c ? (c.created_at as string) : null, false)}</p>
      <ul className="mt-2 text-sm">
        {c.credentials.length === 0 && <li className="text-amber-800">No licences or insurance given.</li>}
        {c.credentials.map((k) => <li key={k.id}>{k.kind}: {k.issuer} {k.number} {k.expires_on ? `(expires ${k.expires_on})` : ""}</li>)}
      </ul>
      <ul className="mt-1 text-sm" aria-label={`Documents of ${c.business_name}`}>
        {c.documents.length === 0 && <li className="text-slate-500">No documents uploaded.</li>}
        {c.documents.map((d) => (
          <li key={d.id}>
            <a className="text-brand-700 underline" href={`/api/admin/contractor-directory/documents/${d.id}`} download={d.file.name}>{d.title}</a>{" "}
            <span className="text-xs text-slate-500">({d.file.name})</span>
          </li>
        ))}
      </ul>
      {"license_notes" in c && Array.isArray(c.license_notes) && c.license_notes.length > 0 && (
        <ul className="mt-2 rounded bg-brand-50 p-2 text-xs text-brand-900">
          {(c.license_notes as { trade: string; note: string }[]).map((n) => <li key={n.trade}><strong>{n.trade}:</strong> {n.note}</li>)}
        </ul>
      )}
      <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); verify.mutate({ id: c.id, status: next, note }); }}>
        <div>
          <label htmlFor={`st-${c.id}`} className="block text-sm font-medium">Status of {c.business_name}</label>
          <select id={`st-${c.id}`} className={`${inputClass} w-auto`} value={next} onChange={(e) => setNext(e.target.value as Status)}>
            {CONTRACTOR_STATUS_OPTIONS.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </div>
        <div className="min-w-[12rem] flex-1">
          <label htmlFor={`note-${c.id}`} className="block text-sm font-medium">Note for {c.business_name}</label>
          <input id={`note-${c.id}`} className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. IDFPR licence checked" />
        </div>
        <Button type="submit" disabled={verify.isPending}>Save status</Button>
      </form>
    </li>
  );
}
