import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { JURISDICTION_LABELS, JURISDICTIONS, parseDollars, PROPERTY_TYPES, RULE_SET_LABELS, type Jurisdiction } from "@shared/portal.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { useAlert } from "../../../components/alert.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { trpc } from "../../../trpc.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { PortalDialog } from "../owner/dialog.tsx";

/** One property: its units and their leases, adding units and leases, renaming, archiving. */
export default function PropertyPage({ canWrite }: { canWrite: boolean }) {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const utils = trpc.useUtils();
  const property = trpc.member.owner.properties.get.useQuery({ id });
  const leases = trpc.member.owner.leases.list.useQuery({ property_id: id, state: "all" }, { enabled: property.isSuccess });
  const refresh = () => utils.member.owner.invalidate();
  const update = trpc.member.owner.properties.update.useMutation({ onSuccess: refresh });
  const remove = trpc.member.owner.properties.remove.useMutation({
    onSuccess: async () => {
      await refresh();
      navigate("/portal/properties");
    },
  });
  const [editing, setEditing] = useState(false);

  if (property.isPending) return <Working label="Loading the property..." />;
  if (property.isError) return <Failed error={property.error} what="this property" />;
  const p = property.data;
  const leasesOf = (unitId: string) => (leases.data ?? []).filter((l) => l.unit_id === unitId);

  const onDelete = async () => {
    const sure = await alert({
      title: "Delete this property?",
      message: `Delete ${p.display_name}? Only a property entered by mistake can be deleted; one with leases is archived instead.`,
      confirmLabel: "Delete Property",
      cancelLabel: "Cancel",
    });
    if (!sure) return;
    remove.mutate({ id: p.id }, { onError: (error) => void alert({ title: "Not deleted", message: errorMessage(error, "The property could not be deleted.") }) });
  };

  return (
    <div className="space-y-6">
      <Section
        title={p.display_name}
        actions={
          canWrite && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" className="text-sm" onClick={() => setEditing(true)}>
                Edit details
              </Button>
              <Button variant="secondary" className="text-sm" onClick={() => update.mutate({ id: p.id, patch: { archived: !p.archived } })}>
                {p.archived ? "Restore" : "Archive"}
              </Button>
              <Button variant="ghost" className="text-sm text-red-700" onClick={() => void onDelete()}>
                Delete
              </Button>
            </div>
          )
        }
      >
        <p className="text-slate-700">
          {p.address.line1}
          {p.address.line2 ? `, ${p.address.line2}` : ""}, {p.address.city}, {p.address.state} {p.address.zip}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {PROPERTY_TYPES[p.property_type].label} (Schedule E type {p.schedule_e_code}){p.archived ? " · Archived" : ""}
        </p>
      </Section>

      <Section title="Local rules">
        <p className="text-sm font-semibold text-slate-900">{RULE_SET_LABELS[p.rules]}</p>
        <p className="mt-1 text-sm text-slate-700">{p.rules_reason}</p>
        {p.rules_warnings.length > 0 && (
          <div role="note" aria-label="What the app cannot know" className="mt-3 space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <ul className="list-disc space-y-1 pl-5">
              {p.rules_warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        )}
        {canWrite && (
          <form
            aria-label="Confirm the local rules"
            className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              const data = new FormData(e.currentTarget);
              const occupied = String(data.get("owner_occupied"));
              update.mutate({
                id: p.id,
                patch: { jurisdiction: String(data.get("jurisdiction")) as Jurisdiction, ...(occupied ? { owner_occupied: occupied === "yes" } : {}) },
              });
            }}
          >
            <Field id="rules-jurisdiction" label="Where it is">
              <select id="rules-jurisdiction" name="jurisdiction" className={inputClass} defaultValue={p.jurisdiction} key={p.jurisdiction}>
                {JURISDICTIONS.map((key) => (
                  <option key={key} value={key}>
                    {JURISDICTION_LABELS[key]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="rules-occupied" label="Do you live in this building?">
              <select id="rules-occupied" name="owner_occupied" className={inputClass} defaultValue={p.owner_occupied_confirmed ? (p.owner_occupied ? "yes" : "no") : ""} key={`${p.owner_occupied_confirmed}-${p.owner_occupied}`}>
                <option value="">Not said yet</option>
                <option value="yes">Yes, I live there</option>
                <option value="no">No</option>
              </select>
            </Field>
            <Button type="submit" variant="secondary" disabled={update.isPending}>
              Confirm
            </Button>
          </form>
        )}
      </Section>

      <Section title="Units">
        <ul className="divide-y divide-slate-100">
          {p.units.map((unit) => {
            const unitLeases = leasesOf(unit.id);
            const current = unitLeases.find((l) => l.state !== "ended");
            return (
              <li key={unit.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div>
                  <h3 className="font-semibold text-slate-900">
                    Unit {unit.label}
                    {unit.archived && <span className="ml-2 text-xs font-normal text-slate-500">(archived)</span>}
                  </h3>
                  <p className="text-sm text-slate-600">
                    {[unit.bedrooms !== null ? `${unit.bedrooms} bed` : null, unit.bathrooms !== null ? `${unit.bathrooms} bath` : null, unit.market_rent_cents ? `market rent ${money(unit.market_rent_cents)}` : null]
                      .filter(Boolean)
                      .join(" · ") || "No details yet"}
                  </p>
                  {current ? (
                    <p className="mt-1 text-sm">
                      <Link to={`/portal/leases/${current.id}`} className="font-medium text-brand-700 hover:underline">
                        {current.tenants.map((t) => `${t.first_name} ${t.last_name}`).join(" & ")}: {money(current.rent_cents)}/month
                      </Link>{" "}
                      <span className="text-slate-600">
                        from {day(current.start_date)}
                        {current.end_date ? ` to ${day(current.end_date)}` : ", month to month"}
                      </span>
                    </p>
                  ) : (
                    <p className="mt-1 text-sm text-slate-600">Vacant</p>
                  )}
                </div>
                {canWrite && !current && !unit.archived && !p.archived && (
                  <Link to={`/portal/leases/new?unit=${unit.id}`} className={buttonClass("secondary", "text-sm")} aria-label={`Add a lease for unit ${unit.label}`}>
                    Add a lease
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        {canWrite && p.property_type !== "single_family" && !p.archived && <AddUnitForm propertyId={p.id} />}
      </Section>

      <PortalDialog open={editing} onOpenChange={setEditing} title="Edit property details">
        <EditPropertyForm
          name={p.name ?? ""}
          placedInService={p.placed_in_service ?? ""}
          basis={p.building_basis_cents}
          saving={update.isPending}
          error={update.error}
          onCancel={() => setEditing(false)}
          onSave={(patch) => update.mutate({ id: p.id, patch }, { onSuccess: () => setEditing(false) })}
        />
      </PortalDialog>
    </div>
  );
}

function AddUnitForm({ propertyId }: { propertyId: string }) {
  const utils = trpc.useUtils();
  const [label, setLabel] = useState("");
  const add = trpc.member.owner.properties.addUnit.useMutation({
    onSuccess: async () => {
      setLabel("");
      await utils.member.owner.invalidate();
    },
  });
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (label.trim()) add.mutate({ id: propertyId, unit: { label: label.trim() } });
      }}
    >
      <div className="min-w-40 flex-1">
        <Field id="new-unit-label" label="New unit name">
          <input id="new-unit-label" value={label} onChange={(e) => setLabel(e.target.value)} className={inputClass} placeholder="3, Garden, Coach house" />
        </Field>
      </div>
      <Button type="submit" variant="secondary" disabled={add.isPending || !label.trim()}>
        Add unit
      </Button>
      <div className="w-full">
        <FormError error={add.error} fallback="The unit could not be added." />
      </div>
    </form>
  );
}

function EditPropertyForm({
  name,
  placedInService,
  basis,
  saving,
  error,
  onSave,
  onCancel,
}: {
  name: string;
  placedInService: string;
  basis: number | null;
  saving: boolean;
  error: unknown;
  onSave: (patch: { name: string | null; placed_in_service: string | null; building_basis_cents: number | null }) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({ name, placedInService, basis: basis === null ? "" : (basis / 100).toFixed(2) });
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({
          name: values.name.trim() || null,
          placed_in_service: values.placedInService || null,
          building_basis_cents: values.basis.trim() ? parseDollars(values.basis) : null,
        });
      }}
    >
      <Field id="edit-name" label="Name">
        <input id="edit-name" className={inputClass} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      </Field>
      <Field id="edit-placed" label="Placed in service (for depreciation)">
        <input id="edit-placed" type="date" className={inputClass} value={values.placedInService} onChange={(e) => setValues({ ...values, placedInService: e.target.value })} />
      </Field>
      <Field id="edit-basis" label="Building basis in dollars (not the land)">
        <input id="edit-basis" inputMode="decimal" className={inputClass} value={values.basis} onChange={(e) => setValues({ ...values, basis: e.target.value })} />
      </Field>
      <FormError error={error} fallback="The property could not be saved." />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
