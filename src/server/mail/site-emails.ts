import type { TStrategySessionRequest } from "../../shared/strategy-session.ts";
import { STRATEGY_SESSION_MINUTES } from "../../shared/content.ts";
import { chicagoDateTime } from "../../shared/time.ts";
import type { Config } from "../config.ts";
import { renderEmail, type RenderedEmail } from "./templates.ts";

/** To support: someone asked for a strategy session on the demo page. */
export function strategySessionRequestedEmail(
  config: Config,
  input: { request: TStrategySessionRequest; requestId: string; receivedAt: Date },
): RenderedEmail {
  const { request } = input;
  return renderEmail(config, "strategy_session_requested", `Strategy session request from ${request.name}`, {
    heading: `New ${STRATEGY_SESSION_MINUTES}-minute strategy session request`,
    paragraphs: [
      `${request.name} asked for a strategy session on ${chicagoDateTime(input.receivedAt)}. Reply to them to confirm a time.`,
      ...(request.message ? [`Their message: ${request.message}`] : []),
    ],
    list: [
      `Name: ${request.name}`,
      `Email: ${request.email}`,
      `Phone: ${request.phone || "not given"}`,
      `Preferred time: ${request.preferred_time || "not given"}`,
      `Request id: ${input.requestId}`,
    ],
    action: { label: `Reply to ${request.name}`, url: `mailto:${request.email}` },
  });
}
