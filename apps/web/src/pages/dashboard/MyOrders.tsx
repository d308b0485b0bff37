import { Link } from "react-router";

/** The customer's paid orders; the list itself arrives with checkout, until then there are none to show. */
export function MyOrders() {
  return (
    <>
      <h2>My Orders</h2>
      <div className="empty-state">
        <p>No orders placed yet.</p>
        <Link to="/" className="button button-secondary">
          Browse sweets
        </Link>
      </div>
    </>
  );
}
