import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { DEMO_PAGE_PREFIX } from "@shared/routes.ts";
import { Root } from "./Root.tsx";
import "./styles.css";

// Pre-rendered pages carry the stylesheet inlined (web/prerender-plugin.ts inlineStyles). Vite's
// loader fetches a lazy part's stylesheet unless a link to it is in the document: a disabled link
// (not fetched) says it is there. Made here, not in the HTML, where Chromium's preload scanner
// sometimes fetched it anyway.
for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.disabled = true;
  link.setAttribute("href", style.dataset.href!);
  document.head.append(link);
}

const container = document.getElementById("root")!;
const path = window.location.pathname;
if (path === DEMO_PAGE_PREFIX || path.startsWith(`${DEMO_PAGE_PREFIX}/`)) {
  // The live demo of the owner portal (framed by the landing page and /demo) is an app of its own,
  // loaded only there: the portal's screens on the sample books' data layer, with no session.
  void import("./features/demo/DemoApp.tsx").then(({ DemoApp }) => createRoot(container).render(<DemoApp />));
} else {
  const app = <Root router={BrowserRouter} />;
  // Public pages arrive pre-rendered (web/prerender.ts): React takes over the HTML that is there.
  // Server-written HTML (public legal updates, data-server-html) is replaced, not hydrated.
  if (container.firstElementChild && !container.querySelector("[data-server-html]")) hydrateRoot(container, app);
  // Pages that arrive empty (signed-in pages) render as a transition: React yields to the browser
  // every few milliseconds instead of holding the main thread for the whole first render.
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}
