import { useCallback, useEffect, useRef, useState } from "react";
import { Button, buttonClass } from "../../components/Button.tsx";
import { loadDataLayer } from "../../lib/lazy-with-data.tsx";
import { useSiteConfig } from "../../lib/site-config.ts";

/** SPEC.md 9: the fallback shows when the embed shows no sign of loading within 3 seconds. */
export const DEMO_FALLBACK_MS = 3000;
export const DEMO_HEIGHT_PX = 500;

type State = "idle" | "loading" | "loaded" | "fallback";

/**
 * The interactive demo in a 500 px frame: by default this app's own owner portal on sample books
 * (/demo/portal), or the DEMO_URL configured. A browser cannot tell a cross-origin frame that loaded
 * from one that shows an error page (both fire `load`), so the server checks that the demo
 * answers and allows framing; the frame counts as loaded when both the server says so and the
 * frame fired `load` within 3 seconds. Otherwise, or when a content-security rule blocks the
 * frame, the fallback panel offers a new tab and Retry. The frame starts only when scrolled near;
 * the data layer that asks the server loads then too, not with the page.
 */
export function DemoEmbed({ eager = false }: { eager?: boolean }) {
  const config = useSiteConfig();
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(eager);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>("idle");
  const signs = useRef({ frameLoaded: false, serverOk: false, attempt: 0 });
  const settleRef = useRef<() => void>(() => {});
  const demoUrl = config?.demoUrl;

  useEffect(() => {
    if (visible || !box.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: "300px",
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || !demoUrl) return;
    const current = attempt;
    signs.current = { frameLoaded: false, serverOk: false, attempt: current };
    setState("loading");
    const settle = () => {
      if (signs.current.attempt === current && signs.current.frameLoaded && signs.current.serverOk) setState("loaded");
    };
    const fail = () => signs.current.attempt === current && setState((s) => (s === "loaded" ? s : "fallback"));
    loadDataLayer()
      .then(({ trpcClient }) => trpcClient.public.landing.demoStatus.query({ fresh: current > 0 }))
      .then((status) => {
        if (status.embeddable) {
          signs.current.serverOk = true;
          settle();
        } else fail();
      })
      .catch(fail);
    const timer = setTimeout(() => {
      if (!(signs.current.frameLoaded && signs.current.serverOk)) fail();
    }, DEMO_FALLBACK_MS);
    // The built-in demo is a path of this site; a configured one may be on another host.
    const origin = new URL(demoUrl, window.location.href).origin;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(origin)) fail();
    };
    document.addEventListener("securitypolicyviolation", onViolation);
    settleRef.current = settle;
    return () => {
      clearTimeout(timer);
      document.removeEventListener("securitypolicyviolation", onViolation);
    };
  }, [visible, demoUrl, attempt]);

  const onFrameLoad = useCallback(() => {
    signs.current.frameLoaded = true;
    settleRef.current();
  }, []);

  return (
    <div ref={box} className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-sm" style={{ height: DEMO_HEIGHT_PX }}>
      {visible && demoUrl && state !== "fallback" && (
        <iframe
          key={attempt}
          src={demoUrl}
          title="Interactive demo of the member portal"
          className="h-full w-full border-0 bg-white"
          onLoad={onFrameLoad}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
      {state === "loading" && (
        <div role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center bg-slate-100/90 text-slate-700">
          <span className="mr-3 h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden="true" />
          Loading the demo...
        </div>
      )}
      {state === "idle" && (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-slate-600">The interactive demo loads here.</div>
      )}
      {state === "fallback" && (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-white p-6 text-center">
          <h3 className="text-xl font-semibold text-slate-900">The demo is unavailable right now</h3>
          <p className="max-w-md text-slate-600">
            The live demo is not answering at the moment. Open it in a new tab or try again in a little while, or book a strategy
            session and we will walk you through the portal.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a href={demoUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
              Open Demo in New Tab
            </a>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
            <a href="/#apply" target="_top" className={buttonClass("ghost")}>
              Apply for Membership
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
