import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { Failed, FormError, Section, Working } from "../owner/ui.tsx";
import { draftErrors, EMPTY_DRAFT, RequestFields } from "./shared.tsx";

/** /portal/maintenance/new: the owner records a request for a property (and unit); the unit's tenants see it. */
export default function NewRequestPage() {
  const id = useId();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const properties = trpc.member.owner.properties.list.useQuery();
  const [propertyId, setPropertyId] = useState("");
  const [unitId, setUnitId] = useState("");
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [tried, setTried] = useState(false);
  const create = trpc.member.owner.maintenance.create.useMutation({
    onSuccess: async (request) => {
      await utils.member.owner.maintenance.invalidate();
      await utils.member.owner.dashboard.invalidate();
      navigate(`/portal/maintenance/${request.id}`);
    },
  });
  if (properties.isPending) return <Working label="Loading your properties..." />;
  if (properties.isError) return <Failed error={properties.error} what="your properties" />;
  const property = properties.data.find((p) => p.id === propertyId);
  const errors = { ...draftErrors(draft), ...(propertyId ? {} : { property: "Choose the property" }) };
  const shown = tried ? errors : {};

  return (
    <Section title="New maintenance request">
      <form
        className="max-w-2xl space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (Object.keys(errors).length) return;
          create.mutate({ ...draft, category: draft.category as Exclude<typeof draft.category, "">, property_id: propertyId, unit_id: unitId || null });
        }}
      >
        <Field id={`${id}-property`} label="Property" error={(shown as { property?: string }).property}>
          <select
            id={`${id}-property`}
            className={inputClass}
            value={propertyId}
            onChange={(e) => {
              setPropertyId(e.target.value);
              setUnitId("");
            }}
          >
            <option value="">Choose the property</option>
            {properties.data.map((p) => (
              <option key={p.id} value={p.id}>
                {p.display_name}
              </option>
            ))}
          </select>
        </Field>
        {property && property.units.length > 0 && (
          <Field id={`${id}-unit`} label="Unit" hint="Leave empty for the building or the grounds">
            <select id={`${id}-unit`} className={inputClass} value={unitId} onChange={(e) => setUnitId(e.target.value)}>
              <option value="">The whole property</option>
              {property.units.map((u) => (
                <option key={u.id} value={u.id}>
                  Unit {u.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <RequestFields draft={draft} onChange={setDraft} errors={shown} />
        <FormError error={create.error} fallback="The request was not saved." />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Saving..." : "Save request"}
        </Button>
      </form>
    </Section>
  );
}
