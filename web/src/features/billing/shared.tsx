import { useSearchParams } from "react-router-dom";

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
