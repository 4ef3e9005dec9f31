import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { PROPERTY_TYPES } from "@shared/portal.ts";
import { Button } from "../../../components/Button.tsx";
import { trpc } from "../../../trpc.ts";
import { Failed, Section, Working } from "../owner/ui.tsx";
import { PortalDialog } from "../owner/dialog.tsx";
import { NewPropertyForm } from "./PropertyForm.tsx";

/** The owner's properties with their units; "Add a property" opens the form (also from ?new=1). */
export default function PropertiesPage({ canWrite }: { canWrite: boolean }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [showArchived, setShowArchived] = useState(false);
  const list = trpc.member.owner.properties.list.useQuery({ includeArchived: showArchived });
  const adding = canWrite && params.get("new") === "1";
  const setAdding = (open: boolean) => setParams(open ? { new: "1" } : {}, { replace: true });

  return (
    <Section
      title="Properties"
      actions={
        canWrite && (
          <Button onClick={() => setAdding(true)} className="text-sm">
            Add a property
          </Button>
        )
      }
    >
      {list.isPending ? (
        <Working label="Loading your properties..." />
      ) : list.isError ? (
        <Failed error={list.error} what="your properties" onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-600">{showArchived ? "No properties yet." : "No properties yet. Add your first property to start."}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.data.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 p-4">
              <Link to={`/portal/properties/${p.id}`} className="text-lg font-semibold text-brand-700 hover:underline">
                {p.display_name}
              </Link>
              {p.archived && <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Archived</span>}
              <p className="text-sm text-slate-600">
                {p.address.line1}, {p.address.city}, {p.address.state} {p.address.zip}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {PROPERTY_TYPES[p.property_type].label} · {p.units.filter((u) => !u.archived).length} unit
                {p.units.filter((u) => !u.archived).length === 1 ? "" : "s"}: {p.units.filter((u) => !u.archived).map((u) => u.label).join(", ")}
              </p>
            </li>
          ))}
        </ul>
      )}
      <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
        Show archived properties
      </label>
      <PortalDialog open={adding} onOpenChange={setAdding} title="Add a property" description="The address, its type for Schedule E, and its units.">
        <NewPropertyForm onCancel={() => setAdding(false)} onDone={(id) => navigate(`/portal/properties/${id}`)} />
      </PortalDialog>
    </Section>
  );
}
