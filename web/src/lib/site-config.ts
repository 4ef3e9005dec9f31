import { trpc, type RouterOutputs } from "../trpc.ts";

export type SiteConfig = RouterOutputs["public"]["site"]["config"];

/** Support contacts and external links from the server's configuration. */
export function useSiteConfig(): SiteConfig | undefined {
  return trpc.public.site.config.useQuery(undefined, { staleTime: Infinity }).data;
}

/** Who the server says the browser is signed in as. */
export function useWhoami() {
  return trpc.public.site.whoami.useQuery(undefined, { staleTime: 10_000 });
}
