import { z } from "zod";
import {
  LICENSE_STATUSES,
  MANAGEMENT_STATUSES,
  MEMBERSHIP_LEVELS,
  SPECIALTY_SKILLS,
} from "./membership.ts";

// The rules of SPEC.md 5, written once. The form and the server build their schemas from
// these field rules, so a rule cannot differ between what the browser checks and what the
// server accepts.

export const messages = {
  firstName: "First name must be at least 2 characters",
  lastName: "Last name must be at least 2 characters",
  email: "Enter a valid email address",
  phone: "10-digit US phone number required",
  membershipLevel: "Choose a membership level",
  managementStatus: "Choose your management status",
  licenseStatus: "Contractors must choose a license status",
  terms: "You must agree to the terms",
  acknowledge: "You must acknowledge the association",
  incomplete: "Please complete all required fields and agree to the terms.",
} as const;

export const digitsOnly = (value: string) => value.replace(/\D/g, "");

export const NameSchema = (message: string) => z.string(message).trim().min(2, message).max(100, "At most 100 characters");
export const EmailSchema = z
  .string(messages.email)
  .trim()
  .toLowerCase()
  .max(254, messages.email)
  .pipe(z.email(messages.email));
/** Any formatting is accepted; what counts is at least 10 digits (and at most 15, E.164). */
export const PhoneSchema = z
  .string(messages.phone)
  .transform(digitsOnly)
  .pipe(z.string().min(10, messages.phone).max(15, messages.phone));

const fields = {
  first_name: NameSchema(messages.firstName),
  last_name: NameSchema(messages.lastName),
  email: EmailSchema,
  phone: PhoneSchema,
  membership_level: z.enum(MEMBERSHIP_LEVELS, messages.membershipLevel),
  property_management_status: z.enum(MANAGEMENT_STATUSES, messages.managementStatus),
  license_status: z.union([z.enum(LICENSE_STATUSES), z.literal("")]).default(""),
  specialty_skills: z.array(z.enum(SPECIALTY_SKILLS)).max(SPECIALTY_SKILLS.length).default([]),
  other_specialty: z.string().trim().max(200).default(""),
  message: z.string().trim().max(2000).default(""),
};

function requireLicenseForContractor(
  value: { property_management_status: string; license_status: string },
  ctx: z.RefinementCtx,
) {
  if (value.property_management_status === "Contractor" && value.license_status === "") {
    ctx.addIssue({ code: "custom", path: ["license_status"], message: messages.licenseStatus });
  }
}

/** What the application form holds (the form's own field names match the API payload). */
export const ZApplicationFormSchema = z
  .object({
    ...fields,
    agree_to_terms: z.literal(true, messages.terms),
    acknowledged_pma: z.literal(true, messages.acknowledge),
  })
  .superRefine(requireLicenseForContractor);
export type TApplicationForm = z.input<typeof ZApplicationFormSchema>;

/** POST /api/membership/apply (SPEC.md 7). */
export const ZApplyRequestSchema = z
  .object({
    ...fields,
    agree_to_terms: z.literal(true, messages.terms),
    consent_digital_signature: z.boolean().optional(),
  })
  .superRefine(requireLicenseForContractor)
  .transform((value) => ({
    ...value,
    consent_digital_signature: value.consent_digital_signature ?? value.agree_to_terms,
    // A license status only means something for contractors, and skills are kept in one order.
    license_status: value.property_management_status === "Contractor" ? value.license_status : "",
    specialty_skills: SPECIALTY_SKILLS.filter((skill) => value.specialty_skills.includes(skill)),
  }));
export type TApplyRequest = z.output<typeof ZApplyRequestSchema>;

/** The form's values as the API payload (SPEC.md 7: phone digits only, empty license ""). */
export function toApplyPayload(form: z.output<typeof ZApplicationFormSchema>): z.input<typeof ZApplyRequestSchema> {
  const { acknowledged_pma, ...rest } = form;
  const agree = form.agree_to_terms && acknowledged_pma;
  return {
    ...rest,
    phone: digitsOnly(form.phone),
    agree_to_terms: agree,
    consent_digital_signature: agree,
  };
}

/** Signing: the consent checkbox must be ticked and the signer types their name. */
export const ZSignRequestSchema = z
  .object({
    consent: z.literal(true, "Tick the consent box to sign"),
    signature_name: z.string().trim().min(2, "Type your full name to sign").max(200),
  });
export type TSignRequest = z.output<typeof ZSignRequestSchema>;
