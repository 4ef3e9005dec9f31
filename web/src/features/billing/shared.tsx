import type { ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { errorMessage } from "../../lib/errors.ts";

/** A spinner with its words, announced to screen readers. */
export function Working({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-8 text-slate-700">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden />
      {label}
    </div>
  );
}

/** The `session_id` query parameter (SPEC.md 2), or null. */
export function useSessionIdParam(name = "session_id"): string | null {
  const [params] = useSearchParams();
  const value = params.get(name)?.trim();
  return value ? value : null;
}

/** A label/value list for receipts. */
export function Facts({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-5 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-all font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TestModeBanner() {
  return (
    <p className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-center text-sm font-bold uppercase tracking-wide text-amber-900">
      TEST MODE: no real card is charged
    </p>
  );
}

/**
 * A test provider's page for one session (a checkout, a setup): TEST MODE, then the session's
 * content, or what is wrong (no session in the link, loading, a session that does not exist).
 */
export function TestSessionPage<T>({
  sessionId,
  query,
  words,
  unavailableAction,
  children,
}: {
  sessionId: string | null;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  words: { noSession: string; loading: string; unavailableTitle: string; unavailable: string };
  unavailableAction?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <main id="main" className="min-h-screen bg-slate-100 px-4 py-10">
      <div className="mx-auto max-w-md space-y-4">
        <TestModeBanner />
        <div className="rounded-xl bg-white p-6 shadow-sm">
          {!sessionId ? (
            <p role="alert">{words.noSession}</p>
          ) : query.isPending ? (
            <Working label={words.loading} />
          ) : query.isError || query.data === undefined ? (
            <div role="alert">
              <h1 className="text-xl font-bold text-slate-900">{words.unavailableTitle}</h1>
              <p className="mt-2 text-slate-700">{errorMessage(query.error, words.unavailable)}</p>
              {unavailableAction}
            </div>
          ) : (
            children(query.data)
          )}
        </div>
      </div>
    </main>
  );
}
