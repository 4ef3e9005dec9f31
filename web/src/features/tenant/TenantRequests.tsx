import { Link } from "react-router-dom";
import { buttonClass } from "../../components/Button.tsx";
import { trpc } from "../../trpc.ts";
import { day, Failed, Section, Working } from "../portal/owner/ui.tsx";
import { PriorityBadge, RequestStatusBadge } from "../portal/maintenance/shared.tsx";

/** /tenant/maintenance: the requests about the tenant's homes, theirs and the landlord's. */
export default function TenantRequests() {
  const list = trpc.tenant.maintenance.list.useQuery();
  return (
    <Section title="Maintenance requests" actions={<Link to="/tenant/maintenance/new" className={buttonClass("primary", "text-sm")}>New request</Link>}>
      {list.isPending ? (
        <Working label="Loading requests..." />
      ) : list.isError ? (
        <Failed error={list.error} what="your requests" />
      ) : list.data.length === 0 ? (
        <p className="text-slate-600">No requests yet. If something needs fixing, send a request with a photo.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {list.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <Link to={`/tenant/maintenance/${r.id}`} className="font-semibold text-brand-800 hover:underline">
                  {r.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {r.place} · {day(r.created_at.slice(0, 10))}
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
