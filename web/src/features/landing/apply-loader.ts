import type { MembershipLevel } from "@shared/membership.ts";

// The application form is its own chunk (zod, react-hook-form), loaded when the visitor nears
// the form or asks for it. This module is the small go-between the landing page uses to ask
// for it and to preselect a level once it is there.

export const loadApplySection = () => import("../apply/ApplySection.tsx");
const loadApplicationForm = () => import("../apply/ApplicationForm.tsx");

const SHOW_EVENT = "landing:show-apply";
let markReady: () => void = () => {};
let ready = new Promise<void>((resolve) => (markReady = resolve));

/** Called by the section once the form is mounted and listening. */
export function applySectionReady(): () => void {
  markReady();
  return () => {
    ready = new Promise<void>((resolve) => (markReady = resolve));
  };
}

/** Asks the landing page's application section to load now. */
export function showApplySection(): void {
  window.dispatchEvent(new Event(SHOW_EVENT));
}

export function onShowApplySection(listener: () => void): () => void {
  window.addEventListener(SHOW_EVENT, listener);
  return () => window.removeEventListener(SHOW_EVENT, listener);
}

/** The membership cards' buttons: load the form if needed, then preselect the level. */
export async function chooseMembershipLevel(level: MembershipLevel): Promise<void> {
  showApplySection();
  const [{ preselectMembershipLevel }] = await Promise.all([loadApplicationForm(), ready]);
  preselectMembershipLevel(level);
}
