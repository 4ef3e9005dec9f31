import type { Config } from "../config.ts";
import { renderEmail, type RenderedEmail } from "./templates.ts";

// Skills-network introductions between members.

export function skillsIntroductionEmail(
  config: Config,
  input: { recipientFirstName: string; senderName: string; senderEmail: string; skill: string; message: string },
): RenderedEmail {
  return renderEmail(config, "skills_introduction", `${input.senderName} would like to connect about ${input.skill}`, {
    heading: `Hello ${input.recipientFirstName}, a member would like to connect`,
    paragraphs: [
      `${input.senderName}, a fellow association member, found you in the skills network under ${input.skill} and wrote:`,
      input.message,
      `To answer, write to ${input.senderEmail}. Your own email address was not shared; it reaches ${input.senderName} only if you reply. ` +
        "Any work you agree on is a private contract between the two of you.",
      "You get these messages because you chose to be listed in the skills network. You can hide your profile at any time from the Skills Network tab of the member portal.",
    ],
    action: { label: "Open the member portal", url: `${config.PUBLIC_URL}/basic-portal` },
  });
}

export function skillsIntroductionSentEmail(
  config: Config,
  input: { senderFirstName: string; recipientName: string; skill: string; message: string },
): RenderedEmail {
  return renderEmail(config, "skills_introduction_sent", `Your introduction to ${input.recipientName} was sent`, {
    heading: `Your introduction is on its way, ${input.senderFirstName}`,
    paragraphs: [
      `We sent your message about ${input.skill} to ${input.recipientName}, with your email address so they can answer you directly.`,
      `Your message: ${input.message}`,
    ],
  });
}
