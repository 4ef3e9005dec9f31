import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import type { ReactNode } from "react";
import { TRPC_MAX_BATCH } from "@shared/routes.ts";
import { trpc } from "./trpc.ts";

// The data layer (tRPC client and React Query) is its own chunk, loaded by the parts of a page
// that talk to the server (web/src/lib/lazy-with-data.tsx), so the landing page's first load
// does without it. One client and one cache serve every page and island.

/** A React Query cache with the app's defaults (the live demo keeps one of its own). */
export const createQueryClient = () => new QueryClient({
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
});
export const queryClient = createQueryClient();

// The session lives in an httpOnly cookie; the client holds no token (DECISIONS.md 5).
export const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: "/trpc", maxItems: TRPC_MAX_BATCH })] });

export function DataLayerProvider({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
