import "./admin-pages.css";
import { useState } from "react";
import { toast } from "react-toastify";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminRequest } from "./admin-request";
import { FoodForm } from "./FoodForm";

/** /admin/add: a new item; after a success the form starts empty again. */
export function AddItemPage() {
  useDocumentTitle("Add item");
  const [formKey, setFormKey] = useState(0);

  async function add(form: FormData) {
    try {
      const answer = await adminRequest("/api/food/add", { method: "POST", body: form });
      if (answer.success) {
        toast.success(answer.message ?? "Food item added successfully!");
        setFormKey((key) => key + 1);
      } else {
        toast.error(answer.message ?? "Failed to add food item.");
      }
    } catch {
      toast.error("Something went wrong.");
    }
  }

  return (
    <section className="admin-page">
      <h1>Add item</h1>
      <FoodForm key={formKey} submitLabel="Add item" onSubmit={add} />
    </section>
  );
}
