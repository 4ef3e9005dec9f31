import { QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { StrictMode } from "react";
import { BrowserRouter, Navigate, NavLink, Route, Routes } from "react-router-dom";
import { DEMO_PAGE_PREFIX, TRPC_MAX_BATCH } from "@shared/routes.ts";
import { AlertProvider } from "../../components/alert.tsx";
import { SectionsMenu } from "../../components/SectionsMenu.tsx";
import { createQueryClient } from "../../data-layer.tsx";
import { trpc } from "../../trpc.ts";
import { navClass, OWNER_LINKS } from "../member-area/MemberAreaLayout.tsx";
import { OwnerToolRoutes } from "../portal/owner/OwnerToolRoutes.tsx";
import { premiumServiceRoutes } from "../portal/owner/PremiumServiceRoutes.tsx";
import { PortalApiContext } from "../portal/portal-api.ts";

// The live demo (PORTAL.md 1): the owner portal's own screens at /demo/portal, read-only, on the
// sample books. The router's basename makes the screens' /portal/... links stay inside the demo;
// the tRPC client and the file links go to the demo's endpoints, which answer for the sample owner
// only and refuse every write. The landing page and /demo show it in a frame.

/** The path under which the portal's own /portal routes appear in the demo. */
const DEMO_BASENAME = DEMO_PAGE_PREFIX.slice(0, -"/portal".length);
const DEMO_API = "/api/demo";

const queryClient = createQueryClient();
// Importing only writes. The sample owner is Premium: its eviction case and Premium services are shown read-only.
const NOT_IN_DEMO = new Set<string>(["/portal/import"]);
const DEMO_LINKS = OWNER_LINKS.filter((link) => !NOT_IN_DEMO.has(link.to));
const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: `${DEMO_API}/trpc`, maxItems: TRPC_MAX_BATCH })] });

export function DemoApp() {
  return (
    <StrictMode>
      <BrowserRouter basename={DEMO_BASENAME}>
        <AlertProvider>
          <trpc.Provider client={trpcClient} queryClient={queryClient}>
            <QueryClientProvider client={queryClient}>
              <PortalApiContext.Provider value={`${DEMO_API}/portal`}>
                <Routes>
                  <Route path="/portal/*" element={<DemoPortal />} />
                  <Route path="*" element={<Navigate to="/portal" replace />} />
                </Routes>
              </PortalApiContext.Provider>
            </QueryClientProvider>
          </trpc.Provider>
        </AlertProvider>
      </BrowserRouter>
    </StrictMode>
  );
}

/** The owner tools with the demo's banner: what a Premium owner sees, nothing that changes the books. */
function DemoPortal() {
  return (
    <div className="min-h-screen bg-slate-50">
      <div role="region" aria-label="Demo notice" className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
        <strong>Demo: sample data, read-only.</strong> Click around: nothing here can be changed.{" "}
        <a href="/#apply" target="_top" className="font-semibold underline">
          Apply for membership
        </a>{" "}
        to keep books of your own.
      </div>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 pt-3">
          <p className="text-lg font-bold text-slate-900">Premium Member Portal (sample owner)</p>
        </div>
        {/* As in the member area: on a phone the sections are one menu, on wider screens a row of tabs. */}
        <SectionsMenu label="Sections" className="mx-auto max-w-6xl px-4 py-2 md:hidden" groups={[{ links: DEMO_LINKS }]} />
        <nav aria-label="Owner portal" className="mx-auto hidden max-w-6xl overflow-x-auto px-4 py-2 md:block">
          <ul className="flex gap-1">
            {DEMO_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={"end" in link} className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <OwnerToolRoutes canWrite={false} level="Premium" email="">
          {premiumServiceRoutes({ canWrite: false, level: "Premium", demo: true })}
          <Route path="*" element={<p className="py-10 text-center text-slate-600">This part of the demo does not exist.</p>} />
        </OwnerToolRoutes>
      </main>
    </div>
  );
}
