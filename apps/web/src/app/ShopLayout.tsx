import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { Outlet } from "react-router";
import { CookieBanner } from "../components/CookieBanner";
import { Footer } from "../components/Footer";
import { Notice } from "../components/Notice";
import { Navbar } from "../components/Navbar";
import { PageSkeleton } from "../components/PageSkeleton";
import { ScrollToTop } from "../components/ScrollToTop";
import { useCartSync } from "../lib/cart";
import { useLoginPopup } from "../lib/login-popup";
import { useFinishSignOut } from "../lib/sign-out";

// The login popup is downloaded the first time something opens it (most visits never do).
const LoginPopup = lazy(() => import("../components/LoginPopup").then((m) => ({ default: m.LoginPopup })));

export function ShopLayout() {
  useCartSync();
  useFinishSignOut();
  const { open } = useLoginPopup();
  const [loginUsed, setLoginUsed] = useState(open);
  if (open && !loginUsed) setLoginUsed(true);
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      {/* At the top of the page, in its flow (as GOV.UK's banner is): it covers nothing, so no button sits under it. */}
      <CookieBanner />
      <Navbar />
      <main id="main" className="main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {loginUsed && (
        <Suspense fallback={null}>
          <LoginPopup />
        </Suspense>
      )}
      <Notice />
    </>
  );
}
