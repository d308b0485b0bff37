import { Suspense } from "react";
import { Outlet } from "react-router";
import { CookieBanner } from "../components/CookieBanner";
import { Footer } from "../components/Footer";
import { LoginPopup } from "../components/LoginPopup";
import { Notice } from "../components/Notice";
import { Navbar } from "../components/Navbar";
import { PageSkeleton } from "../components/PageSkeleton";
import { ScrollToTop } from "../components/ScrollToTop";
import { useCartSync } from "../lib/cart";

export function ShopLayout() {
  useCartSync();
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
      <LoginPopup />
      <Notice />
    </>
  );
}
