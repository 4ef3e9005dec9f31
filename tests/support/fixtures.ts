import type { MembershipLevel } from "../../src/shared/membership.ts";
import { openCredentials } from "../../src/server/mail/outbox.ts";
import type { ApiClient } from "./harness.ts";

let counter = 0;

/** A valid application payload (SPEC.md 7); pass fields to change. */
export function applicationPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: "Maria",
    last_name: "Gonzalez",
    email: `maria.gonzalez.${Date.now().toString(36)}${counter}@members.example.org`,
    phone: "3125550100",
    membership_level: "Basic",
    property_management_status: "Self-managed",
    license_status: "",
    specialty_skills: [],
    other_specialty: "",
    agree_to_terms: true,
    consent_digital_signature: true,
    ...overrides,
  };
}

/** Applies through the API with this client (its cookie jar becomes the applicant's). */
export async function apply(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const payload = applicationPayload(overrides);
  const response = await client.post("/api/membership/apply", payload);
  if (response.status >= 300) throw new Error(`apply failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { payload, applicationId: response.body.application_id as string, response };
}

/** Applies and signs: the client ends signed in as the new member. */
export async function applyAndSign(client: ApiClient, level: MembershipLevel = "Basic", overrides: Record<string, unknown> = {}) {
  const applied = await apply(client, { membership_level: level, ...overrides });
  const signed = await client.post(`/api/membership/contract-signed/${applied.applicationId}`, {
    consent: true,
    signature_name: `${applied.payload.first_name} ${applied.payload.last_name}`,
  });
  if (signed.status !== 200) throw new Error(`sign failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  return { ...applied, contractId: signed.body.contract_id as string, email: applied.payload.email as string, signed };
}

/** Signs this client in as the first administrator without the login form (tests of other areas). */
export async function signInAsAdmin(services: import("../../src/server/services.ts").Services, client: ApiClient) {
  const { adminUsers } = await import("../../src/server/db/schema.ts");
  const { createSession } = await import("../../src/server/domain/sessions.ts");
  const [admin] = await services.db.select().from(adminUsers).limit(1);
  if (!admin) throw new Error("no admin");
  const { token } = await createSession(services.db, { kind: "admin", adminId: admin.id }, services.now());
  client.cookies.set("lpa_admin", token);
  return admin;
}

/** The latest email of this template to this address (the outbox is how tests read mail). */
export async function latestEmail(services: import("../../src/server/services.ts").Services, to: string, template: string) {
  const { and, desc, eq } = await import("drizzle-orm");
  const { emailOutbox } = await import("../../src/server/db/schema.ts");
  const [mail] = await services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no ${template} email to ${to}`);
  return delivered(mail);
}

/** An outbox row as its recipient gets it: the credentials the outbox keeps apart filled in, as the mail worker does. */
export function delivered<T extends { subject: string; html: string; text: string; credentials: string[] | null }>(row: T): T {
  return { ...row, subject: openCredentials(row.subject, row.credentials), html: openCredentials(row.html, row.credentials), text: openCredentials(row.text, row.credentials) };
}

/** The link token in the latest email of this template to this address. */
export async function linkTokenFromEmail(services: import("../../src/server/services.ts").Services, to: string, template: string) {
  const mail = await latestEmail(services, to, template);
  const token = mail.text.match(/token=([a-z2-7]{32})/)?.[1];
  if (!token) throw new Error(`no link token in the ${template} email`);
  return token;
}

/** Asks for the 6-digit email code as this signed-in client and reads it from the email. */
export async function emailCode(services: import("../../src/server/services.ts").Services, client: ApiClient, email: string) {
  const sent = await client.post("/api/auth/email-code");
  if (sent.status !== 200) throw new Error(`email code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = (await latestEmail(services, email, "email_code")).subject.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error("no code in the email");
  return code;
}

/** Sets a first password as this signed-in member, proving the email with the emailed code when it is not proved yet. */
export async function setFirstPassword(
  services: import("../../src/server/services.ts").Services,
  client: ApiClient,
  email: string,
  password: string,
) {
  const verified = (await client.get("/api/auth/me")).body.email_verified === true;
  const email_code = verified ? undefined : await emailCode(services, client, email);
  const res = await client.post("/api/auth/password", { new_password: password, email_code });
  if (res.status !== 200) throw new Error(`set password: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/**
 * A Standard or Premium member who signed and paid with the test card, signed in on this client:
 * an owner of the owner portal.
 */
export async function paidOwner(client: ApiClient, level: "Standard" | "Premium" = "Standard", overrides: Record<string, unknown> = {}) {
  const { sessionIdOf, trpcCall } = await import("./billing.ts");
  const signed = await applyAndSign(client, level, overrides);
  const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
  if (initiated.status !== 200) throw new Error(`initiate payment: ${initiated.status} ${JSON.stringify(initiated.body)}`);
  const paid = await trpcCall(client, "mutation", "public.testProvider.pay", {
    session_id: sessionIdOf(initiated.body.checkout_url),
    card_number: "4242 4242 4242 4242",
  });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  return signed;
}
