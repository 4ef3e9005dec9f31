import { StrictMode, type ReactNode } from "react";
import { App } from "./App.tsx";
import { AlertProvider } from "./components/alert.tsx";

/**
 * The whole app inside its providers. The router comes from outside: BrowserRouter in the
 * browser, StaticRouter when the build pre-renders a page (web/src/prerender.tsx). The data layer
 * (tRPC, React Query) is not here: the parts that talk to the server load it (lib/lazy-with-data.tsx).
 */
export function Root({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <Router>
        <AlertProvider>
          <App />
        </AlertProvider>
      </Router>
    </StrictMode>
  );
}
