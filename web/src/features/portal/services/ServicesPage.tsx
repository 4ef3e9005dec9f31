import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { alaCarteLabel, SUPPORT_FIRST_REPLY, type MembershipLevel } from "@shared/membership.ts";
import { ASSOCIATION_TIME_ZONE } from "@shared/time.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { AttachFile } from "./AttachFile.tsx";
import { useBeforeBuying } from "../owner/useBeforeBuying.ts";

// Premium services (PORTAL.md 7): what the owner's level includes and what they bought, the staff
// access switch with the audit of what staff did, bookkeeping requests and support tickets.

const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
export const at = (iso: string | null | undefined) => (iso ? timeFormat.format(new Date(iso)) : "—");

export const RESPONSE_STATE_LABEL = {
  awaiting_first_response: "Waiting for a first reply",
  awaiting_staff: "Waiting for staff",
  answered: "Answered",
  closed: "Closed",
} as const;

export default function ServicesPage({ canWrite, level, demo = false }: { canWrite: boolean; level: MembershipLevel; demo?: boolean }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Premium services</h1>
      <Included level={level} />
      <StaffAccess canWrite={canWrite} canRevoke={!demo} />
      <Tickets canWrite={canWrite} />
      <Bookkeeping canWrite={canWrite} level={level} />
    </div>
  );
}

function Included({ level }: { level: MembershipLevel }) {
  const purchases = trpc.member.owner.purchases.list.useQuery();
  const premium = level === "Premium";
  const paidLevel = premium ? "Premium" : "Standard";
  return (
    <Section title="What your membership includes">
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>Support tickets: a first reply within {SUPPORT_FIRST_REPLY[paidLevel].words} (Monday to Friday, 9:00 to 17:00 Chicago time).</li>
        <li>
          Bookkeeping support: {premium ? "included" : alaCarteLabel("bookkeeping", "Standard")}. With your staff access granted, our staff enter and categorise your
          expenses and record rent payments and charges in your ledgers; every change is listed under Staff access.
        </li>
        <li>Schedule E report: {premium ? "included" : alaCarteLabel("tax_report", "Standard")}.</li>
        <li>Eviction coordination: {alaCarteLabel("eviction_case", paidLevel)}.</li>
      </ul>
      <h3 className="mt-4 font-semibold text-slate-900">What you bought</h3>
      {purchases.isPending ? (
        <Working label="Loading purchases..." />
      ) : purchases.isError ? (
        <Failed error={purchases.error} what="your purchases" onRetry={() => void purchases.refetch()} />
      ) : purchases.data.purchases.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing yet.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Your purchases</caption>
          <thead>
            <tr className="text-slate-600">
              <th className="py-1">Item</th>
              <th>For</th>
              <th>Amount</th>
              <th>Status</th>
              <th>Paid</th>
            </tr>
          </thead>
          <tbody>
            {purchases.data.purchases.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="py-1">{p.label}</td>
                <td>{p.for_label}</td>
                <td>{money(p.amount_cents)}</td>
                <td>{p.status === "paid" ? "Paid (receipt emailed)" : p.status}</td>
                <td>{at(p.paid_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** `canRevoke`: an owner may always revoke, read-only or not; the demo's visitor is no owner. */
function StaffAccess({ canWrite, canRevoke }: { canWrite: boolean; canRevoke: boolean }) {
  // What staff did changes without the owner doing anything: read afresh whenever the page opens.
  const status = trpc.member.owner.services.staffAccess.useQuery(undefined, { refetchOnMount: "always" });
  const utils = trpc.useUtils();
  const done = () => utils.member.owner.services.invalidate();
  const grant = trpc.member.owner.services.grantStaffAccess.useMutation({ onSuccess: done });
  const revoke = trpc.member.owner.services.revokeStaffAccess.useMutation({ onSuccess: done });
  if (status.isPending) return <Working label="Loading staff access..." />;
  if (status.isError) return <Failed error={status.error} what="staff access" onRetry={() => void status.refetch()} />;
  const { granted, activity } = status.data;
  return (
    <Section title="Staff access">
      <p className="text-sm text-slate-700">
        {granted
          ? `The association's staff may read your books, categorise or add expenses, and record rent payments and charges in your ledgers (granted ${at(status.data.granted_at)}). Everything they do is listed below.`
          : "The association's staff cannot see your books. Grant access when you want help with your bookkeeping; you can revoke it at any time."}
      </p>
      <div className="mt-3">
        {granted ? (
          canRevoke && (
            <Button variant="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              Revoke Staff Access
            </Button>
          )
        ) : (
          canWrite && (
            <Button disabled={grant.isPending} onClick={() => grant.mutate()}>
              Grant Staff Access
            </Button>
          )
        )}
      </div>
      <FormError error={grant.error ?? revoke.error} fallback="Staff access could not be changed." />
      <h3 className="mt-4 font-semibold text-slate-900">Who did what</h3>
      {activity.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Who did what in your books</caption>
          <thead>
            <tr className="text-slate-600">
              <th className="py-1">When</th>
              <th>Who</th>
              <th>What</th>
            </tr>
          </thead>
          <tbody>
            {activity.map((a) => (
              <tr key={a.id} className="border-t border-slate-100">
                <td className="py-1 whitespace-nowrap">{at(a.at)}</td>
                <td>{a.who}</td>
                <td>{a.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Tickets({ canWrite }: { canWrite: boolean }) {
  const tickets = trpc.member.owner.services.tickets.list.useQuery(undefined, { refetchOnMount: "always" });
  const utils = trpc.useUtils();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const open = trpc.member.owner.services.tickets.open.useMutation({
    onSuccess: () => {
      setSubject("");
      setBody("");
      void utils.member.owner.services.tickets.invalidate();
    },
  });
  const subjectId = useId();
  const bodyId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    open.mutate({ subject, body });
  };
  return (
    <Section title="Support tickets">
      {tickets.isPending ? (
        <Working label="Loading tickets..." />
      ) : tickets.isError ? (
        <Failed error={tickets.error} what="your tickets" onRetry={() => void tickets.refetch()} />
      ) : tickets.data.tickets.length === 0 ? (
        <p className="text-sm text-slate-600">No tickets yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tickets.data.tickets.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <Link to={`/portal/services/tickets/${t.id}`} className="font-medium text-brand-800 underline">
                {t.subject}
              </Link>
              <span className="text-slate-600">
                {RESPONSE_STATE_LABEL[t.response_state]} · first reply due {at(t.first_response_due_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={submit} className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label="Open a support ticket">
          <Field id={subjectId} label="Subject">
            <input id={subjectId} className={inputClass} value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} required />
          </Field>
          <Field id={bodyId} label="How can we help?">
            <textarea id={bodyId} className={inputClass} rows={4} value={body} onChange={(e) => setBody(e.target.value)} maxLength={8000} required />
          </Field>
          <FormError error={open.error} fallback="The ticket could not be opened." />
          <Button type="submit" disabled={open.isPending}>
            Open Ticket
          </Button>
        </form>
      )}
    </Section>
  );
}

function Bookkeeping({ canWrite, level }: { canWrite: boolean; level: MembershipLevel }) {
  const list = trpc.member.owner.services.bookkeeping.list.useQuery();
  const utils = trpc.useUtils();
  const [note, setNote] = useState("");
  const file = trpc.member.owner.services.bookkeeping.file.useMutation({
    onSuccess: () => {
      setNote("");
      void utils.member.owner.services.bookkeeping.invalidate();
    },
  });
  const buy = trpc.member.owner.purchases.start.useMutation({ onSuccess: (p) => p.checkout_url && window.location.assign(p.checkout_url) });
  const beforeBuying = useBeforeBuying();
  const noteId = useId();
  if (list.isPending) return <Working label="Loading bookkeeping requests..." />;
  if (list.isError) return <Failed error={list.error} what="your bookkeeping requests" onRetry={() => void list.refetch()} />;
  const { requests, access, staff_access } = list.data;
  return (
    <Section title="Bookkeeping support">
      {canWrite && !access && level === "Standard" && (
        <div className="mb-3 text-sm text-slate-700">
          <p>Bookkeeping support is {alaCarteLabel("bookkeeping", "Standard")} for Standard members (included in Premium).</p>
          <Button className="mt-2" disabled={buy.isPending} onClick={async () => (await beforeBuying("bookkeeping", "this month of bookkeeping support")) && buy.mutate({ item: "bookkeeping" })}>
            Buy This Month
          </Button>
          <FormError error={buy.error} fallback="The checkout could not be started." />
        </div>
      )}
      {access && !staff_access && <p className="mb-3 text-sm text-amber-800">Grant staff access above so our bookkeepers can work in your books.</p>}
      {canWrite && access && (
        <form
          aria-label="Ask for bookkeeping help"
          className="mb-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            file.mutate({ note });
          }}
        >
          <Field id={noteId} label="What do you need help with?">
            <textarea id={noteId} className={inputClass} rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={4000} required />
          </Field>
          <FormError error={file.error} fallback="The request could not be sent." />
          <Button type="submit" disabled={file.isPending}>
            Ask for Help
          </Button>
        </form>
      )}
      {requests.length === 0 ? (
        <p className="text-sm text-slate-600">No bookkeeping requests yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {requests.map((r) => (
            <li key={r.id} className="py-2">
              <p className="font-medium">{r.note}</p>
              <p className="text-slate-600">
                {r.status === "done" ? `Done ${at(r.done_at)} by ${r.done_by}${r.staff_note ? `: ${r.staff_note}` : ""}` : `Open since ${at(r.created_at)}`}
              </p>
              {r.files.map((f) => (
                <a key={f.id} href={`/api/portal/files/${f.id}`} className="block text-brand-800 underline">
                  {f.name}
                </a>
              ))}
              {canWrite && r.status === "open" && (
                <AttachFile path={`/api/portal/bookkeeping/requests/${r.id}/files`} label="Attach a statement or receipt" onDone={() => void list.refetch()} />
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
