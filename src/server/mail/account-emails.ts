import type { Config } from "../config.ts";
import { renderEmail, withCredential, type RenderedEmail } from "./templates.ts";

// The emails of member sign-in: the sign-in link and the password link.

export function signInLinkEmail(config: Config, input: { firstName: string; token: string }): RenderedEmail {
  const url = `${config.PUBLIC_URL}/account/link?token=${encodeURIComponent(input.token)}`;
  return withCredential(renderEmail(config, "sign_in_link", "Your sign-in link", {
    heading: `Sign in, ${input.firstName}`,
    paragraphs: [
      "Someone (we hope you) asked for a link to sign in to the member portal. Open it and press Sign In.",
      "The link works once and expires in 24 hours. If you did not ask for it, ignore this message: nobody can sign in without opening it.",
    ],
    action: { label: "Sign in to your member portal", url },
  }), input.token);
}

export function passwordLinkEmail(
  config: Config,
  input: { firstName: string; token: string; hasPassword: boolean },
): RenderedEmail {
  const url = `${config.PUBLIC_URL}/account/password?token=${encodeURIComponent(input.token)}`;
  const verb = input.hasPassword ? "reset" : "set";
  return withCredential(renderEmail(config, `password_${verb}_link`, input.hasPassword ? "Reset your password" : "Set your password", {
    heading: input.hasPassword ? `Reset your password, ${input.firstName}` : `Set your password, ${input.firstName}`,
    paragraphs: [
      `Open the link to ${verb} the password of your member account. It works once and expires in 24 hours.`,
      input.hasPassword
        ? "Your old password keeps working until you choose a new one. If you did not ask for this, ignore this message."
        : "With a password you can sign in on any device with your email and password. You can always ask for a sign-in link instead.",
    ],
    action: { label: input.hasPassword ? "Choose a new password" : "Set your password", url },
  }), input.token);
}

export function passwordChangedEmail(config: Config, input: { firstName: string }): RenderedEmail {
  return renderEmail(config, "password_changed", "Your password was changed", {
    heading: `Your password was changed, ${input.firstName}`,
    paragraphs: [
      "The password of your member account was just set. Every other device was signed out.",
      `If this was not you, ask for a password link at ${config.PUBLIC_URL}/sign-in and contact us.`,
    ],
  });
}

export function emailCodeEmail(config: Config, input: { firstName: string; code: string }): RenderedEmail {
  return withCredential(renderEmail(config, "email_code", `Your confirmation code: ${input.code}`, {
    heading: `Confirm your email, ${input.firstName}`,
    paragraphs: [
      `Your code is ${input.code}. Enter it where you asked for it to confirm that this email is yours. It works for 15 minutes.`,
      "If you did not ask for it, ignore this message: nothing changes without the code.",
    ],
  }), input.code);
}

export function adminSignInLinkEmail(config: Config, input: { fullName: string; token: string }): RenderedEmail {
  const url = `${config.PUBLIC_URL}/admin/link?token=${encodeURIComponent(input.token)}`;
  return withCredential(renderEmail(config, "admin_sign_in_link", "Your administrator sign-in link", {
    heading: `Sign in, ${input.fullName}`,
    paragraphs: [
      "Someone (we hope you) asked for a link to sign in to the association's admin area. Open it and press Sign In.",
      "The link works once and expires in 24 hours. If you did not ask for it, ignore this message, and consider changing your password.",
    ],
    action: { label: "Sign in to the admin area", url },
  }), input.token);
}
