import { ASSOCIATION_TIME_ZONE, chicagoWhen } from "@shared/time.ts";
import { buttonClass } from "../../components/Button.tsx";

// Small pieces the community pages share.

const dateTime = new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-US", { timeZone: ASSOCIATION_TIME_ZONE, dateStyle: "long" });

/** Times are shown in Chicago (DECISIONS.md 18). */
export const chicago = {
  dateTime: (iso: string) => dateTime.format(new Date(iso)),
  date: (iso: string) => dateOnly.format(new Date(iso)),
  long: (iso: string) => chicagoWhen(new Date(iso)),
};

/** HTML the server rendered from Markdown and sanitised against its allowlist. */
export function ServerHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-community ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Previous and Next for the server's 20-a-page lists. */
export function PageLinks({ label, page, pageSize, total, onPage }: { label: string; page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        Page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonClass("secondary", "px-3 py-1.5 text-sm")} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </button>
        <button type="button" className={buttonClass("secondary", "px-3 py-1.5 text-sm")} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </button>
      </div>
    </nav>
  );
}

export function Notice({ kind, children }: { kind: "ok" | "error"; children: React.ReactNode }) {
  return kind === "ok" ? (
    <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

export const cardClass = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
