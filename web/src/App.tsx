import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { HomePage } from "./pages/HomePage.tsx";

// The landing page is in the main bundle; every other page is its own chunk.
const BasicPortalPage = lazy(() => import("./pages/BasicPortalPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage.tsx"));

export function App() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/basic-portal" element={<BasicPortalPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function PageLoading({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      <span className="mr-3 h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden />
      {label}
    </div>
  );
}
