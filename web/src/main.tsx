import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { AlertProvider } from "./components/alert.tsx";
import "./styles.css";
import { trpc } from "./trpc.ts";

function Root() {
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
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AlertProvider>
            <App />
          </AlertProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
