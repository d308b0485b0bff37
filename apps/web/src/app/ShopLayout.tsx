import { Outlet } from "react-router";
import { Footer } from "../components/Footer";
import { LoginPopup } from "../components/LoginPopup";
import { Notice } from "../components/Notice";
import { Navbar } from "../components/Navbar";
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
        <Outlet />
      </main>
      <Footer />
      <LoginPopup />
      <Notice />
    </>
  );
}
