import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { messages, toApplyPayload, ZApplicationFormSchema } from "@shared/application-schema.ts";
import {
  LICENSE_STATUSES,
  MANAGEMENT_STATUSES,
  MEMBERSHIP_LEVELS,
  priceLabel,
  SPECIALTY_SKILLS,
  type MembershipLevel,
} from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { Field, fieldNote, inputClass } from "../../components/FormField.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

type FormInput = z.input<typeof ZApplicationFormSchema>;
type FormOutput = z.output<typeof ZApplicationFormSchema>;

export interface SubmittedApplication {
  applicationId: string;
  nextSteps: string[];
  form: FormOutput;
}

const SELECT_LEVEL_EVENT = "membership:select-level";

/** Membership cards call this to preselect a level in the form and bring it into view. */
export function preselectMembershipLevel(level: MembershipLevel) {
  window.dispatchEvent(new CustomEvent<MembershipLevel>(SELECT_LEVEL_EVENT, { detail: level }));
}

const emptyForm = {
  first_name: "",
  last_name: "",
  email: "",
  phone: "",
  membership_level: "",
  property_management_status: "",
  license_status: "",
  specialty_skills: [],
  other_specialty: "",
  message: "",
  agree_to_terms: false,
  acknowledged_pma: false,
} as unknown as FormInput;

/** The application form of SPEC.md 3 and 5, checked by the same schema the server uses. */
export function ApplicationForm({
  initial,
  onSubmitted,
}: {
  initial?: Partial<FormOutput>;
  onSubmitted: (submitted: SubmittedApplication) => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const apply = trpc.public.membership.submitApplication.useMutation();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZApplicationFormSchema),
    defaultValues: { ...emptyForm, ...initial } as FormInput,
    mode: "onTouched",
  });

  useEffect(() => {
    const select = (event: Event) => {
      setValue("membership_level", (event as CustomEvent<MembershipLevel>).detail, { shouldValidate: true });
      document.getElementById("apply")?.scrollIntoView({ behavior: "smooth" });
    };
    window.addEventListener(SELECT_LEVEL_EVENT, select);
    return () => window.removeEventListener(SELECT_LEVEL_EVENT, select);
  }, [setValue]);

  const isContractor = watch("property_management_status") === "Contractor";
  const busy = isSubmitting || apply.isPending;

  const onValid = async (form: FormOutput) => {
    setIncomplete(false);
    setSubmitError(null);
    try {
      const result = await apply.mutateAsync(toApplyPayload(form));
      onSubmitted({ applicationId: result.application_id, nextSteps: result.next_steps, form });
    } catch (error) {
      setSubmitError(errorMessage(error, "Failed to submit application. Please try again."));
    }
  };


  return (
    <form
      noValidate
      aria-label="Membership application"
      onSubmit={handleSubmit(onValid, () => setIncomplete(true))}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("first")} label="First Name" hint="At least 2 characters" error={errors.first_name?.message}>
          <input id={id("first")} autoComplete="given-name" className={inputClass} aria-invalid={!!errors.first_name} aria-describedby={fieldNote(id("first"), errors.first_name?.message, "At least 2 characters")} {...register("first_name")} />
        </Field>
        <Field id={id("last")} label="Last Name" hint="At least 2 characters" error={errors.last_name?.message}>
          <input id={id("last")} autoComplete="family-name" className={inputClass} aria-invalid={!!errors.last_name} aria-describedby={fieldNote(id("last"), errors.last_name?.message, "At least 2 characters")} {...register("last_name")} />
        </Field>
        <Field id={id("email")} label="Email" error={errors.email?.message}>
          <input id={id("email")} type="email" autoComplete="email" className={inputClass} aria-invalid={!!errors.email} aria-describedby={fieldNote(id("email"), errors.email?.message, undefined)} {...register("email")} />
        </Field>
        <Field id={id("phone")} label="Phone" hint={messages.phone} error={errors.phone?.message}>
          <input id={id("phone")} type="tel" autoComplete="tel" placeholder="(312) 555-0100" className={inputClass} aria-invalid={!!errors.phone} aria-describedby={fieldNote(id("phone"), errors.phone?.message, messages.phone)} {...register("phone")} />
        </Field>
        <Field id={id("level")} label="Membership Level" error={errors.membership_level?.message}>
          <select id={id("level")} className={inputClass} aria-invalid={!!errors.membership_level} aria-describedby={fieldNote(id("level"), errors.membership_level?.message, undefined)} {...register("membership_level")}>
            <option value="" disabled>
              Choose a level
            </option>
            {MEMBERSHIP_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level} ({priceLabel(level)})
              </option>
            ))}
          </select>
        </Field>
        <Field id={id("status")} label="Management Status" error={errors.property_management_status?.message}>
          <select id={id("status")} className={inputClass} aria-invalid={!!errors.property_management_status} aria-describedby={fieldNote(id("status"), errors.property_management_status?.message, undefined)} {...register("property_management_status")}>
            <option value="" disabled>
              Choose your situation
            </option>
            {MANAGEMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {isContractor && (
        <div className="space-y-5 rounded-xl border border-brand-100 bg-brand-50/50 p-4">
          <Field id={id("license")} label="License Status" error={errors.license_status?.message}>
            <select id={id("license")} className={inputClass} aria-invalid={!!errors.license_status} aria-describedby={fieldNote(id("license"), errors.license_status?.message, undefined)} {...register("license_status")}>
              <option value="">Choose license status</option>
              {LICENSE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Specialty Skills</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {SPECIALTY_SKILLS.map((skill) => (
                <label key={skill} className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" value={skill} className="h-4 w-4 rounded border-slate-300" {...register("specialty_skills")} />
                  {skill}
                </label>
              ))}
            </div>
          </fieldset>
          <Field id={id("other")} label="Other Specialty" error={errors.other_specialty?.message}>
            <input id={id("other")} className={inputClass} {...register("other_specialty")} />
          </Field>
        </div>
      )}

      <Field id={id("message")} label="Message (optional)" error={errors.message?.message}>
        <textarea id={id("message")} rows={3} className={inputClass} {...register("message")} />
      </Field>

      <div className="space-y-3">
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-300" aria-invalid={!!errors.agree_to_terms} {...register("agree_to_terms")} />
          <span>I agree to the terms and conditions of membership.</span>
        </label>
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-300" aria-invalid={!!errors.acknowledged_pma} {...register("acknowledged_pma")} />
          <span>
            I acknowledge that this is a private member association and not a licensed property management company.
          </span>
        </label>
      </div>

      {incomplete && Object.keys(errors).length > 0 && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {messages.incomplete}
        </p>
      )}
      {submitError && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">Application Error</p>
          <p className="mt-1">{submitError}</p>
        </div>
      )}

      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Submitting..." : "Submit Application"}
      </Button>
    </form>
  );
}
