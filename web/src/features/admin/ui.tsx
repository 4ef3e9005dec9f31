import { useEffect, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { ASSOCIATION_TIME_ZONE } from "@shared/time.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage, errorStatus } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

// Small pieces every admin tab uses: dates, toasts, tables, paging, search.

export const ADMIN_TOASTER = "admin";

export const notify = {
  success: (message: string, description?: string) => toast.success(message, { toasterId: ADMIN_TOASTER, description }),
  error: (message: string, description?: string) => toast.error(message, { toasterId: ADMIN_TOASTER, description }),
};

const dateTime = new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, dateStyle: "medium" });

/** An ISO time shown in Chicago (DECISIONS.md 18). */
export function when(iso: string | null | undefined, withTime = true): string {
  if (!iso) return "—";
  return (withTime ? dateTime : dateOnly).format(new Date(iso));
}

/** When a query fails because the admin session ended, the page returns to the sign-in form. */
export function useSessionLossGuard(error: unknown) {
  const utils = trpc.useUtils();
  const signedOut = errorStatus(error) === 401;
  useEffect(() => {
    if (signedOut) void utils.admin.me.invalidate();
  }, [signedOut, utils]);
}

export function Card({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-6 text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden />
      {label}
    </p>
  );
}

export function LoadFailed({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">{fallback}</p>
      <p className="mt-1 text-sm">{errorMessage(error, "Server error occurred")}</p>
      <Button variant="secondary" className="mt-3 text-sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** A table with a caption for screen readers and horizontal scrolling on small screens. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white text-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-top ${className}`}>{children}</td>;
}

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/** "Showing 21–40 of 57" with Previous and Next. */
export function Pager({
  what,
  offset,
  limit,
  total,
  shown,
  onOffset,
}: {
  what: string;
  offset: number;
  limit: number;
  total: number;
  shown: number;
  onOffset: (offset: number) => void;
}) {
  if (total === 0) return null;
  return (
    <nav aria-label={`${what} pages`} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        Showing {offset + 1}–{offset + shown} of {total} {what}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" className="px-3 py-1.5 text-sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          Previous page
        </Button>
        <Button variant="secondary" className="px-3 py-1.5 text-sm" disabled={offset + shown >= total} onClick={() => onOffset(offset + limit)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}

/** A search field that searches on submit (Enter or the button), so each keystroke is not a query. */
export function SearchForm({
  label,
  placeholder,
  onSearch,
  children,
}: {
  label: string;
  placeholder?: string;
  onSearch: (value: string) => void;
  children?: ReactNode;
}) {
  const id = `search-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get("q");
        onSearch(typeof value === "string" ? value.trim() : "");
      }}
    >
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          maxLength={200}
          placeholder={placeholder}
          className="mt-1 w-64 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
        />
      </div>
      <Button type="submit" variant="secondary" className="py-2 text-sm">
        Search
      </Button>
      {children}
    </form>
  );
}

export function Badge({ tone, children }: { tone: "green" | "red" | "amber" | "blue" | "slate"; children: ReactNode }) {
  const tones = {
    green: "bg-green-100 text-green-800",
    red: "bg-red-100 text-red-800",
    amber: "bg-amber-100 text-amber-900",
    blue: "bg-brand-100 text-brand-800",
    slate: "bg-slate-100 text-slate-700",
  } as const;
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/** The search text and page offset of one admin list; a new search starts at the first page. */
export function usePagedSearch() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  return {
    q,
    offset,
    setOffset,
    onSearch: (value: string) => {
      setQ(value);
      setOffset(0);
    },
  };
}

interface PagedQuery<Item> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { items: Item[]; total: number };
  refetch: () => unknown;
}

/**
 * What every searchable admin list shares: the search box, the loading and failure states and the
 * pager. `children` draws the rows, with the words to show when there are none.
 */
export function PagedList<Item>({
  what,
  list,
  search,
  limit,
  children,
}: {
  /** Plural, lower-case: "members". */
  what: string;
  list: PagedQuery<Item>;
  search: ReturnType<typeof usePagedSearch>;
  limit: number;
  children: (items: Item[], emptyText: string) => ReactNode;
}) {
  useSessionLossGuard(list.error);
  return (
    <>
      <div className="mb-4">
        <SearchForm label={`Search ${what}`} placeholder="Email, first or last name" onSearch={search.onSearch} />
      </div>
      {list.isError ? (
        <LoadFailed error={list.error} fallback={`Failed to load ${what}.`} onRetry={() => void list.refetch()} />
      ) : list.isPending || !list.data ? (
        <Loading label={`Loading ${what}...`} />
      ) : (
        <>
          {children(list.data.items, search.q ? `No ${what} match "${search.q}".` : `No ${what} yet.`)}
          <Pager what={what} offset={search.offset} limit={limit} total={list.data.total} shown={list.data.items.length} onOffset={search.setOffset} />
        </>
      )}
    </>
  );
}
