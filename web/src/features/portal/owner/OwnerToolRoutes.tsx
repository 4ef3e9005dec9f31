import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { PageLoading } from "../../../App.tsx";

const OwnerDashboard = lazy(() => import("../dashboard/OwnerDashboard.tsx"));
const PropertiesPage = lazy(() => import("../properties/PropertiesPage.tsx"));
const PropertyPage = lazy(() => import("../properties/PropertyPage.tsx"));
const LeasesPage = lazy(() => import("../leases/LeasesPage.tsx"));
const NewLeasePage = lazy(() => import("../leases/NewLeasePage.tsx"));
const LeasePage = lazy(() => import("../leases/LeasePage.tsx"));
const RentRollPage = lazy(() => import("../rent-roll/RentRollPage.tsx"));
const ImportPage = lazy(() => import("../import/ImportPage.tsx"));
const MaintenanceListPage = lazy(() => import("../maintenance/MaintenanceListPage.tsx"));
const NewRequestPage = lazy(() => import("../maintenance/NewRequestPage.tsx"));
const RequestPage = lazy(() => import("../maintenance/RequestPage.tsx"));
const PayoutsPage = lazy(() => import("../payouts/PayoutsPage.tsx"));
const ExpensesPage = lazy(() => import("../expenses/ExpensesPage.tsx"));
const BankImportPage = lazy(() => import("../expenses/BankImportPage.tsx"));
const MonthlyStatementPage = lazy(() => import("../reports/MonthlyStatementPage.tsx"));
const ScheduleEPage = lazy(() => import("../reports/ScheduleEPage.tsx"));
const CompliancePage = lazy(() => import("../compliance/CompliancePage.tsx"));
const SearchPage = lazy(() => import("../search/SearchPage.tsx"));

/**
 * The owner tools' screens under /portal: the owner portal and the live demo (which mounts them
 * under /demo/portal, read-only on the sample books) render these same routes. `children` adds the
 * page's own routes (the member resources, its not-found page).
 */
export function OwnerToolRoutes({ canWrite, level, email, children }: { canWrite: boolean; level: string; email: string; children?: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading label="Loading..." />}>
      <Routes>
        <Route index element={<OwnerDashboard canWrite={canWrite} />} />
        <Route path="properties" element={<PropertiesPage canWrite={canWrite} />} />
        <Route path="properties/:id" element={<PropertyPage canWrite={canWrite} />} />
        <Route path="leases" element={<LeasesPage canWrite={canWrite} />} />
        <Route path="leases/new" element={<NewLeasePage />} />
        <Route path="leases/:id" element={<LeasePage canWrite={canWrite} />} />
        <Route path="rent-roll" element={<RentRollPage />} />
        <Route path="compliance" element={<CompliancePage canWrite={canWrite} />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="import" element={<ImportPage canWrite={canWrite} />} />
        <Route path="maintenance" element={<MaintenanceListPage canWrite={canWrite} />} />
        <Route path="maintenance/new" element={<NewRequestPage />} />
        <Route path="maintenance/:id" element={<RequestPage canWrite={canWrite} />} />
        <Route path="payouts" element={<PayoutsPage canWrite={canWrite} />} />
        <Route path="expenses" element={<ExpensesPage canWrite={canWrite} />} />
        <Route path="expenses/import" element={<BankImportPage canWrite={canWrite} />} />
        <Route path="reports" element={<Navigate to="/portal/reports/monthly" replace />} />
        <Route path="reports/monthly" element={<MonthlyStatementPage canWrite={canWrite} />} />
        <Route path="reports/schedule-e" element={<ScheduleEPage canWrite={canWrite} level={level} email={email} />} />
        {children}
      </Routes>
    </Suspense>
  );
}
