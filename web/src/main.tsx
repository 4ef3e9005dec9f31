import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { Root } from "./Root.tsx";
import "./styles.css";

const container = document.getElementById("root")!;
const app = <Root router={BrowserRouter} />;
// Public pages arrive pre-rendered (web/prerender.ts): React takes over the HTML that is there.
// Server-written HTML (public legal updates, data-server-html) is replaced, not hydrated.
if (container.firstElementChild && !container.querySelector("[data-server-html]")) hydrateRoot(container, app);
else createRoot(container).render(app);
