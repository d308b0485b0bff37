import "./admin-pages.css";
import { useEffect } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import type { FoodItem } from "@mithai/schema";
import { formatRupees } from "@mithai/schema";
import { foodImageProps } from "../../lib/images";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminTrpc } from "../trpc";
import { adminAction } from "./admin-request";
import { StockQuickEdit } from "./StockQuickEdit";

/** /admin/list: every item on sale with edit and remove controls. */
export function ListItemsPage() {
  useDocumentTitle("List items");
  const removeFood = adminTrpc.admin.removeFood.useMutation();
  const list = adminTrpc.catalog.list.useQuery(undefined, { staleTime: 0, retry: false });

  useEffect(() => {
    if (list.isError) toast.error("Server error while fetching list.");
  }, [list.isError]);

  async function remove(item: FoodItem) {
    if (!window.confirm(`Remove ${item.name} from the shop?`)) return;
    await adminAction(() => removeFood.mutateAsync({ id: item._id }), {
      success: "Food item removed successfully!",
      failed: "Failed to remove food item.",
      error: "Server error while removing item.",
    });
    await list.refetch();
  }

  const items = list.data ?? [];
  return (
    <section className="admin-page">
      <h1>All food items</h1>
      {list.isPending ? (
        <p aria-busy="true">Loading items...</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Price / kg</th>
                <th scope="col">Stock (kg)</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id}>
                  <td>
                    <img className="thumb" {...foodImageProps(item.image)} sizes="64px" alt="" width={64} height={48} loading="lazy" />
                  </td>
                  <td>
                    <a href={`/product/${item.slug}`} target="_blank" rel="noreferrer">
                      {item.name}
                    </a>
                  </td>
                  <td>{item.category}</td>
                  <td>{formatRupees(item.price)}</td>
                  <td>
                    <StockQuickEdit key={`${item._id}:${item.stockKg}`} item={item} onSaved={() => void list.refetch()} />
                  </td>
                  <td>
                    <div className="row-actions">
                      <Link className="btn-small" to={`/admin/edit/${item._id}`} aria-label={`Edit ${item.name}`}>
                        Edit
                      </Link>
                      <button type="button" className="btn-small danger" onClick={() => void remove(item)} aria-label={`Remove ${item.name}`}>
                        Remove
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {items.length === 0 && <p>No items on sale yet. <Link to="/admin/add">Add the first one.</Link></p>}
        </div>
      )}
    </section>
  );
}
