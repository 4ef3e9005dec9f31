// A load of applications and signatures against running servers, remembering every request that
// was acknowledged (2xx), so a fault test can check afterwards that all of them were kept.

import { applicationPayload } from "../support/fixtures.ts";

export interface Acknowledged {
  applications: Map<string, string>; // application id -> email
  contracts: Map<string, string>; // application id -> contract id
  failures: number;
  /** Answers that were neither 2xx nor a clean JSON error (a crash would show here). */
  malformed: string[];
}

let counter = 0;
const nextEmail = () => `fault.${Date.now().toString(36)}.${(counter++).toString(36)}@load.invalid`;
const nextIp = () => `10.9.${(counter >> 8) & 255}.${counter & 255}`;

export function newAcknowledged(): Acknowledged {
  return { applications: new Map(), contracts: new Map(), failures: 0, malformed: [] };
}

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text };
}

/**
 * Runs `workers` loops until `until()` is true: apply on one server, sign on another (the same
 * when there is one). Connection errors (a killed server) count as failures, not acknowledgements.
 */
export async function applyAndSignLoad(
  urls: () => string[],
  ack: Acknowledged,
  options: { workers: number; until: () => boolean; level?: string },
): Promise<void> {
  const worker = async (w: number) => {
    let turn = w;
    while (!options.until()) {
      const list = urls();
      const applyUrl = list[turn % list.length]!;
      const signUrl = list[(turn + 1) % list.length]!;
      turn += 1;
      const email = nextEmail();
      try {
        const applied = await post(
          `${applyUrl}/api/membership/apply`,
          applicationPayload({ first_name: "Fault", last_name: "Tester", email, membership_level: options.level ?? "Basic" }),
          { "x-forwarded-for": nextIp() },
        );
        check(ack, applied);
        if (applied.status >= 300) continue;
        ack.applications.set(applied.json.application_id, email);
        const signed = await post(
          `${signUrl}/api/membership/contract-signed/${applied.json.application_id}`,
          { consent: true, signature_name: "Fault Tester" },
          { authorization: `Bearer ${applied.json.access_token}` },
        );
        check(ack, signed);
        if (signed.status < 300) ack.contracts.set(applied.json.application_id, signed.json.contract_id);
      } catch {
        ack.failures += 1;
        await Bun.sleep(20);
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
}

function check(ack: Acknowledged, res: { status: number; json: any; text: string }) {
  if (res.status < 300) return;
  ack.failures += 1;
  const clean = res.json && (typeof res.json.detail === "string" || Array.isArray(res.json.detail));
  if (!clean) ack.malformed.push(`${res.status} ${res.text.slice(0, 200)}`);
}
