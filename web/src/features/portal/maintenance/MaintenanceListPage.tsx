import { useState } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "../../../components/Button.tsx";
import { trpc } from "../../../trpc.ts";
import { day, Failed, Section, Working } from "../owner/ui.tsx";
import { PriorityBadge, RequestStatusBadge } from "./shared.tsx";

/** /portal/maintenance: open requests most urgent first (or every request), from tenants and the owner. */
export default function MaintenanceListPage({ canWrite }: { canWrite: boolean }) {
  const [state, setState] = useState<"open" | "all">("open");
  const list = trpc.member.owner.maintenance.list.useQuery({ state });
  return (
    <Section
      title="Maintenance requests"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={state === "all"} onChange={(e) => setState(e.target.checked ? "all" : "open")} />
            Show finished requests too
          </label>
          {canWrite && (
            <Link to="/portal/maintenance/new" className={buttonClass("primary", "text-sm")}>
              New request
            </Link>
          )}
        </div>
      }
    >
      {list.isPending ? (
        <Working label="Loading requests..." />
      ) : list.isError ? (
        <Failed error={list.error} what="the requests" onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-600">
          {state === "open" ? "No open requests. Tenants you invited can send requests with photos from their tenant portal." : "No requests yet."}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {list.data.map((r) => (
            <li key={r.id} className={`flex flex-wrap items-center justify-between gap-3 py-3 ${r.priority === "emergency" ? "-mx-2 rounded-lg bg-red-50 px-2" : ""}`}>
              <div className="min-w-0">
                <Link to={`/portal/maintenance/${r.id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                  {r.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {r.place} · {r.category_label} · from the {r.submitted_by} · {day(r.created_at.slice(0, 10))}
                </p>
              </div>
              <div className="flex gap-2">
                <PriorityBadge priority={r.priority} />
                <RequestStatusBadge status={r.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
