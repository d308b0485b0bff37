import "./admin-pages.css";
import { useState } from "react";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAdminTRPCClient } from "../trpc";
import { adminAction } from "./admin-request";
import { FoodForm } from "./FoodForm";

/** /admin/add: a new item; after a success the form starts empty again. */
export function AddItemPage() {
  useDocumentTitle("Add item");
  const [formKey, setFormKey] = useState(0);
  const client = useAdminTRPCClient();

  async function add(form: FormData) {
    const added = await adminAction(() => client.admin.addFood.mutate(form), {
      success: "Food item added successfully!",
      failed: "Failed to add food item.",
      error: "Something went wrong.",
    });
    if (added) setFormKey((key) => key + 1);
  }

  return (
    <section className="admin-page">
      <h1>Add item</h1>
      <FoodForm key={formKey} submitLabel="Add item" onSubmit={add} />
    </section>
  );
}
