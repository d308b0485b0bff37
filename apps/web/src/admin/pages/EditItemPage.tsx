import "./admin-pages.css";
import { useNavigate, useParams } from "react-router";
import { serverMessageOf } from "../../lib/errors";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminTrpc } from "../trpc";
import { adminAction } from "./admin-request";
import { FoodForm } from "./FoodForm";

/** /admin/edit/:id: the item's fields, picture optional (none keeps the current one). */
export function EditItemPage() {
  useDocumentTitle("Edit item");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const editFood = adminTrpc.admin.editFood.useMutation();
  const item = adminTrpc.admin.foodItem.useQuery({ id }, { staleTime: 0, gcTime: 0, retry: false });

  async function save(form: FormData) {
    form.append("id", id);
    const saved = await adminAction(() => editFood.mutateAsync(form), {
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
      ) : item.data ? (
        <FoodForm item={item.data} submitLabel="Save changes" onSubmit={save} />
      ) : (
        <p role="alert">{serverMessageOf(item.error) ?? "Could not load this item."}</p>
      )}
    </section>
  );
}
