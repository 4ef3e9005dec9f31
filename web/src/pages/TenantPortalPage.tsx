import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Link, NavLink, Route, Routes, useMatch } from "react-router-dom";
import { PageLoading } from "../App.tsx";
import { Button } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { AppHeader } from "../components/AppHeader.tsx";
import { trpc } from "../trpc.ts";

// The sign-in forms (and the Zod schemas they validate with) load only for a visitor who is not
// signed in; a tenant's home loads while the session is being asked for, not after.
const signInForms = () => import("../features/tenant/TenantSignIn.tsx");
const TenantSignIn = lazy(() => signInForms().then((m) => ({ default: m.TenantSignIn })));
const TenantLinkPage = lazy(() => signInForms().then((m) => ({ default: m.TenantLinkPage })));
const home = () => import("../features/tenant/TenantHome.tsx");
const TenantHome = lazy(home);
const TenantLedger = lazy(() => import("../features/tenant/TenantLedger.tsx"));
const TenantPayment = lazy(() => import("../features/tenant/TenantPayment.tsx"));
const TenantAutopaySetup = lazy(() => import("../features/tenant/TenantAutopay.tsx"));
const TenantRequests = lazy(() => import("../features/tenant/TenantRequests.tsx"));
const TenantNewRequest = lazy(() => import("../features/tenant/TenantNewRequest.tsx"));
const TenantRequest = lazy(() => import("../features/tenant/TenantRequest.tsx"));
const TenantAccount = lazy(() => import("../features/tenant/TenantAccount.tsx"));

/**
 * /tenant (PORTAL.md 1 and 4): a tenant's own leases, balances, ledgers, payments, documents and
 * maintenance requests. The server decides who is signed in (a tenant session, never a member's).
 */
export default function TenantPortalPage() {
  return (
    <Suspense fallback={<PageLoading label="Loading your tenant portal..." />}>
      <Routes>
        <Route path="link" element={<TenantLinkPage />} />
        <Route path="*" element={<SignedIn />} />
      </Routes>
    </Suspense>
  );
}

function SignedIn() {
  const session = trpc.public.tenantAuth.session.useQuery(undefined, { retry: false });
  const utils = trpc.useUtils();
  const atHome = useMatch("/tenant") !== null;
  useEffect(() => {
    if (!atHome) return;
    void home();
    // The home's figures are asked for with the session, in the same batched request, instead
    // of one round trip after another (session, then leases, then leases to sign): on a phone's
    // slow network each trip is a visible wait. Signed out, they answer 401 and the sign-in shows.
    // The server preloads this very batch with the page for a browser holding a tenant session
    // (TENANT_HOME_DATA_PRELOAD, src/server/http/web.ts): a change here changes its address.
    void utils.tenant.me.prefetch();
    void utils.tenant.leaseSigning.list.prefetch();
  }, [atHome, utils]);
  if (session.isPending) return <PageLoading label="Loading your tenant portal..." />;
  if (!session.data) return <TenantSignIn />;
  return (
    <TenantLayout name={`${session.data.first_name} ${session.data.last_name}`}>
      <Suspense fallback={<PageLoading label="Loading..." />}>
        <Routes>
          <Route index element={<TenantHome />} />
          <Route path="leases/:id" element={<TenantLedger />} />
          <Route path="payments/:id" element={<TenantPayment />} />
          <Route path="autopay/:id" element={<TenantAutopaySetup />} />
          <Route path="maintenance" element={<TenantRequests />} />
          <Route path="maintenance/new" element={<TenantNewRequest />} />
          <Route path="maintenance/:id" element={<TenantRequest />} />
          <Route path="account" element={<TenantAccount />} />
          <Route
            path="*"
            element={
              <p className="py-10 text-center text-slate-700">
                This page of the tenant portal does not exist. <Link to="/tenant" className="text-brand-700 underline">Back to my home</Link>
              </p>
            }
          />
        </Routes>
      </Suspense>
    </TenantLayout>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`;

function TenantLayout({ name, children }: { name: string; children: ReactNode }) {
  const utils = trpc.useUtils();
  const signOut = trpc.public.tenantAuth.logout.useMutation({ onSuccess: () => utils.invalidate() });
  return (
    <>
      <AppHeader home="/tenant" title="Tenant Portal">
        <Button variant="ghost" className="px-3 text-sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? "Signing out..." : "Sign Out"}
        </Button>
      </AppHeader>
      <div className="min-h-screen bg-slate-50">
        <div className="border-b border-slate-200 bg-white">
          <p className="mx-auto max-w-5xl px-4 pt-2 text-sm text-slate-600">Signed in as {name}</p>
          <nav aria-label="Tenant portal" className="mx-auto max-w-5xl px-4 py-2">
            <ul className="flex flex-wrap gap-1">
              <li>
                <NavLink to="/tenant" end className={navClass}>
                  My Home
                </NavLink>
              </li>
              <li>
                <NavLink to="/tenant/maintenance" className={navClass}>
                  Maintenance
                </NavLink>
              </li>
              <li>
                <NavLink to="/tenant/account" className={navClass}>
                  Password
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
        <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
          {children}
        </main>
      </div>
      <SiteFooter audience="tenant" />
    </>
  );
}


