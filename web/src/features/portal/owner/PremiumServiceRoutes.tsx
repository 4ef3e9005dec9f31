import { lazy } from "react";
import { Route } from "react-router-dom";
import type { MembershipLevel } from "@shared/membership.ts";

// Premium services' screens (PORTAL.md 7): the owner's side of the staff's work, eviction cases and
// the process server. The owner portal and the live demo (read-only, on the sample books of a
// Premium owner) mount the same routes.
const EvictionsPage = lazy(() => import("../evictions/EvictionsPage.tsx"));
const CasePage = lazy(() => import("../evictions/CasePage.tsx"));
const ServiceJobsPage = lazy(() => import("../evictions/ServiceJobsPage.tsx").then((m) => ({ default: m.ServiceJobsPage })));
const ServiceJobPage = lazy(() => import("../evictions/ServiceJobsPage.tsx").then((m) => ({ default: m.ServiceJobPage })));
const ServicesPage = lazy(() => import("../services/ServicesPage.tsx"));
const TicketPage = lazy(() => import("../services/TicketPage.tsx"));

/** The routes, as children of `OwnerToolRoutes`; `demo` hides what only an owner may do even read-only (revoking staff access). */
export function premiumServiceRoutes({ canWrite, level, demo = false }: { canWrite: boolean; level: MembershipLevel; demo?: boolean }) {
  return (
    <>
      <Route path="services" element={<ServicesPage canWrite={canWrite} level={level} demo={demo} />} />
      <Route path="services/tickets/:id" element={<TicketPage canWrite={canWrite} />} />
      <Route path="evictions" element={<EvictionsPage canWrite={canWrite} />} />
      <Route path="evictions/:id" element={<CasePage canWrite={canWrite} />} />
      <Route path="service-jobs" element={<ServiceJobsPage canWrite={canWrite} />} />
      <Route path="service-jobs/:id" element={<ServiceJobPage canWrite={canWrite} />} />
    </>
  );
}
