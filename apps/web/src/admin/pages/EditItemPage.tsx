import "./admin-pages.css";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import type { FoodItem } from "@mithai/schema/catalog";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminRequest } from "./admin-request";
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
    try {
      const answer = await adminRequest(`/api/food/edit/${encodeURIComponent(id)}`, { method: "PUT", body: form });
      if (answer.success) {
        toast.success("Item updated successfully!");
        void navigate("/admin/list");
      } else {
        toast.error(answer.message ?? "Failed to update item.");
      }
    } catch {
      toast.error("Error while updating.");
    }
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
