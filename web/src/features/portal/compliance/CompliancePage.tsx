import { Link } from "react-router-dom";
import type { ComplianceStatus } from "@shared/portal.ts";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { day, Failed, Section, Working } from "../owner/ui.tsx";

export type ComplianceItem = RouterOutputs["member"]["owner"]["compliance"]["items"][number];

const STATUS_LABELS: Record<ComplianceStatus, string> = { overdue: "Overdue", due_soon: "Due soon", upcoming: "Upcoming", done: "Done" };
const STATUS_CLASS: Record<ComplianceStatus, string> = {
  overdue: "bg-red-100 text-red-800",
  due_soon: "bg-amber-100 text-amber-900",
  upcoming: "bg-slate-100 text-slate-700",
  done: "bg-green-100 text-green-800",
};

export function ComplianceStatusBadge({ status }: { status: ComplianceStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** One line: what to do and by when, the rule and its source, what an overdue line puts at stake, and where to do it. */
export function ComplianceLine({ item }: { item: ComplianceItem }) {
  return (
    <li className={`rounded-lg border p-3 ${item.status === "overdue" ? "border-red-300 bg-red-50" : "border-slate-200"}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{item.title}</span>
        <span className="flex items-center gap-2 text-sm">
          <ComplianceStatusBadge status={item.status} />
          <span className="text-slate-700">{item.status === "done" ? "" : `by ${day(item.due_on)}`}</span>
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{item.place}</p>
      <p className="mt-1 text-sm text-slate-700">
        {item.rule} <span className="text-slate-700">({item.source}; {item.verify})</span>
      </p>
      {item.status === "overdue" && item.stake && <p className="mt-1 text-sm font-semibold text-red-800">At stake: {item.stake}</p>}
      {item.status !== "done" && (
        <Link to={item.action_path} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
          Do it now
        </Link>
      )}
    </li>
  );
}

/** /portal/compliance: every deadline of the owner's leases (PORTAL.md 3b), most urgent first. */
export default function CompliancePage({ canWrite }: { canWrite: boolean }) {
  const calendar = trpc.member.owner.compliance.useQuery();
  const utils = trpc.useUtils();
  const digest = trpc.member.owner.setComplianceDigest.useMutation({ onSuccess: () => utils.member.owner.compliance.invalidate() });
  if (calendar.isPending) return <Working label="Loading your deadlines..." />;
  if (calendar.isError) return <Failed error={calendar.error} what="your compliance calendar" onRetry={() => void calendar.refetch()} />;
  const items = calendar.data.items;
  const open = items.filter((i) => i.status !== "done");
  const done = items.filter((i) => i.status === "done");
  return (
    <div className="space-y-6">
      <Section title="Compliance calendar">
        <p className="text-sm text-slate-600">
          Every deadline of your leases, computed from your books under the rule each line names: deposit receipts, interest, move-out statements and
          returns, Chicago's Fair Notice, leases ending. The dates follow the ordinances and statutes cited; where the law is unsettled the app says so.
          Verify with counsel before you rely on a date.
        </p>
        {open.length === 0 ? (
          <p className="mt-4 text-slate-700">Nothing is due. New lines appear as deposits are paid, periods end and tenants move out.</p>
        ) : (
          <ul aria-label="Deadlines" className="mt-4 space-y-3">
            {open.map((item) => (
              <ComplianceLine key={`${item.kind}-${item.lease_id}-${item.due_on}`} item={item} />
            ))}
          </ul>
        )}
        {canWrite && (
          <div className="mt-4 flex flex-wrap gap-2 text-sm">
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => digest.mutate({ enabled: true })}>
              Email me these deadlines every week
            </button>
            <span aria-hidden="true">·</span>
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => digest.mutate({ enabled: false })}>
              Stop the weekly email
            </button>
            {digest.data && <span role="status">{digest.data.compliance_digest ? "The weekly email is on." : "The weekly email is off."}</span>}
          </div>
        )}
      </Section>
      {done.length > 0 && (
        <Section title="Done lately">
          <ul aria-label="Done" className="space-y-3">
            {done.map((item) => (
              <ComplianceLine key={`${item.kind}-${item.lease_id}-${item.due_on}`} item={item} />
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
