import { Link, useParams } from "react-router-dom";
import { LEDGER_KIND_LABELS } from "@shared/portal.ts";
import { buttonClass } from "../../components/Button.tsx";
import { trpc } from "../../trpc.ts";
import { day, Failed, money, Section, Working } from "../portal/owner/ui.tsx";

/** /tenant/leases/:id: every charge and payment of the tenant's lease with the running balance. */
export default function TenantLedger() {
  const { id = "" } = useParams();
  const ledger = trpc.tenant.ledger.useQuery({ id });
  if (ledger.isPending) return <Working label="Loading your ledger..." />;
  if (ledger.isError) return <Failed error={ledger.error} what="your ledger" />;
  const { entries, balance_cents: balance } = ledger.data;
  return (
    <Section title="My ledger" actions={<Link to="/tenant" className={buttonClass("secondary", "text-sm")}>Back to my home</Link>}>
      <p className="mb-4 text-lg font-semibold text-slate-900">
        {balance > 0 ? `Balance due: ${money(balance)}` : balance < 0 ? `Credit: ${money(-balance)}` : "Your balance is paid up."}
      </p>
      {entries.length === 0 ? (
        <p className="text-slate-600">No charges or payments yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Ledger entries">
          {entries.map((e) => (
            <li key={e.id} className={`grid grid-cols-[1fr_auto] gap-x-4 py-2.5 text-sm ${e.voided_by ? "text-slate-400 line-through" : ""}`}>
              <span>
                <span className="font-medium text-slate-900">{e.description || LEDGER_KIND_LABELS[e.kind]}</span>
                <span className="block text-xs text-slate-500">
                  {day(e.date)} · {LEDGER_KIND_LABELS[e.kind]}
                </span>
              </span>
              <span className="text-right">
                <span className={e.amount_cents < 0 ? "font-semibold text-green-800" : "font-semibold text-slate-900"}>{money(e.amount_cents)}</span>
                <span className="block text-xs text-slate-500">Balance {money(e.balance_cents)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
