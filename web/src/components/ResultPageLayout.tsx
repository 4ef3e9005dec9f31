import type { ReactNode } from "react";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";

/** The frame shared by the payment and upgrade result pages: one centred card. */
export function ResultPageLayout({
  title,
  tone = "neutral",
  icon,
  children,
}: {
  title: string;
  tone?: "success" | "warning" | "error" | "neutral";
  icon?: ReactNode;
  children: ReactNode;
}) {
  const tones = {
    success: "border-green-200",
    warning: "border-amber-200",
    error: "border-red-200",
    neutral: "border-slate-200",
  } as const;
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-slate-50 px-4 py-12 sm:py-16">
        <div className={`mx-auto max-w-2xl rounded-2xl border bg-white p-6 shadow-sm sm:p-10 ${tones[tone]}`}>
          {icon && <div className="mb-4 flex justify-center" aria-hidden>{icon}</div>}
          <h1 className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
