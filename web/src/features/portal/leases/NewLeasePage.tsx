import { useFieldArray, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import { chicagoToday } from "@shared/calendar.ts";
import { chicagoRltoLimit, cookCountyLimit, formatCents, parseDollars, ZLeaseSchema } from "@shared/portal.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, fieldNote, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { Failed, FormError, Section, Working } from "../owner/ui.tsx";

type LateFeeChoice = "none" | "fixed" | "percent" | "chicago_rlto" | "cook_county";
/** The two presets are each the whole fee a month: no daily amount on top. */
const isLimit = (choice: LateFeeChoice) => choice === "chicago_rlto" || choice === "cook_county";

interface LeaseFormValues {
  unit_id: string;
  start_date: string;
  end_date: string;
  rent: string;
  due_day: string;
  deposit: string;
  late_fee: LateFeeChoice;
  grace_days: string;
  fee_amount: string;
  fee_percent: string;
  daily: string;
  max: string;
  returned_fee: string;
  /** A tenant already living here: the books start on a day of the owner's choosing (PORTAL.md 3a). */
  existing: boolean;
  as_of: string;
  owed: string;
  deposit_held: string;
  tenants: { first_name: string; last_name: string; email: string; phone: string }[];
}

/** The 1st of this month in Chicago: where an existing tenant's books most often begin. */
const firstOfThisMonth = () => `${chicagoToday(new Date()).slice(0, 7)}-01`;

const dollarsOrNull = (text: string) => (text.trim() ? parseDollars(text) : null);
/** "-50.00" is a credit of $50: the one amount on the form that may be negative. */
const parseSignedDollars = (text: string) => {
  const negative = text.trim().startsWith("-");
  const cents = parseDollars(text.trim().replace(/^-/, ""));
  return cents === null ? Number.NaN : negative ? -cents : cents;
};

/** A lease of one unit, with its tenants, rent, due day, deposit and late-fee policy (PORTAL.md 2). */
export default function NewLeasePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const properties = trpc.member.owner.properties.list.useQuery();
  const create = trpc.member.owner.leases.create.useMutation({
    onSuccess: async (lease) => {
      await utils.member.owner.invalidate();
      navigate(`/portal/leases/${lease.id}`);
    },
  });
  const form = useForm<LeaseFormValues>({
    defaultValues: {
      unit_id: params.get("unit") ?? "",
      start_date: "",
      end_date: "",
      rent: "",
      due_day: "1",
      deposit: "",
      late_fee: "chicago_rlto",
      grace_days: "5",
      fee_amount: "",
      fee_percent: "",
      daily: "",
      max: "",
      returned_fee: "",
      existing: false,
      as_of: firstOfThisMonth(),
      owed: "",
      deposit_held: "",
      tenants: [{ first_name: "", last_name: "", email: "", phone: "" }],
    },
  });
  const tenants = useFieldArray({ control: form.control, name: "tenants" });
  const lateFee = form.watch("late_fee");
  const existing = form.watch("existing");
  const rent = parseDollars(form.watch("rent") || "") ?? 0;
  const errors = form.formState.errors;

  if (properties.isPending) return <Working label="Loading your units..." />;
  if (properties.isError) return <Failed error={properties.error} what="your units" />;
  const units = properties.data.flatMap((p) => p.units.filter((u) => !u.archived).map((u) => ({ id: u.id, label: `${p.display_name}, unit ${u.label}` })));

  const submit = form.handleSubmit((v) => {
    const policy =
      v.late_fee === "none"
        ? null
        : {
            grace_days: Number(v.grace_days),
            kind: v.late_fee,
            amount_cents: v.late_fee === "fixed" ? dollarsOrNull(v.fee_amount) : null,
            percent: v.late_fee === "percent" ? Number(v.fee_percent) : null,
            daily_cents: !isLimit(v.late_fee) ? dollarsOrNull(v.daily) : null,
            max_cents: dollarsOrNull(v.max),
          };
    const parsed = ZLeaseSchema.safeParse({
      unit_id: v.unit_id,
      start_date: v.start_date,
      end_date: v.end_date || null,
      rent_cents: dollarsOrNull(v.rent),
      due_day: Number(v.due_day),
      deposit_cents: dollarsOrNull(v.deposit) ?? 0,
      late_fee: policy,
      returned_payment_fee_cents: dollarsOrNull(v.returned_fee),
      tenants: v.tenants,
      opening_balance: v.existing
        ? { as_of: v.as_of, balance_cents: v.owed.trim() ? parseSignedDollars(v.owed) : 0, deposit_held_cents: dollarsOrNull(v.deposit_held) ?? 0 }
        : null,
    });
    if (!parsed.success) {
      const fieldOf: Record<string, keyof LeaseFormValues> = {
        rent_cents: "rent",
        deposit_cents: "deposit",
        "late_fee.amount_cents": "fee_amount",
        "late_fee.percent": "fee_percent",
        "late_fee.max_cents": "max",
        "late_fee.daily_cents": "daily",
        "late_fee.grace_days": "grace_days",
        returned_payment_fee_cents: "returned_fee",
        "opening_balance.as_of": "as_of",
        "opening_balance.balance_cents": "owed",
        "opening_balance.deposit_held_cents": "deposit_held",
      };
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        if (path.startsWith("tenants.")) form.setError(path as `tenants.${number}.first_name`, { message: issue.message });
        else form.setError(fieldOf[path] ?? (path as keyof LeaseFormValues), { message: issue.message });
      }
      return;
    }
    create.mutate(parsed.data);
  });

  const input = (name: keyof LeaseFormValues, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => {
    const id = `lease-${name}`;
    const message = errors[name]?.message as string | undefined;
    return (
      <Field id={id} label={label} hint={hint} error={message}>
        <input id={id} className={inputClass} aria-invalid={message ? true : undefined} aria-describedby={fieldNote(id, message, hint)} {...props} {...form.register(name)} />
      </Field>
    );
  };

  if (units.length === 0) {
    return (
      <Section title="Add a lease">
        <p className="text-slate-600">Add a property with its units first: a lease is for one unit.</p>
      </Section>
    );
  }

  return (
    <Section title="Add a lease">
      <form onSubmit={submit} noValidate className="space-y-5">
        <Field id="lease-unit" label="Unit" error={errors.unit_id?.message}>
          <select id="lease-unit" className={inputClass} {...form.register("unit_id")}>
            <option value="">Choose the unit</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {input("start_date", "Lease start", { type: "date" })}
          {input("end_date", "Lease end (empty: month to month)", { type: "date" })}
          {input("rent", "Monthly rent ($)", { inputMode: "decimal", placeholder: "1,200.00" })}
          {input("due_day", "Rent due on day", { type: "number", min: 1, max: 28 }, "1 to 28")}
          {input("deposit", "Security deposit ($)", { inputMode: "decimal", placeholder: "0.00" })}
        </div>

        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Tenant already living here?</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-1" {...form.register("existing")} />
            <span>
              Yes: start these books on a day I choose, with what the tenant owed then. Nothing before that day is posted, so a paid-up tenant
              does not look behind on every month since the lease began.
            </span>
          </label>
          {existing && (
            <div className="grid gap-4 sm:grid-cols-3">
              {input("as_of", "Books start on", { type: "date" }, "Between the lease start and today")}
              {input("owed", "Rent owed on that day ($)", { inputMode: "decimal", placeholder: "0.00" }, "Before that day's rent; a credit is negative, like -50.00")}
              {input("deposit_held", "Deposit you already hold ($)", { inputMode: "decimal", placeholder: "0.00" }, "Not income, not a charge")}
            </div>
          )}
        </fieldset>

        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Late fee</legend>
          <Field id="lease-late-fee" label="Late-fee policy">
            <select id="lease-late-fee" className={inputClass} {...form.register("late_fee")}>
              <option value="chicago_rlto">Chicago RLTO limit ($10 + 5% of rent over $500)</option>
              <option value="cook_county">Suburban Cook County limit ($10 + 5% of rent over $1,000)</option>
              <option value="fixed">A fixed amount</option>
              <option value="percent">A percent of the month's rent</option>
              <option value="none">No late fee</option>
            </select>
          </Field>
          {isLimit(lateFee) && rent > 0 && (
            <p className="text-sm text-slate-600">
              On {formatCents(rent)} rent that is {formatCents(lateFee === "chicago_rlto" ? chicagoRltoLimit(rent) : cookCountyLimit(rent))} a month.
            </p>
          )}
          {lateFee !== "none" && (
            <div className="grid gap-4 sm:grid-cols-2">
              {input("grace_days", "Grace days after the due date", { type: "number", min: 0, max: 31 })}
              {lateFee === "fixed" && input("fee_amount", "Late fee ($)", { inputMode: "decimal" })}
              {lateFee === "percent" && input("fee_percent", "Percent of rent", { inputMode: "decimal", placeholder: "5" })}
              {!isLimit(lateFee) && input("daily", "Plus per day late ($, optional)", { inputMode: "decimal" })}
              {input("max", "Most a late fee may be ($, optional)", { inputMode: "decimal" })}
            </div>
          )}
          {input("returned_fee", "Returned payment fee ($, optional)", { inputMode: "decimal", placeholder: "25.00" }, "Charged when a payment bounces; at most $25 (810 ILCS 5/3-806)")}
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">Tenants</legend>
          {tenants.fields.map((field, index) => {
            const tenantErrors = errors.tenants?.[index];
            return (
              <div key={field.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
                <Field id={`tenant-${index}-first`} label={`Tenant ${index + 1} first name`} error={tenantErrors?.first_name?.message}>
                  <input id={`tenant-${index}-first`} className={inputClass} {...form.register(`tenants.${index}.first_name` as const)} />
                </Field>
                <Field id={`tenant-${index}-last`} label={`Tenant ${index + 1} last name`} error={tenantErrors?.last_name?.message}>
                  <input id={`tenant-${index}-last`} className={inputClass} {...form.register(`tenants.${index}.last_name` as const)} />
                </Field>
                <Field id={`tenant-${index}-email`} label={`Tenant ${index + 1} email (for receipts)`} error={tenantErrors?.email?.message}>
                  <input id={`tenant-${index}-email`} type="email" className={inputClass} {...form.register(`tenants.${index}.email` as const)} />
                </Field>
                <Field id={`tenant-${index}-phone`} label={`Tenant ${index + 1} phone`}>
                  <input id={`tenant-${index}-phone`} type="tel" className={inputClass} {...form.register(`tenants.${index}.phone` as const)} />
                </Field>
                {tenants.fields.length > 1 && (
                  <Button type="button" variant="ghost" className="text-sm sm:col-span-2 sm:justify-self-start" onClick={() => tenants.remove(index)}>
                    Remove tenant {index + 1}
                  </Button>
                )}
              </div>
            );
          })}
          <Button type="button" variant="secondary" className="text-sm" onClick={() => tenants.append({ first_name: "", last_name: "", email: "", phone: "" })}>
            Add another tenant
          </Button>
        </fieldset>

        <FormError error={create.error} fallback="The lease could not be saved." />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Saving..." : "Save Lease"}
          </Button>
        </div>
      </form>
    </Section>
  );
}
