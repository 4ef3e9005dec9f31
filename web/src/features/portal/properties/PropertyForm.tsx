import { useFieldArray, useForm } from "react-hook-form";
import { JURISDICTION_LABELS, JURISDICTIONS, PROPERTY_TYPE_KEYS, PROPERTY_TYPES, ZPropertySchema, type Jurisdiction, type PropertyType } from "@shared/portal.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, fieldNote, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { FormError } from "../owner/ui.tsx";

interface PropertyFormValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  property_type: PropertyType;
  /** "" until the owner says. */
  owner_occupied: "" | "yes" | "no";
  /** "" lets the app guess from the city. */
  jurisdiction: "" | Jurisdiction;
  units: { label: string }[];
}

/** Adds a property with its units; a single-family house gets its one unit. */
export function NewPropertyForm({ onDone, onCancel }: { onDone: (id: string) => void; onCancel: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.member.owner.properties.create.useMutation({
    onSuccess: async (property) => {
      await utils.member.owner.invalidate();
      onDone(property.id);
    },
  });
  const form = useForm<PropertyFormValues>({
    defaultValues: { name: "", line1: "", line2: "", city: "Chicago", state: "IL", zip: "", property_type: "multi_family", owner_occupied: "", jurisdiction: "", units: [{ label: "1" }, { label: "2" }] },
  });
  const units = useFieldArray({ control: form.control, name: "units" });
  const type = form.watch("property_type");
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const parsed = ZPropertySchema.safeParse({
      name: values.name,
      address: { line1: values.line1, line2: values.line2, city: values.city, state: values.state, zip: values.zip },
      property_type: values.property_type,
      ...(values.owner_occupied ? { owner_occupied: values.owner_occupied === "yes" } : {}),
      ...(values.jurisdiction ? { jurisdiction: values.jurisdiction } : {}),
      units: values.property_type === "single_family" ? [] : values.units.filter((u) => u.label.trim()),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        const field = path.startsWith("address.") ? path.slice(8) : path.startsWith("units") ? "units" : path;
        form.setError(field as keyof PropertyFormValues, { message: issue.message });
      }
      return;
    }
    create.mutate(parsed.data);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="property-name" label="Name (optional)" hint="How you call it: Pilsen two-flat" error={errors.name?.message}>
        <input id="property-name" className={inputClass} aria-describedby={fieldNote("property-name", errors.name?.message, "How you call it: Pilsen two-flat")} {...form.register("name")} />
      </Field>
      <Field id="property-line1" label="Street address" error={errors.line1?.message}>
        <input id="property-line1" autoComplete="address-line1" className={inputClass} aria-invalid={errors.line1 ? true : undefined} aria-describedby={fieldNote("property-line1", errors.line1?.message)} {...form.register("line1")} />
      </Field>
      <Field id="property-line2" label="Address line 2 (optional)">
        <input id="property-line2" autoComplete="address-line2" className={inputClass} {...form.register("line2")} />
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="col-span-2">
          <Field id="property-city" label="City" error={errors.city?.message}>
            <input id="property-city" autoComplete="address-level2" className={inputClass} aria-invalid={errors.city ? true : undefined} {...form.register("city")} />
          </Field>
        </div>
        <Field id="property-state" label="State" error={errors.state?.message}>
          <input id="property-state" autoComplete="address-level1" maxLength={2} className={inputClass} {...form.register("state")} />
        </Field>
        <Field id="property-zip" label="ZIP" error={errors.zip?.message}>
          <input id="property-zip" autoComplete="postal-code" inputMode="numeric" className={inputClass} aria-invalid={errors.zip ? true : undefined} aria-describedby={fieldNote("property-zip", errors.zip?.message)} {...form.register("zip")} />
        </Field>
      </div>
      <Field id="property-type" label="Property type" hint="As on Schedule E, line 1b" error={errors.property_type?.message}>
        <select id="property-type" className={inputClass} {...form.register("property_type")}>
          {PROPERTY_TYPE_KEYS.map((key) => (
            <option key={key} value={key}>
              {PROPERTY_TYPES[key].label}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="property-jurisdiction" label="Local rules" hint="Chicago's and Cook County's ordinances add to state law">
          <select id="property-jurisdiction" className={inputClass} {...form.register("jurisdiction")}>
            <option value="">Guess from the city</option>
            {JURISDICTIONS.map((key) => (
              <option key={key} value={key}>
                {JURISDICTION_LABELS[key]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="property-owner-occupied" label="Do you live in this building?" hint="With six units or fewer, an owner-occupied building is outside Chicago's RLTO">
          <select id="property-owner-occupied" className={inputClass} {...form.register("owner_occupied")}>
            <option value="">Not said yet</option>
            <option value="yes">Yes, I live there</option>
            <option value="no">No</option>
          </select>
        </Field>
      </div>
      {type === "single_family" ? (
        <p className="text-sm text-slate-600">A single-family house has one unit, named House.</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Units</legend>
          {units.fields.map((field, index) => (
            <div key={field.id} className="flex items-end gap-2">
              <div className="flex-1">
                <Field id={`unit-${index}`} label={`Unit ${index + 1} name`}>
                  <input id={`unit-${index}`} className={inputClass} placeholder="1, 2R, Garden" {...form.register(`units.${index}.label` as const)} />
                </Field>
              </div>
              <Button type="button" variant="ghost" className="text-sm" onClick={() => units.remove(index)} aria-label={`Remove unit ${index + 1}`}>
                Remove
              </Button>
            </div>
          ))}
          {errors.units?.message && <p className="text-sm text-red-700">{errors.units.message}</p>}
          <Button type="button" variant="secondary" className="text-sm" onClick={() => units.append({ label: "" })}>
            Add a unit
          </Button>
        </fieldset>
      )}
      <FormError error={create.error} fallback="The property could not be saved." />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Saving..." : "Save Property"}
        </Button>
      </div>
    </form>
  );
}
