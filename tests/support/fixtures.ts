import type { MembershipLevel } from "../../src/shared/membership.ts";
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
