import { useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { EVICTION_GROUND_LABELS, EVICTION_GROUNDS, EVICTION_JURISDICTIONS, JURISDICTION_LABELS, type EvictionGround, type EvictionJurisdiction } from "@shared/evictions.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";

/** /portal/evictions: the owner's eviction cases; ?lease=ID opens one for that lease. */
export default function EvictionsPage({ canWrite }: { canWrite: boolean }) {
  const [params] = useSearchParams();
  const lease = params.get("lease");
  const cases = trpc.member.evictions.list.useQuery();
  return (
    <div className="space-y-6">
      {canWrite && lease && <OpenCase leaseId={lease} />}
      <Section
        title="Eviction cases"
        actions={
          <Link to="/portal/service-jobs" className={buttonClass("secondary", "text-sm")}>
            Process Server
          </Link>
        }
      >
        <p className="mb-4 text-sm text-slate-600">
          Illinois eviction coordination: open a case from a late lease&apos;s page, prepare and serve the notice, and our staff coordinate the filing and the court with you. Dates the app
          computes are estimates to verify with counsel.
        </p>
        {cases.isPending ? (
          <Working label="Loading your cases..." />
        ) : cases.isError ? (
          <Failed error={cases.error} what="your cases" />
        ) : cases.data.length === 0 ? (
          <p className="text-slate-600">
            No eviction case. Open one from a lease: <Link to="/portal/leases" className="text-brand-700 underline">Leases &amp; Ledgers</Link>.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Eviction cases">
            {cases.data.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <Link to={`/portal/evictions/${c.id}`} className="font-medium text-brand-700 hover:underline">
                  {c.place}
                </Link>
                <span className="text-sm text-slate-700">
                  {c.ground_label} · {c.stage_label} · {c.paid ? "Coordination paid" : `Unpaid (${money(c.price_cents ?? 0)})`} · opened {day(c.created_at.slice(0, 10))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function OpenCase({ leaseId }: { leaseId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const lease = trpc.member.owner.leases.get.useQuery({ id: leaseId });
  const [ground, setGround] = useState<EvictionGround>("unpaid_rent");
  /** "" takes the property's jurisdiction. */
  const [jurisdiction, setJurisdiction] = useState<EvictionJurisdiction | "">("");
  const open = trpc.member.evictions.open.useMutation({
    onSuccess: async (c) => {
      await utils.member.evictions.invalidate();
      navigate(`/portal/evictions/${c.id}`);
    },
  });
  return (
    <Section title="Open an eviction case">
      {lease.data && (
        <p className="mb-3 text-sm text-slate-700">
          {lease.data.property.display_name}, unit {lease.data.unit.label}: {lease.data.tenants.map((t) => `${t.first_name} ${t.last_name}`).join(", ")}. Balance {money(lease.data.balance_cents)}.
        </p>
      )}
      <form
        className="grid gap-4 md:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          open.mutate({ lease_id: leaseId, ground, ...(jurisdiction ? { jurisdiction } : {}) });
        }}
      >
        <Field id={`${id}-ground`} label="Ground">
          <select id={`${id}-ground`} className={inputClass} value={ground} onChange={(e) => setGround(e.target.value as EvictionGround)}>
            {EVICTION_GROUNDS.map((g) => (
              <option key={g} value={g}>
                {EVICTION_GROUND_LABELS[g]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-where`} label="Jurisdiction">
          <select id={`${id}-where`} className={inputClass} value={jurisdiction} onChange={(e) => setJurisdiction(e.target.value as EvictionJurisdiction | "")}>
            <option value="">The property's</option>
            {EVICTION_JURISDICTIONS.map((j) => (
              <option key={j} value={j}>
                {JURISDICTION_LABELS[j]}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={open.isPending}>
            Open the Case
          </Button>
        </div>
        <div className="md:col-span-3">
          <FormError error={open.error} fallback="The case did not open." />
        </div>
      </form>
    </Section>
  );
}
