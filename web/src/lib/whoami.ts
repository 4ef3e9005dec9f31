import { trpc } from "../trpc.ts";

/** Who the server says the browser is signed in as. */
export function useWhoami() {
  return trpc.public.site.whoami.useQuery(undefined, { staleTime: 10_000 });
}
