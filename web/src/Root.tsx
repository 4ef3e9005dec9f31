import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { StrictMode, useState, type ReactNode } from "react";
import { App } from "./App.tsx";
import { AlertProvider } from "./components/alert.tsx";
import { trpc } from "./trpc.ts";

/**
 * The whole app inside its providers. The router comes from outside: BrowserRouter in the
 * browser, StaticRouter when the build pre-renders a page (web/src/prerender.tsx).
 */
export function Root({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            refetchOnWindowFocus: false,
            // 4xx answers are final; retry only what may pass on a second try.
            retry: (count, error) => {
              const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus ?? 500;
              return status >= 500 && count < 2;
            },
          },
        },
      }),
  );
  // The session lives in an httpOnly cookie; the client holds no token (DECISIONS.md 5).
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: "/trpc" })] }));
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Router>
            <AlertProvider>
              <App />
            </AlertProvider>
          </Router>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
