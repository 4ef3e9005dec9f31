import { z } from "zod";
import { EmailSchema } from "./application-schema.ts";
import { SPECIALTY_SKILLS } from "./membership.ts";

// Member sign-in, password and skills-profile rules, shared by the forms and the server.

export const accountMessages = {
  identifier: "Enter your email or username",
  password: "Enter your password",
  passwordLength: "Use at least 10 characters",
  passwordMatch: "The passwords do not match",
  linkSent:
    "If that email belongs to a member, a link is on its way. It works once and expires in 24 hours. Check your inbox and spam folder.",
  adminLinkSent:
    "If that email belongs to an administrator, a link is on its way. It works once and expires in 24 hours.",
  badCredentials: "The email, username or password is not right.",
  badLink: "This link has expired or has already been used. Request a new one.",
  codeSent: "We emailed you a 6-digit code. It works for 15 minutes.",
  codeNeeded: "Confirm your email first: enter the 6-digit code we email you.",
  badCode: "That code is not right or has expired. Check the latest email, or ask for a new code.",
  codeFormat: "Enter the 6 digits from the email",
} as const;

/** The 6-digit code emailed to prove a member reads their email. */
export const EmailCodeSchema = z.string().trim().regex(/^\d{6}$/, accountMessages.codeFormat);

export const PASSWORD_MIN = 10;
export const NewPasswordSchema = z
  .string(accountMessages.passwordLength)
  .min(PASSWORD_MIN, accountMessages.passwordLength)
  .max(200, "Use at most 200 characters");

/** POST /api/auth/login (SPEC.md 7): `username` holds an email or a username. */
export const ZLoginRequestSchema = z.object({
  username: z.string(accountMessages.identifier).trim().min(1, accountMessages.identifier).max(254),
  password: z.string(accountMessages.password).min(1, accountMessages.password).max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const ZEmailRequestSchema = z.object({ email: EmailSchema });
export type TEmailRequest = z.infer<typeof ZEmailRequestSchema>;

/** Emailed tokens are 32 base32 characters. */
export const LinkTokenSchema = z.string().trim().regex(/^[a-z2-7]{32}$/, accountMessages.badLink);
export const ZLinkTokenRequestSchema = z.object({ token: LinkTokenSchema });

export const ZResetPasswordRequestSchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema });

export const ZChangePasswordRequestSchema = z.object({
  current_password: z.string().max(200).optional(),
  new_password: NewPasswordSchema,
  /** Needed while the account's email is not proved yet (the first password). */
  email_code: EmailCodeSchema.optional(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

/** The member's own skills-network profile. */
export const ZSkillsProfileSchema = z.object({
  specialty_skills: z.array(z.enum(SPECIALTY_SKILLS)).max(SPECIALTY_SKILLS.length),
  other_specialty: z.string().trim().max(200).default(""),
  skills_bio: z.string().trim().max(1000, "Keep your introduction under 1000 characters").default(""),
  skills_listed: z.boolean(),
});
export type TSkillsProfile = z.input<typeof ZSkillsProfileSchema>;

export const ZIntroductionRequestSchema = z.object({
  member_id: z.uuid("Choose a member to contact"),
  skill: z.enum(SPECIALTY_SKILLS),
  message: z
    .string("Write a short message")
    .trim()
    .min(10, "Write at least 10 characters so they know what you need")
    .max(2000, "Keep your message under 2000 characters"),
});
export type TIntroductionRequest = z.infer<typeof ZIntroductionRequestSchema>;
