import { Navigate } from "react-router";
import { useCustomerToken } from "../lib/session";
import { useDocumentTitle } from "../lib/use-document-title";
import { OrderHistory } from "./OrderHistory";

/** /myorders: the same list as the dashboard's My Orders. */
export function MyOrdersPage() {
  useDocumentTitle("My orders");
  const token = useCustomerToken();
  if (!token) return <Navigate to="/cart" replace />;
  return (
    <section className="container section" aria-labelledby="my-orders-title">
      <h1 id="my-orders-title" className="section-title">
        My orders
      </h1>
      <OrderHistory />
    </section>
  );
}
