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
const TestAutopaySetupPage = lazyWithData(() => import("./features/billing/TestAutopaySetupPage.tsx"));
const VerifyPage = lazyWithData(() => import("./features/contracts/VerifyPage.tsx"));
const AdminPage = lazyWithData(() => import("./features/admin/AdminPage.tsx"));
const AdminLinkPage = lazyWithData(() => import("./features/admin/AdminLinkPage.tsx"));
const ContinueApplicationPage = lazyWithData(() => import("./pages/ContinueApplicationPage.tsx"));
// The community (COMMUNITY.md): forum, legal updates, webinars, contractor directory, email preferences.
const ForumHomePage = lazyWithData(() => import("./features/community/forum/ForumHomePage.tsx"));
const TopicPage = lazyWithData(() => import("./features/community/forum/TopicPage.tsx"));
const ForumSearchPage = lazyWithData(() => import("./features/community/forum/SearchPage.tsx"));
const NotificationsPage = lazyWithData(() => import("./features/community/forum/NotificationsPage.tsx"));
const UpdatesPage = lazyWithData(() => import("./features/community/updates/UpdatesPage.tsx"));
const UpdatePage = lazyWithData(() => import("./features/community/updates/UpdatePage.tsx"));
const WebinarsPage = lazyWithData(() => import("./features/community/webinars/WebinarsPage.tsx"));
const WebinarPage = lazyWithData(() => import("./features/community/webinars/WebinarPage.tsx"));
const DirectoryPage = lazyWithData(() => import("./features/community/contractors/DirectoryPage.tsx"));
const ContractorPage = lazyWithData(() => import("./features/community/contractors/ContractorPage.tsx"));
const MyListingPage = lazyWithData(() => import("./features/community/contractors/MyListingPage.tsx"));
const EmailPreferencesPage = lazyWithData(() => import("./features/community/EmailPreferencesPage.tsx"));

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
        <Route path="/test-autopay-setup" element={<TestAutopaySetupPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/admin/link" element={<AdminLinkPage />} />
        <Route path="/apply/continue" element={<ContinueApplicationPage />} />
        <Route path="/community" element={<ForumHomePage />} />
        <Route path="/community/c/:slug" element={<ForumHomePage />} />
        <Route path="/community/t/:id" element={<TopicPage />} />
        <Route path="/community/search" element={<ForumSearchPage />} />
        <Route path="/community/notifications" element={<NotificationsPage />} />
        <Route path="/updates" element={<UpdatesPage />} />
        <Route path="/updates/:slug" element={<UpdatePage />} />
        <Route path="/webinars" element={<WebinarsPage />} />
        <Route path="/webinars/:id" element={<WebinarPage />} />
        <Route path="/contractors" element={<DirectoryPage />} />
        <Route path="/contractors/me" element={<MyListingPage />} />
        <Route path="/contractors/:id" element={<ContractorPage />} />
        <Route path="/email/preferences" element={<EmailPreferencesPage />} />
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
