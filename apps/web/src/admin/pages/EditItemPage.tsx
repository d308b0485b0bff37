import "./admin-pages.css";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import type { FoodItem } from "@mithai/schema/catalog";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminAction, adminRequest } from "./admin-request";
import { FoodForm } from "./FoodForm";

/** /admin/edit/:id: the item's fields, picture optional (none keeps the current one). */
export function EditItemPage() {
  useDocumentTitle("Edit item");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const item = useQuery({
    queryKey: ["admin", "food-item", id],
    queryFn: () => adminRequest<{ data: FoodItem }>(`/api/food/item/${encodeURIComponent(id)}`),
    staleTime: 0,
    gcTime: 0,
  });

  async function save(form: FormData) {
    const saved = await adminAction(`/api/food/edit/${encodeURIComponent(id)}`, { method: "PUT", body: form }, {
      success: "Item updated successfully!",
      failed: "Failed to update item.",
      error: "Error while updating.",
    });
    if (saved) void navigate("/admin/list");
  }

  return (
    <section className="admin-page">
      <h1>Edit item</h1>
      {item.isPending ? (
        <p aria-busy="true">Loading item...</p>
      ) : item.data?.success ? (
        <FoodForm item={item.data.data} submitLabel="Save changes" onSubmit={save} />
      ) : (
        <p role="alert">{item.data?.message ?? "Could not load this item."}</p>
      )}
    </section>
  );
}
