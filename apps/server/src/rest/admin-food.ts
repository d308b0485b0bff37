import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { addFoodItem, AppError, assertStorableInput, editFoodItem, idempotencyKeyOf, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, removeFoodItem } from "@mithai/api";
import { foodItemInputSchema, foodItemSavedAnswerSchema, removeFoodInputSchema, successMessageSchema, z } from "@mithai/schema";
import { contract, fileBytes } from "./contract";
import { requireAdmin } from "./admin-http";
import { parseInput, restContext } from "./request";

// The largest field is `translations`: two languages of every text field, in scripts of three bytes a character.
const FIELD_BYTES = 192 * 1024;

/** The item's form: its text fields (`faq` as JSON text) and an optional `image` file. */
const foodForm = foodItemInputSchema.extend({ image: fileBytes.optional() });
const FORM_REFUSALS = ["ALREADY_EXISTS", "STORAGE_UNAVAILABLE"] as const;

const contracts = {
  add: {
    ...contract({
      summary: "Add a sweet (multipart form; an Idempotency-Key adds it once)",
      tag: "Catalogue",
      auth: "admin",
      body: foodForm,
      answer: foodItemSavedAnswerSchema,
      refusals: [...FORM_REFUSALS, "IDEMPOTENCY_KEY_IN_USE"],
    }),
    consumes: ["multipart/form-data"],
  },
  edit: {
    ...contract({
      summary: "Change a sweet (multipart form; without `image` the picture stays)",
      tag: "Catalogue",
      auth: "admin",
      params: z.object({ id: z.string() }),
      body: foodForm,
      answer: foodItemSavedAnswerSchema,
      refusals: [...FORM_REFUSALS, "NOT_FOUND"],
    }),
    consumes: ["multipart/form-data"],
  },
  remove: contract({ summary: "Take a sweet off the menu", tag: "Catalogue", auth: "admin", body: removeFoodInputSchema, answer: successMessageSchema, refusals: ["NOT_FOUND"] }),
};

/** SPEC §7 catalogue writes (admin only): multipart forms with an optional `image` file, `faq` as JSON text. */
export async function adminFoodRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: FIELD_BYTES, parts: 31 },
  });
  app.addHook("onRequest", requireAdmin);
  const catalog = app.deps;

  app.post("/api/food/add", { schema: contracts.add }, async (req) => {
    const key = idempotencyKeyOf(req.headers["idempotency-key"]);
    const form = await readFoodForm(req);
    const { auth } = await restContext(req);
    const idempotency = key && auth ? { scope: "food.add", actorId: auth.userId, key } : undefined;
    const data = await addFoodItem(catalog, parseInput(foodItemInputSchema, form.fields), form.image, { idempotency });
    return { success: true, message: "Food item added successfully!", data };
  });

  app.put<{ Params: { id: string } }>("/api/food/edit/:id", { schema: contracts.edit }, async (req) => {
    const form = await readFoodForm(req);
    const data = await editFoodItem(catalog, req.params.id, parseInput(foodItemInputSchema, form.fields), form.image);
    return { success: true, message: "Item updated successfully!", data };
  });

  app.post("/api/food/remove", { schema: contracts.remove }, async (req) => {
    const { id } = parseInput(removeFoodInputSchema, req.body);
    await removeFoodItem(catalog, id);
    return { success: true, message: "Food item removed successfully!" };
  });
}

/** The text fields and the `image` file of a multipart form; an empty file input counts as no picture. */
async function readFoodForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; image: Buffer | undefined }> {
  if (!req.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the item as multipart/form-data");
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === "field") fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== "image") throw new AppError("VALIDATION", `Unexpected file field "${part.fieldname}"`);
      else {
        const bytes = await part.toBuffer();
        image = bytes.length > 0 ? bytes : undefined;
      }
    }
  } catch (error) {
    if (error instanceof req.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError("PAYLOAD_TOO_LARGE", IMAGE_TOO_LARGE_MESSAGE);
    }
    if (error instanceof AppError) throw error;
    // Anything else the parser throws is the body's fault: cut off ("Unexpected end of form", "Part terminated early")
    // or malformed. Nothing has been stored yet.
    throw new AppError("VALIDATION", "The upload was cut off or malformed (an incomplete multipart/form-data body). Nothing was saved; please send it again.", {
      cause: error,
    });
  }
  // The app's input guard ran before these parts were read: text fields get it here.
  assertStorableInput(fields);
  return { fields, image };
}
