/** Scrolls to a landing-page section and moves focus there for keyboard and screen-reader users. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: "smooth", block: "start" });
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
  history.replaceState(null, "", `#${id}`);
  return true;
}
