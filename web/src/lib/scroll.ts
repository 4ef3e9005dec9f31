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

/** SPEC.md 9: a dialog tied to a scroll target opens 500 ms after the scroll starts. */
export const SCROLL_ALERT_DELAY_MS = 500;

/**
 * Goes to a landing-page section from any page: scrolls when the landing page is showing,
 * otherwise navigates to `/#id` and the landing page scrolls once it is there.
 */
export function goToSection(id: string, navigate: (to: string) => void, pathname: string): void {
  if (pathname === "/" && scrollToSection(id)) return;
  navigate(`/#${id}`);
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
