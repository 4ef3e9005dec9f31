import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useAlert } from "../components/alert.tsx";
import { showApplySection } from "../features/landing/apply-loader.ts";
import { delay, goToSection, SCROLL_ALERT_DELAY_MS } from "./scroll.ts";

/** `goTo("membership")` scrolls to a landing-page section, from the landing page or any other page. */
export function useGoToSection() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: string) => {
      // The application form is loaded on demand; asking for its section loads it.
      if (id === "apply" || id === "contact") showApplySection();
      goToSection(id, navigate, pathname);
    },
    [navigate, pathname],
  );
}

/**
 * Scrolls to a section, then after SPEC.md's 500 ms shows an accessible alert (for example the
 * upgrade prompt that sends a visitor to the membership section). Resolves with the choice.
 */
export function useSectionAlert() {
  const goTo = useGoToSection();
  const alert = useAlert();
  return useCallback(
    async (id: string, options: Parameters<ReturnType<typeof useAlert>>[0]) => {
      goTo(id);
      await delay(SCROLL_ALERT_DELAY_MS);
      return alert(options);
    },
    [goTo, alert],
  );
}
