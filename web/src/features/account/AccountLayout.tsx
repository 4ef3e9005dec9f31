import type { ReactNode } from "react";
import { SiteFooter } from "../../components/SiteFooter.tsx";
import { SiteHeader } from "../../components/SiteHeader.tsx";

/** The frame of the sign-in and account pages: one narrow card. */
export function AccountLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main className="bg-slate-50 px-4 py-12 sm:py-16">
        <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {intro && <p className="mt-2 text-slate-600">{intro}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}

export { Field, inputClass } from "../../components/FormField.tsx";

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  );
}

/** Where to go after signing in: a same-site path from ?next=, else the portal. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/basic-portal";
}
