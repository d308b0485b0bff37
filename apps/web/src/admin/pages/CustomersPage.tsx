import "./admin-pages.css";
import { keepPreviousData } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { AdminCustomer } from "@mithai/schema";
import { formatRupees } from "@mithai/schema";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formatAdminDateTime } from "../format";
import { adminTrpc } from "../trpc";
import { PagedList, useCursorPages } from "./Pager";
import { formText } from "../../lib/form";

/** /admin/customers: every customer, searchable by name, e-mail or mobile, with what they bought. */
export function CustomersPage() {
  useDocumentTitle("Customers");
  const [q, setQ] = useState("");
  const pages = useCursorPages();
  const customers = adminTrpc.admin.customers.useQuery({ q: q || undefined, cursor: pages.cursor }, { placeholderData: keepPreviousData });

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQ(formText(new FormData(event.currentTarget), "q").trim());
    pages.reset();
  }

  return (
    <section className="admin-page">
      <div className="page-head">
        <h1>Customers</h1>
      </div>
      <form className="admin-search" role="search" onSubmit={search}>
        <label>
          Search
          <input type="search" name="q" placeholder="Name, e-mail or mobile" maxLength={100} defaultValue={q} />
        </label>
        <button type="submit" className="btn-small">
          Search
        </button>
      </form>
      <PagedList query={customers} pages={pages} noun="customers" pagerLabel="Customer pages" emptyText="No customers match.">
        {(customer) => <CustomerCard customer={customer} />}
      </PagedList>
    </section>
  );
}

function CustomerCard({ customer }: { customer: AdminCustomer }) {
  const [open, setOpen] = useState(false);
  return (
    <article className="customer-card" aria-label={customer.name}>
      <header>
        <strong>{customer.name}</strong> · <a href={`mailto:${customer.email}`}>{customer.email}</a>
        {customer.phoneNumber && (
          <>
            {" "}
            · <a href={`tel:${customer.phoneNumber}`}>{customer.phoneNumber}</a>
          </>
        )}
      </header>
      <p className="muted">
        {customer.paidOrders} paid {customer.paidOrders === 1 ? "order" : "orders"} · {formatRupees(customer.totalSpent)} spent
        {customer.lastOrderAt ? ` · last ${formatAdminDateTime(new Date(customer.lastOrderAt))}` : ""} · customer since{" "}
        {formatAdminDateTime(new Date(customer.createdAt))}
      </p>
      {customer.paidOrders > 0 && (
        <button type="button" className="btn-small ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide orders" : "Show orders"}
        </button>
      )}
      {open && <CustomerOrders email={customer.email} />}
    </article>
  );
}

function CustomerOrders({ email }: { email: string }) {
  const orders = adminTrpc.admin.orders.useQuery({ q: email, limit: 50 });
  if (orders.isPending) return <p aria-busy="true">Loading orders...</p>;
  if (orders.isError) return <p role="alert">Could not load the orders.</p>;
  return (
    <table className="admin-table customer-orders">
      <thead>
        <tr>
          <th>Order</th>
          <th>Placed</th>
          <th>Amount</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.data.data.map((order) => (
          <tr key={order._id}>
            <td>{order.orderNumber}</td>
            <td>{formatAdminDateTime(new Date(order.createdAt))}</td>
            <td>{formatRupees(order.amount)}</td>
            <td>{order.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
