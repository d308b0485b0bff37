import { useEffect, useState, type FormEvent } from "react";
import { type AdminFoodItem, CATEGORIES, DEFAULT_GST_RATE, DEFAULT_HSN, GST_RATES, parseMoneyInput, slugify } from "@mithai/schema";
import { MoneyInput } from "../owner/MoneyInput";
import { parseStockInput } from "../owner/stock-input";
import { toast } from "react-toastify";
import { foodImageProps } from "../../lib/images";
import { SubmitButton } from "../../components/FormStatus";
import { LabelledControl } from "./LabelledControl";
import { initialTranslations, TranslationFields, translationsOf } from "./TranslationFields";

const TEXT_FIELDS = ["name", "description", "ingredients", "benefits", "metaTitle", "slug", "metaDescription", "metaKeywords", "googleTagHead", "googleTagBody"] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type FormValues = Record<TextField | "category" | "price" | "hsn" | "gstRate" | "stockKg" | "q1" | "a1" | "q2" | "a2", string>;

function initialValues(item: AdminFoodItem | undefined): FormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((field) => [field, item?.[field] ?? ""])) as Record<TextField, string>;
  return {
    ...values,
    category: item?.category ?? CATEGORIES[0],
    price: item ? String(item.price) : "",
    hsn: item?.hsn ?? DEFAULT_HSN,
    gstRate: String(item?.gstRate ?? DEFAULT_GST_RATE),
    stockKg: item?.stockKg == null ? "" : String(item.stockKg),
    q1: item?.faq[0]?.question ?? "",
    a1: item?.faq[0]?.answer ?? "",
    q2: item?.faq[1]?.question ?? "",
    a2: item?.faq[1]?.answer ?? "",
  };
}

interface FoodFormProps {
  /** The item being edited, with its translations; absent when adding (then a picture is required). */
  item?: AdminFoodItem;
  submitLabel: string;
  /** Sends the multipart body. */
  onSubmit: (form: FormData) => Promise<void>;
}

/** Every field of SPEC §5's add and edit forms, with the picture preview and the slug preview. */
export function FoodForm({ item, submitLabel, onSubmit }: FoodFormProps) {
  const [values, setValues] = useState(() => initialValues(item));
  const [translations, setTranslations] = useState(() => initialTranslations(item?.translations));
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useObjectUrl(image);
  const set = (field: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const slugPreview = values.slug.trim() || slugify(values.name);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const price = parseMoneyInput(values.price, PRICE_RULES);
    const stock = parseStockInput(values.stockKg);
    if (!price.ok || !stock.ok) {
      toast.error(!price.ok ? price.message : !stock.ok ? stock.message : "");
      return;
    }
    const form = new FormData();
    for (const field of [...TEXT_FIELDS, "category", "hsn", "gstRate"] as const) form.append(field, values[field]);
    form.append("price", String(price.rupees));
    form.append("stockKg", stock.kg === null ? "" : String(stock.kg));
    form.append("faq", JSON.stringify([{ question: values.q1, answer: values.a1 }, { question: values.q2, answer: values.a2 }]));
    form.append("translations", JSON.stringify(translationsOf(translations)));
    if (image) form.append("image", image);
    setBusy(true);
    try {
      await onSubmit(form);
    } finally {
      setBusy(false);
    }
  }

  const imageSrc = preview ?? (item ? foodImageProps(item.image).src : null);
  return (
    <form className="food-form" onSubmit={submit}>
      <fieldset>
        <legend>Picture</legend>
        <label className="image-picker">
          {imageSrc ? <img src={imageSrc} alt="Preview of the item's picture" /> : <span className="image-placeholder">Choose a picture</span>}
          <span className="visually-hidden">Item picture</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            required={!item}
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          />
        </label>
        <p className="hint">JPEG, PNG, WebP or AVIF, up to 20 MB (a photo straight from the phone is fine: the shop resizes it).{item ? " Leave empty to keep the current picture." : ""}</p>
      </fieldset>

      <fieldset>
        <legend>Item</legend>
        <LabelledControl label="Name">{(id) => <input id={id} required maxLength={120} value={values.name} onChange={set("name")} />}</LabelledControl>
        <LabelledControl label="Description">{(id) => <textarea id={id} required rows={4} value={values.description} onChange={set("description")} />}</LabelledControl>
        <div className="field-row">
          <LabelledControl label="Category">
            {(id) => (
              <select id={id} required value={values.category} onChange={set("category")}>
                {CATEGORIES.map((category) => <option key={category}>{category}</option>)}
              </select>
            )}
          </LabelledControl>
          <LabelledControl label="Price (₹ per kg)">
            {(id) => <MoneyInput id={id} required rules={PRICE_RULES} value={values.price} onValueChange={(price) => setValues((current) => ({ ...current, price }))} placeholder="549.50" />}
          </LabelledControl>
          <LabelledControl label="HSN code">
            {(id) => <input id={id} required inputMode="numeric" pattern="\d{4,8}" title="4 to 8 digits (sweetmeats: 21069099)" value={values.hsn} onChange={set("hsn")} />}
          </LabelledControl>
          <LabelledControl label="Stock (kg left; empty: not tracked)">
            {(id) => <StockInput id={id} value={values.stockKg} onChange={set("stockKg")} />}
          </LabelledControl>
          <LabelledControl label="GST rate (included in the price)">
            {(id) => (
              <select id={id} value={values.gstRate} onChange={set("gstRate")}>
                {GST_RATES.map((rate) => (
                  <option key={rate} value={rate}>
                    {rate}%
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
        </div>
        <LabelledControl label="Ingredients">{(id) => <textarea id={id} required rows={2} value={values.ingredients} onChange={set("ingredients")} />}</LabelledControl>
        <LabelledControl label="Health benefits">{(id) => <textarea id={id} required rows={2} value={values.benefits} onChange={set("benefits")} />}</LabelledControl>
      </fieldset>

      <fieldset>
        <legend>FAQ (two questions)</legend>
        {([1, 2] as const).map((n) => (
          <div key={n} className="faq-pair">
            <LabelledControl label={`Question ${n}`}>{(id) => <input id={id} required value={values[`q${n}`]} onChange={set(`q${n}`)} />}</LabelledControl>
            <LabelledControl label={`Answer ${n}`}>{(id) => <textarea id={id} required rows={2} value={values[`a${n}`]} onChange={set(`a${n}`)} />}</LabelledControl>
          </div>
        ))}
      </fieldset>

      <TranslationFields
        values={translations}
        onChange={(lang, field, value) => setTranslations((current) => ({ ...current, [lang]: { ...current[lang], [field]: value } }))}
      />

      <fieldset>
        <legend>SEO (optional)</legend>
        <LabelledControl label="Meta title">{(id) => <input id={id} maxLength={200} value={values.metaTitle} onChange={set("metaTitle")} />}</LabelledControl>
        <LabelledControl label="Slug">
          {(id) => <input id={id} maxLength={120} value={values.slug} onChange={set("slug")} placeholder={slugify(values.name) || "made-from-the-name"} />}
        </LabelledControl>
        <p className="hint slug-preview">Page address: <code>/product/{slugPreview}</code></p>
        <LabelledControl label="Meta description">{(id) => <textarea id={id} maxLength={500} rows={2} value={values.metaDescription} onChange={set("metaDescription")} />}</LabelledControl>
        <LabelledControl label="Meta keywords">{(id) => <input id={id} maxLength={500} value={values.metaKeywords} onChange={set("metaKeywords")} />}</LabelledControl>
        <LabelledControl label="Google tag (head)">{(id) => <textarea id={id} rows={3} className="code" value={values.googleTagHead} onChange={set("googleTagHead")} />}</LabelledControl>
        <LabelledControl label="Google tag (body)">{(id) => <textarea id={id} rows={3} className="code" value={values.googleTagBody} onChange={set("googleTagBody")} />}</LabelledControl>
      </fieldset>

      <SubmitButton className="btn-primary" busy={busy} busyLabel="Saving...">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** A preview URL for a chosen file, released when the file changes or the form goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

const PRICE_RULES = { label: "Price", min: 1, max: 100_000 };

/** Whole kilograms or empty; what is typed stays as typed, and a mistake is said in words (never stripped to digits). */
function StockInput({ id, value, onChange }: { id: string; value: string; onChange: (event: { target: { value: string } }) => void }) {
  const parsed = parseStockInput(value);
  const problem = parsed.ok ? "" : parsed.message;
  return (
    <>
      <input id={id} inputMode="numeric" autoComplete="off" value={value} onChange={onChange} placeholder="not tracked" aria-invalid={problem ? true : undefined} ref={(input) => input?.setCustomValidity(problem)} />
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
