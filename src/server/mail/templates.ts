import { ASSOCIATION_NAME } from "../../shared/agreement.ts";
import { priceLabel, type MembershipLevel } from "../../shared/membership.ts";
import type { Config } from "../config.ts";

// Every message has an HTML and a plain-text part built from the same lines.

export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
  /** The secrets only the recipient may use (a link's token, a code): see `enqueueEmail`. */
  credentials?: string[];
}

/** A message that hands its recipient a credential: the outbox keeps it apart from the text. */
export const withCredential = (email: RenderedEmail, credential: string): RenderedEmail => ({ ...email, credentials: [credential] });

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

interface Block {
  heading?: string;
  paragraphs: string[];
  /** A body written in Markdown, after the paragraphs: its sanitised HTML and its plain-text layout. */
  body?: { html: string; text: string };
  /** Paragraphs after the body (a newsletter's unsubscribe line). */
  closing?: string[];
  list?: string[];
  action?: { label: string; url: string };
}

/** Lays out one message in both parts, with the support footer from config. */
export function renderEmail(config: Config, template: string, subject: string, block: Block): RenderedEmail {
  const footer = `Questions? Write to ${config.SUPPORT_EMAIL} or call ${config.SUPPORT_PHONE}.`;
  const text = [
    block.heading ?? subject,
    "",
    ...block.paragraphs.flatMap((p) => [p, ""]),
    ...(block.body ? [block.body.text, ""] : []),
    ...(block.closing ?? []).flatMap((p) => [p, ""]),
    ...(block.list ? [...block.list.map((item) => `- ${item}`), ""] : []),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ""] : []),
    "--",
    ASSOCIATION_NAME,
    footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:600px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#1e3a8a">${escapeHtml(block.heading ?? subject)}</h1>
${block.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${block.body ? block.body.html : ""}
${(block.closing ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${block.list ? `<ul>${block.list.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>` : ""}
${block.action ? `<p><a href="${escapeHtml(block.action.url)}" style="background:#1e3a8a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(block.action.label)}</a></p>` : ""}
<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${escapeHtml(ASSOCIATION_NAME)}<br>${escapeHtml(footer)}</p>
</body></html>`;
  return { template, subject, html, text };
}

/** The page an application's emailed link opens: it continues the application on any device. */
export const continueApplicationUrl = (config: Config, token: string) =>
  `${config.PUBLIC_URL}/apply/continue?token=${encodeURIComponent(token)}`;

export function applicationReceivedEmail(
  config: Config,
  input: { firstName: string; membershipLevel: MembershipLevel; nextSteps: string[]; token: string },
): RenderedEmail {
  return withCredential(renderEmail(config, "application_received", "We received your membership application", {
    heading: `Thank you, ${input.firstName}`,
    paragraphs: [
      `Your application for ${input.membershipLevel} membership (${priceLabel(input.membershipLevel)}) is approved. ` +
        "The last step is to review and sign the membership agreement.",
      "If you closed the page, or want to sign on another device, open the link below: it opens your application and " +
        "the agreement. It works once and expires in 24 hours.",
    ],
    // The steps as the signing screen words them, less its "below": here the agreement is behind the link.
    list: input.nextSteps.map((step) => step.replace(/ below$/, "")),
    action: { label: "Review and sign your agreement", url: continueApplicationUrl(config, input.token) },
  }), input.token);
}

/**
 * Someone applied with the email of an existing member. The applicant's screen looks the same as
 * for any application (strangers must not learn who is a member); the member learns it here.
 */
export function alreadyMemberEmail(config: Config, input: { token: string }): RenderedEmail {
  // No name: the applicant typed it, and it may not be the member's.
  return withCredential(renderEmail(config, "already_a_member", "You are already a member", {
    heading: "You are already a member",
    paragraphs: [
      "Someone (we hope you) just applied for membership with this email address. It already belongs to your membership, " +
        "so no second membership can be made with it.",
      "To manage or upgrade your membership, sign in with the link below. It works once and expires in 24 hours. " +
        "If you did not apply, ignore this message: nothing changed.",
    ],
    action: { label: "Sign in to your member portal", url: `${config.PUBLIC_URL}/account/link?token=${encodeURIComponent(input.token)}` },
  }), input.token);
}
