import type { Config } from "../config.ts";
import { renderEmail, type RenderedEmail } from "./templates.ts";

// The messages of a lease signed online (PORTAL.md 8a): to each tenant when it is sent, to the
// owner when every tenant has signed or one declines, and to everyone with the signed PDF.

export function leaseToSignEmail(config: Config, input: { firstName: string; ownerName: string; place: string }): RenderedEmail {
  return renderEmail(config, "lease_to_sign", `${input.ownerName} sent your lease of ${input.place} to sign`, {
    heading: `Your lease is ready to sign, ${input.firstName}`,
    paragraphs: [
      `${input.ownerName} sent the lease of ${input.place} for your electronic signature.`,
      "Read it in your tenant portal, then sign it by typing your name, or decline it and say why. Nothing is signed until you do.",
    ],
    action: { label: "Read and sign the lease", url: `${config.PUBLIC_URL}/tenant` },
  });
}

/** The invitation's extra paragraph when a lease waits for the tenant's signature. */
export const LEASE_WAITING_NOTE = "Your lease is waiting for your signature: open your tenant portal with the link below, accept the invitation, and read and sign it there.";

export function leaseSignedByTenantsEmail(config: Config, input: { firstName: string; place: string; leaseId: string }): RenderedEmail {
  return renderEmail(config, "lease_ready_to_countersign", `Every tenant signed the lease of ${input.place}: countersign it`, {
    heading: `Your turn to sign, ${input.firstName}`,
    paragraphs: [`Every tenant signed the lease of ${input.place}. Countersign it to complete it: everyone then receives the signed PDF with its audit page.`],
    action: { label: "Countersign the lease", url: `${config.PUBLIC_URL}/portal/leases/${input.leaseId}#signature` },
  });
}

export function leaseDeclinedEmail(config: Config, input: { firstName: string; place: string; leaseId: string; tenantName: string; reason: string }): RenderedEmail {
  return renderEmail(config, "lease_declined", `${input.tenantName} declined the lease of ${input.place}`, {
    heading: `A tenant declined the lease, ${input.firstName}`,
    paragraphs: [`${input.tenantName} declined to sign the lease of ${input.place}, saying:`, `"${input.reason}"`, "You can change the lease and send it again."],
    action: { label: "Open the lease", url: `${config.PUBLIC_URL}/portal/leases/${input.leaseId}#signature` },
  });
}

export function leaseCompletedEmail(config: Config, input: { firstName: string; place: string; portalUrl: string }): RenderedEmail {
  return renderEmail(config, "lease_signed", `The signed lease of ${input.place}`, {
    heading: `Your signed lease, ${input.firstName}`,
    paragraphs: [
      `Every party has signed the lease of ${input.place}. The signed lease is attached as a PDF, with the page that records how and when each of you signed.`,
      `Anyone can check that a copy is genuine at ${config.PUBLIC_URL}/verify.`,
    ],
    action: { label: "Open the portal", url: input.portalUrl },
  });
}
