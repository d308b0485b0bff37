import { SHOP_NAME } from "../lib/shop";
import { useDocumentTitle } from "../lib/use-document-title";
import { formatAdminDateTime } from "./format";
import { SalesDashboard } from "./owner/SalesDashboard";
import { StockGlance } from "./owner/StockGlance";
import { TodaySales } from "./pages/TodaySales";
import { UndeliveredMail } from "./pages/UndeliveredMail";
import { useAdminSession } from "./session";

export function AdminDashboard() {
  useDocumentTitle("Admin dashboard");
  const session = useAdminSession();
  return (
    <section className="admin-welcome">
      <h1>Welcome to the {SHOP_NAME} Admin Panel</h1>
      {session && (
        <p>
          You logged in at <time dateTime={session.loginTime.toISOString()}>{formatAdminDateTime(session.loginTime)}</time>.
        </p>
      )}
      <TodaySales />
      <UndeliveredMail />
      <SalesDashboard />
      <StockGlance />
      <p className="muted">Use the menu to add sweets, edit the list, and follow orders as they come in.</p>
    </section>
  );
}
