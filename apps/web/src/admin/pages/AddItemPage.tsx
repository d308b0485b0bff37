import "./admin-pages.css";
import { useState } from "react";
import { Link } from "react-router";
import type { FoodItem } from "@mithai/schema";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminTrpc } from "../trpc";
import { adminAction } from "./admin-request";
import { FoodForm } from "./FoodForm";

/** /admin/add: a new item; after a success, links to its page and to add another (the form starts empty again). */
export function AddItemPage() {
  useDocumentTitle("Add item");
  const [formKey, setFormKey] = useState(0);
  const [added, setAdded] = useState<Pick<FoodItem, "_id" | "name" | "slug"> | null>(null);
  // One key per filled-in form: a second submit of the same form (its answer lost to a dropped connection, say) is
  // answered with the item the first one added; the next form gets a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const addFood = adminTrpc.admin.addFood.useMutation({ trpc: { context: { idempotencyKey } } });

  async function add(form: FormData) {
    const item = await adminAction(() => addFood.mutateAsync(form), {
      success: "Food item added successfully!",
      failed: "Failed to add food item.",
      error: "Something went wrong.",
    });
    if (!item) return;
    // The new item's slug and id, for the links shown next.
    setAdded(item);
    setFormKey((key) => key + 1);
    setIdempotencyKey(newIdempotencyKey());
  }

  if (added) {
    return (
      <section className="admin-page">
        <h1>Add item</h1>
        <div className="added-item" role="status">
          <p>
            <strong>{added.name}</strong> is on the menu.
          </p>
          <p className="added-item-links">
            <a href={`/product/${added.slug}`} target="_blank" rel="noopener noreferrer">
              See its page (/product/{added.slug})
            </a>
            <Link to={`/admin/edit/${added._id}`}>Edit it</Link>
            <button type="button" className="btn-primary" onClick={() => setAdded(null)}>
              Add another item
            </button>
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="admin-page">
      <h1>Add item</h1>
      <FoodForm key={formKey} submitLabel="Add item" onSubmit={add} />
    </section>
  );
}

/** 128 random bits as hex (crypto.randomUUID needs a secure context; an admin may be served over plain HTTP). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
