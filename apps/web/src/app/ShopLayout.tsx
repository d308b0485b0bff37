import { Outlet } from "react-router";
import { Footer } from "../components/Footer";
import { LoginPopup } from "../components/LoginPopup";
import { Navbar } from "../components/Navbar";
import { ScrollToTop } from "../components/ScrollToTop";

export function ShopLayout() {
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
    </>
  );
}
