import type { ApiClient, ApiResponse } from "./harness.ts";

/** Calls a tRPC procedure over HTTP the way the React client does (no batching). */
export async function trpcCall<T = any>(
  client: ApiClient,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
): Promise<ApiResponse<T> & { data: T; error: any }> {
  const res =
    kind === "query"
      ? await client.get(`/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`)
      : await client.post(`/trpc/${path}`, input ?? {});
  const body = res.body as { result?: { data: T }; error?: any };
  return { ...res, data: body?.result?.data as T, error: body?.error };
}

/** The session id in a checkout URL (`...?session_id=...`). */
export function sessionIdOf(checkoutUrl: string): string {
  return new URL(checkoutUrl, "http://localhost").searchParams.get("session_id")!;
}
