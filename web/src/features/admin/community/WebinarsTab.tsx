import { useState, type FormEvent } from "react";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc } from "../../../trpc.ts";
import { Card, Cell, EmptyRow, LoadFailed, Loading, notify, Table, useSessionLossGuard, when } from "../ui.tsx";

const blank = { title: "", description: "", starts_at: "", ends_at: "", capacity: "100", audience: "members" as "members" | "paid", join_url: "", announce: false };

/** Webinars: schedule, change, cancel, add the recording; see who registered (COMMUNITY.md 3). */
export function WebinarsTab() {
  const list = trpc.admin.webinars.list.useQuery();
  useSessionLossGuard(list.error);
  const utils = trpc.useUtils();
  const [form, setForm] = useState(blank);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => utils.admin.webinars.list.invalidate();
  const create = trpc.admin.webinars.create.useMutation({
    onSuccess: async (w) => { notify.success(`Scheduled "${w.title}".`); setForm(blank); await refresh(); },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const change = trpc.admin.webinars.change.useMutation({
    onSuccess: async (w) => { notify.success(`Saved "${w.title}".`, w.notified ? `${w.notified} registered members got an updated calendar file.` : undefined); await refresh(); },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const set = (patch: Partial<typeof blank>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ title: form.title, description: form.description, starts_at: new Date(form.starts_at).toISOString(), ends_at: new Date(form.ends_at).toISOString(), capacity: Number(form.capacity), audience: form.audience, join_url: form.join_url, announce: form.announce });
  };
  return (
    <div className="space-y-6">
      <Card title="Schedule a webinar">
        <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <Field id="wb-title" label="Title"><input id="wb-title" className={inputClass} value={form.title} onChange={(e) => set({ title: e.target.value })} required minLength={3} /></Field>
          <Field id="wb-join" label="Join link"><input id="wb-join" type="url" className={inputClass} value={form.join_url} onChange={(e) => set({ join_url: e.target.value })} /></Field>
          <div className="md:col-span-2"><Field id="wb-description" label="Description"><textarea id="wb-description" rows={3} className={inputClass} value={form.description} onChange={(e) => set({ description: e.target.value })} /></Field></div>
          <Field id="wb-start" label="Starts (your local time)"><input id="wb-start" type="datetime-local" className={inputClass} value={form.starts_at} onChange={(e) => set({ starts_at: e.target.value })} required /></Field>
          <Field id="wb-end" label="Ends (your local time)"><input id="wb-end" type="datetime-local" className={inputClass} value={form.ends_at} onChange={(e) => set({ ends_at: e.target.value })} required /></Field>
          <Field id="wb-capacity" label="Seats"><input id="wb-capacity" type="number" min={1} className={inputClass} value={form.capacity} onChange={(e) => set({ capacity: e.target.value })} required /></Field>
          <Field id="wb-audience" label="For">
            <select id="wb-audience" className={inputClass} value={form.audience} onChange={(e) => set({ audience: e.target.value as "members" | "paid" })}>
              <option value="members">All members</option>
              <option value="paid">Standard and Premium members</option>
            </select>
          </Field>
          <label className="flex items-center gap-2 text-sm md:col-span-2"><input type="checkbox" checked={form.announce} onChange={(e) => set({ announce: e.target.checked })} /> Announce it by email to members who subscribe to Webinars</label>
          <div className="md:col-span-2"><Button type="submit" disabled={create.isPending}>Schedule webinar</Button></div>
        </form>
      </Card>
      <Card title="Webinars">
        {list.isError ? <LoadFailed error={list.error} fallback="Failed to load webinars." onRetry={() => void list.refetch()} /> : list.isPending ? <Loading /> : (
          <Table caption="Webinars" head={["Title", "Starts", "Seats", "Waitlist", "State", "Actions"]}>
            {list.data.length === 0 && <EmptyRow columns={6}>No webinars yet.</EmptyRow>}
            {list.data.map((w) => (
              <tr key={w.id}>
                <Cell><a className="underline" href={`/webinars/${w.id}`}>{w.title}</a></Cell>
                <Cell>{when(w.starts_at)}</Cell>
                <Cell>{w.seats_taken} / {w.capacity}</Cell>
                <Cell>{w.waitlist_count}</Cell>
                <Cell>{w.cancelled ? "cancelled" : w.past ? "past" : "upcoming"}</Cell>
                <Cell>
                  <div className="flex flex-wrap gap-1">
                    <Button variant="ghost" className="px-2 py-1 text-sm" onClick={() => setOpen(open === w.id ? null : w.id)} aria-expanded={open === w.id} aria-label={`Registrations of ${w.title}`}>Registrations</Button>
                    {!w.cancelled && !w.past && <Button variant="ghost" className="px-2 py-1 text-sm" aria-label={`+10 seats: ${w.title}`} onClick={() => change.mutate({ id: w.id, capacity: w.capacity + 10 })}>+10 seats</Button>}
                    {w.past && <RecordingButton id={w.id} title={w.title} onSave={(url) => change.mutate({ id: w.id, recording_url: url })} />}
                    {!w.cancelled && !w.past && <Button variant="ghost" className="px-2 py-1 text-sm text-red-700" aria-label={`Cancel webinar: ${w.title}`} onClick={() => change.mutate({ id: w.id, cancelled: true })}>Cancel webinar</Button>}
                  </div>
                  {open === w.id && <Registrations id={w.id} started={new Date(w.starts_at).getTime() <= Date.now()} />}
                </Cell>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}

function RecordingButton({ id, title, onSave }: { id: string; title: string; onSave: (url: string) => void }) {
  const [url, setUrl] = useState("");
  return (
    <form className="flex gap-1" onSubmit={(e) => { e.preventDefault(); onSave(url); }}>
      <label className="sr-only" htmlFor={`rec-${id}`}>Recording link of {title}</label>
      <input id={`rec-${id}`} type="url" placeholder="Recording link" className={`${inputClass} mt-0 py-1 text-sm`} value={url} onChange={(e) => setUrl(e.target.value)} required />
      <Button type="submit" variant="secondary" className="px-2 py-1 text-sm">Save</Button>
    </form>
  );
}

function Registrations({ id, started }: { id: string; started: boolean }) {
  const list = trpc.admin.webinars.registrations.useQuery({ id });
  const mark = trpc.admin.webinars.markAttendance.useMutation({ onSuccess: () => void list.refetch(), onError: (e) => notify.error(errorMessage(e)) });
  if (list.isPending) return <Loading />;
  if (list.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(list.error)}</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {list.data.length === 0 && <li>No registrations yet.</li>}
      {list.data.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-2">
          {r.member_name} &lt;{r.member_email}&gt;: {r.status}
          {started && r.status === "registered" && (
            <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => mark.mutate({ id, member_ids: [r.member_id] })}>Mark attended: {r.member_name}</Button>
          )}
        </li>
      ))}
    </ul>
  );
}
