import { lazy } from "react";
import { Route } from "react-router";
import { CANCELLATION_POLICY_ALIAS, STATIC_PAGES } from "@mithai/schema";

// Each policy page is its own small chunk; ShopLayout shows a skeleton while one arrives.
const FaqPage = lazy(() => import("../pages/static/FaqPage").then((m) => ({ default: m.FaqPage })));
const ShippingPage = lazy(() => import("../pages/static/ShippingPage").then((m) => ({ default: m.ShippingPage })));
const CancellationRefundPage = lazy(() => import("../pages/static/CancellationRefundPage").then((m) => ({ default: m.CancellationRefundPage })));
const PrivacyPolicyPage = lazy(() => import("../pages/static/PrivacyPolicyPage").then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsPage = lazy(() => import("../pages/static/TermsPage").then((m) => ({ default: m.TermsPage })));

/** The static pages' routes, children of the shop layout. The terms page links to the cancellation alias (DECISIONS). */
export const staticPageRoutes = [
  <Route key="faq" path={STATIC_PAGES.faq.path} element={<FaqPage />} />,
  <Route key="shipping" path={STATIC_PAGES.shipping.path} element={<ShippingPage />} />,
  <Route key="cancellation" path={STATIC_PAGES.cancellation.path} element={<CancellationRefundPage />} />,
  <Route key="cancellation-alias" path={CANCELLATION_POLICY_ALIAS} element={<CancellationRefundPage />} />,
  <Route key="privacy" path={STATIC_PAGES.privacy.path} element={<PrivacyPolicyPage />} />,
  <Route key="terms" path={STATIC_PAGES.terms.path} element={<TermsPage />} />,
];
