import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { csvLine, foodItemForm, toMithaiError, type FoodItemFields, type MithaiClient, type RouterOutputs } from "@mithai/client";
import { readCsv, type CsvRow } from "./csv";
import type { Output } from "./output";

type FoodItem = RouterOutputs["admin"]["foodItems"][number];
type Translations = NonNullable<FoodItemFields["translations"]>;

const TRANSLATED = ["hi", "te"] as const;
const TRANSLATION_FIELDS = ["name", "description", "ingredients", "healthBenefits", "faq1_question", "faq1_answer", "faq2_question", "faq2_answer"] as const;
/** An item's Hindi and Telugu fields, one column each (`hi_name`, …, `te_faq2_answer`); empty cells show the English. */
const TRANSLATION_COLUMNS = TRANSLATED.flatMap((lang) => TRANSLATION_FIELDS.map((field) => `${lang}_${field}`));

/** The kitchen's spreadsheet: one item a row, matched to the catalogue by slug. */
export const CATALOG_COLUMNS = [
  "slug",
  "name",
  "category",
  "price",
  "description",
  "ingredients",
  "benefits",
  "faq1_question",
  "faq1_answer",
  "faq2_question",
  "faq2_answer",
  "metaTitle",
  "metaDescription",
  "metaKeywords",
  "hsn",
  "gstRate",
  "stockKg",
  "image",
  ...TRANSLATION_COLUMNS,
] as const;
const REQUIRED_COLUMNS = ["name", "category", "price", "description", "ingredients", "benefits", "faq1_question", "faq1_answer", "faq2_question", "faq2_answer"];
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

function rowOf(item: FoodItem): string[] {
  const [faq1, faq2] = item.faq;
  return [
    item.slug,
    item.name,
    item.category,
    String(item.price),
    item.description,
    item.ingredients,
    item.benefits,
    faq1?.question ?? "",
    faq1?.answer ?? "",
    faq2?.question ?? "",
    faq2?.answer ?? "",
    item.metaTitle,
    item.metaDescription,
    item.metaKeywords,
    item.hsn,
    String(item.gstRate),
    item.stockKg === null ? "" : String(item.stockKg),
    item.image,
    ...TRANSLATED.flatMap((lang) => {
      const t = item.translations[lang];
      const [faq1, faq2] = t?.faq ?? [];
      return [t?.name, t?.description, t?.ingredients, t?.healthBenefits, faq1?.question, faq1?.answer, faq2?.question, faq2?.answer].map((cell) => cell ?? "");
    }),
  ];
}

/** The row's translations, or undefined (the item keeps its own) when the sheet has no translation columns. */
function translationsOf(v: Record<string, string>): Translations | undefined {
  if (!TRANSLATION_COLUMNS.some((column) => column in v)) return undefined;
  const translations: Translations = {};
  for (const lang of TRANSLATED) {
    const cell = (field: (typeof TRANSLATION_FIELDS)[number]) => (v[`${lang}_${field}`] ?? "").trim();
    const translation: NonNullable<Translations["hi"]> = {};
    for (const field of ["name", "description", "ingredients", "healthBenefits"] as const) if (cell(field)) translation[field] = cell(field);
    if (["faq1_question", "faq1_answer", "faq2_question", "faq2_answer"].some((field) => cell(field as (typeof TRANSLATION_FIELDS)[number]))) {
      translation.faq = [
        { question: cell("faq1_question"), answer: cell("faq1_answer") },
        { question: cell("faq2_question"), answer: cell("faq2_answer") },
      ];
    }
    if (Object.keys(translation).length > 0) translations[lang] = translation;
  }
  return translations;
}

/** `catalog export [--out F]`: the catalogue as CSV (to stdout without --out). */
export async function exportCatalog(client: MithaiClient, out: Output, file: string | undefined): Promise<void> {
  const items = await client.admin.foodItems.query();
  const csv = `\uFEFF${csvLine([...CATALOG_COLUMNS])}${items.map((item) => csvLine(rowOf(item))).join("")}`;
  if (!file && out.json) {
    // The same columns, one object per item.
    return out.result(
      items.map((item) => {
        const row = rowOf(item);
        return Object.fromEntries(CATALOG_COLUMNS.map((column, i) => [column, row[i]]));
      }),
      "",
    );
  }
  if (!file) {
    out.raw(csv);
    return;
  }
  await writeFile(file, csv);
  out.result({ file, items: items.length }, `${items.length} items written to ${file}`);
}

interface PlannedRow {
  line: number;
  action: "add" | "update";
  slug: string;
  fields: FoodItemFields;
  /** The picture file to upload (required to add; optional to update). */
  picture: string | undefined;
  existing: FoodItem | undefined;
  changes: string[];
}

export interface RowProblem {
  line: number;
  message: string;
}

/** Thrown when the file has bad rows: nothing was changed. */
export class BadRows extends Error {
  constructor(readonly problems: RowProblem[]) {
    super(`${problems.length} bad row${problems.length === 1 ? "" : "s"}; nothing was changed`);
  }
}

/**
 * `catalog import F [--images DIR] [--dry-run]`. Every row is checked first (the columns here, each picture file, and
 * the item itself by the shop's own contract through `admin.checkFood`); any bad row stops the import before a single
 * change, with every problem's line. Then rows are added or updated by slug, one at a time. A row without a slug
 * updates the item of the same name when there is one, so importing the same file again (after a failure part-way, or
 * twice by mistake) adds nothing twice.
 */
export async function importCatalog(client: MithaiClient, out: Output, options: { file: string; images: string | undefined; dryRun: boolean }): Promise<void> {
  const text = await readFile(options.file, "utf8");
  let parsed: ReturnType<typeof readCsv>;
  try {
    parsed = readCsv(text);
  } catch (error) {
    throw new BadRows([{ line: (error as { lines?: number }).lines ?? 0, message: `not a readable CSV file (${(error as Error).message})` }]);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !parsed.header.includes(column));
  if (missing.length > 0) throw new BadRows([{ line: 1, message: `missing column${missing.length === 1 ? "" : "s"}: ${missing.join(", ")}` }]);

  const items = await client.admin.foodItems.query();
  const catalogue: Catalogue = { bySlug: new Map(items.map((item) => [item.slug, item])), byName: new Map() };
  for (const item of items) catalogue.byName.set(nameKey(item.name), [...(catalogue.byName.get(nameKey(item.name)) ?? []), item]);
  const imagesDir = options.images ?? path.dirname(options.file);
  const problems: RowProblem[] = [];
  const planned: PlannedRow[] = [];
  const seen = new Map<string, number>();
  out.progress.start("Checking", parsed.rows.length);
  for (const row of parsed.rows) {
    const plan = await planRow(client, row, catalogue, imagesDir).catch((error: unknown) => {
      problems.push({ line: row.line, message: error instanceof Error ? error.message : String(error) });
      return undefined;
    });
    // Two rows may not be the same item: the same slug, or (without one) the same name.
    const key = plan && (plan.slug ? `slug "${plan.slug}"` : `name "${plan.fields.name.trim()}"`);
    if (plan && key) {
      const earlier = seen.get(key.toLowerCase());
      if (earlier) problems.push({ line: row.line, message: `${key} is also on line ${earlier}` });
      seen.set(key.toLowerCase(), row.line);
    }
    if (plan) planned.push(plan);
    out.progress.tick();
  }
  out.progress.done();
  if (problems.length > 0) throw new BadRows(problems.sort((a, b) => a.line - b.line));

  const summary = { added: planned.filter((p) => p.action === "add").length, updated: planned.filter((p) => p.action === "update" && p.changes.length > 0).length, unchanged: planned.filter((p) => p.action === "update" && p.changes.length === 0).length };
  if (options.dryRun) {
    out.result(
      { dryRun: true, ...summary, rows: planned.map(({ line, action, slug, changes }) => ({ line, action: action === "update" && changes.length === 0 ? "unchanged" : action, slug, changes })) },
      [
        ...planned.map((p) => `line ${p.line}: ${p.action === "add" ? `add ${p.slug || p.fields.name}` : p.changes.length === 0 ? `unchanged ${p.slug}` : `update ${p.slug}: ${p.changes.join("; ")}`}`),
        `Dry run: ${summary.added} to add, ${summary.updated} to update, ${summary.unchanged} unchanged; nothing was changed.`,
      ].join("\n"),
    );
    return;
  }

  out.progress.start("Importing", planned.length);
  for (const plan of planned) {
    if (plan.action === "update" && plan.changes.length === 0) {
      out.progress.tick();
      continue;
    }
    const picture = plan.picture ? new Blob([new Uint8Array(await readFile(plan.picture))]) : undefined;
    try {
      if (plan.action === "add") await client.admin.addFood.mutate(foodItemForm(plan.fields, picture));
      else await client.admin.editFood.mutate(foodItemForm(plan.fields, picture, plan.existing!._id));
    } catch (error) {
      out.progress.done();
      throw new BadRows([{ line: plan.line, message: `${toMithaiError(error).message} (rows before this line were imported)` }]);
    }
    out.progress.tick();
  }
  out.progress.done();
  out.result({ dryRun: false, ...summary }, `Imported: ${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged.`);
}

interface Catalogue {
  bySlug: Map<string, FoodItem>;
  /** Items by name (trimmed, any case): how a row without a slug finds its item. */
  byName: Map<string, FoodItem[]>;
}

const nameKey = (name: string) => name.trim().toLowerCase();

async function planRow(client: MithaiClient, row: CsvRow, catalogue: Catalogue, imagesDir: string): Promise<PlannedRow> {
  const v = row.values;
  let slug = (v.slug ?? "").trim();
  let existing = slug ? catalogue.bySlug.get(slug) : undefined;
  if (!slug) {
    const named = catalogue.byName.get(nameKey(v.name ?? "")) ?? [];
    if (named.length > 1) throw new Error(`name: ${named.length} items are called "${(v.name ?? "").trim()}" (${named.map((item) => item.slug).join(", ")}); give the slug of the one to update`);
    existing = named[0];
    // The item keeps its slug: an empty one would be made again from the name.
    if (existing) slug = existing.slug;
  }
  const fields: FoodItemFields = {
    name: v.name ?? "",
    category: v.category as FoodItemFields["category"],
    price: v.price ?? "",
    description: v.description ?? "",
    ingredients: v.ingredients ?? "",
    benefits: v.benefits ?? "",
    faq: [
      { question: v.faq1_question ?? "", answer: v.faq1_answer ?? "" },
      { question: v.faq2_question ?? "", answer: v.faq2_answer ?? "" },
    ],
    slug,
    metaTitle: v.metaTitle ?? "",
    metaDescription: v.metaDescription ?? "",
    metaKeywords: v.metaKeywords ?? "",
    ...(v.hsn ? { hsn: v.hsn } : {}),
    ...(v.gstRate ? { gstRate: Number(v.gstRate) } : {}),
    // A sheet with a stockKg column sets the kilograms left (an empty cell: not tracked); one without it keeps them.
    ...("stockKg" in v ? { stockKg: v.stockKg.trim() === "" ? null : Number(v.stockKg) } : {}),
    // A sheet with translation columns sets them (empty cells: English); one without keeps the item's.
    ...(translationsOf(v) ? { translations: translationsOf(v) } : {}),
  };
  // An update keeps its Google tags (the spreadsheet does not carry them).
  if (existing) Object.assign(fields, { googleTagHead: existing.googleTagHead, googleTagBody: existing.googleTagBody });
  const imageCell = (v.image ?? "").trim();
  // An exported row names the picture the shop already has: that is no new picture.
  const picture = imageCell && imageCell !== existing?.image ? path.resolve(imagesDir, imageCell) : undefined;
  if (!existing && !picture) throw new Error("image: a picture file is required for a new item");
  if (picture) {
    const size = await stat(picture).then((s) => (s.isFile() ? s.size : -1), () => -1);
    if (size < 0) throw new Error(`image: no file ${picture}`);
    if (size > MAX_PICTURE_BYTES) throw new Error(`image: ${imageCell} is larger than 5 MB`);
  }
  try {
    await client.admin.checkFood.mutate(foodItemForm(fields, null, existing?._id));
  } catch (error) {
    const refused = toMithaiError(error);
    if (refused.status === 0 || refused.status === 401 || refused.status === 403) throw error;
    throw new Error(refused.fieldErrors.length > 0 ? refused.fieldErrors.map((e) => (e.message.startsWith(`${e.path}:`) || !e.path ? e.message : `${e.path}: ${e.message}`)).join("; ") : refused.message);
  }
  return { line: row.line, action: existing ? "update" : "add", slug, fields, picture, existing, changes: existing ? changesOf(existing, fields, picture) : [] };
}

/** JSON with every object's keys in order: the database keeps a JSON object's keys in its own order. */
const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

function changesOf(item: FoodItem, fields: FoodItemFields, picture: string | undefined): string[] {
  const changes: string[] = [];
  const compare = (name: string, before: string, after: string) => {
    if (before !== after) changes.push(name === "price" ? `price ${before} → ${after}` : `${name} changed`);
  };
  compare("name", item.name, fields.name.trim());
  compare("category", item.category, String(fields.category));
  compare("price", String(item.price), String(Number(fields.price)));
  for (const name of ["description", "ingredients", "benefits", "metaTitle", "metaDescription", "metaKeywords"] as const) compare(name, item[name], String(fields[name] ?? "").trim());
  const pairs = (faq: { question: string; answer: string }[]) => JSON.stringify(faq.map((f) => [f.question.trim(), f.answer.trim()]));
  compare("faq", pairs(item.faq), pairs(fields.faq));
  if (fields.hsn !== undefined) compare("hsn", item.hsn, String(fields.hsn));
  if (fields.gstRate !== undefined) compare("gstRate", String(item.gstRate), String(fields.gstRate));
  if (fields.stockKg !== undefined) compare("stockKg", String(item.stockKg ?? ""), String(fields.stockKg ?? ""));
  if (fields.translations !== undefined) compare("translations", sortedJson(item.translations), sortedJson(fields.translations));
  if (picture) changes.push("new picture");
  return changes;
}
