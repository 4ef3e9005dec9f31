import { Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { lazyWithData } from "./lib/lazy-with-data.tsx";
import { HomePage } from "./pages/HomePage.tsx";

// The landing page is in the main bundle; every other page is its own chunk, loaded together with
// the data layer (tRPC, React Query) and rendered inside it.
const BasicPortalPage = lazyWithData(() => import("./pages/BasicPortalPage.tsx"));
const OwnerPortalPage = lazyWithData(() => import("./pages/OwnerPortalPage.tsx"));
const TenantPortalPage = lazyWithData(() => import("./pages/TenantPortalPage.tsx"));
const NotFoundPage = lazyWithData(() => import("./pages/NotFoundPage.tsx"));
const SignInPage = lazyWithData(() => import("./pages/SignInPage.tsx"));
const AccountLinkPage = lazyWithData(() => import("./pages/AccountLinkPage.tsx"));
const AccountPasswordPage = lazyWithData(() => import("./pages/AccountPasswordPage.tsx"));
const FaqPage = lazyWithData(() => import("./pages/FaqPage.tsx"));
const DemoPage = lazyWithData(() => import("./pages/DemoPage.tsx"));
const ThankYouPage = lazyWithData(() => import("./pages/ThankYouPage.tsx"));
const PaymentSuccessPage = lazyWithData(() => import("./features/billing/PaymentSuccessPage.tsx"));
const PaymentCancelledPage = lazyWithData(() => import("./features/billing/PaymentCancelledPage.tsx"));
const UpgradeSuccessPage = lazyWithData(() => import("./features/billing/UpgradeSuccessPage.tsx"));
const UpgradeCancelledPage = lazyWithData(() => import("./features/billing/UpgradeCancelledPage.tsx"));
const TestCheckoutPage = lazyWithData(() => import("./features/billing/TestCheckoutPage.tsx"));
const TestBillingPage = lazyWithData(() => import("./features/billing/TestBillingPage.tsx"));
const TestConnectPage = lazyWithData(() => import("./features/billing/TestConnectPage.tsx"));
const TestRentCheckoutPage = lazyWithData(() => import("./features/billing/TestRentCheckoutPage.tsx"));
const VerifyPage = lazyWithData(() => import("./features/contracts/VerifyPage.tsx"));
const AdminPage = lazyWithData(() => import("./features/admin/AdminPage.tsx"));
const AdminLinkPage = lazyWithData(() => import("./features/admin/AdminLinkPage.tsx"));
const ContinueApplicationPage = lazyWithData(() => import("./pages/ContinueApplicationPage.tsx"));

export function App() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/basic-portal" element={<BasicPortalPage />} />
        <Route path="/portal/*" element={<OwnerPortalPage />} />
        <Route path="/tenant/*" element={<TenantPortalPage />} />
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/account/link" element={<AccountLinkPage />} />
        <Route path="/account/password" element={<AccountPasswordPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/demo" element={<DemoPage />} />
        <Route path="/thank-you" element={<ThankYouPage />} />
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="/payment-cancelled" element={<PaymentCancelledPage />} />
        <Route path="/upgrade-success" element={<UpgradeSuccessPage />} />
        <Route path="/upgrade-cancelled" element={<UpgradeCancelledPage />} />
        <Route path="/test-checkout" element={<TestCheckoutPage />} />
        <Route path="/test-billing" element={<TestBillingPage />} />
        <Route path="/test-connect" element={<TestConnectPage />} />
        <Route path="/test-rent-checkout" element={<TestRentCheckoutPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/admin/link" element={<AdminLinkPage />} />
        <Route path="/apply/continue" element={<ContinueApplicationPage />} />
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
