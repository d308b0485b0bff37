import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { addFoodItem, editFoodItem, removeFoodItem } from "@mithai/api/admin/food-admin";
import { MAX_IMAGE_BYTES } from "@mithai/api/catalog/images";
import { AppError } from "@mithai/api/errors";
import { assertNoNul } from "@mithai/api/nul-text";
import { foodItemInputSchema, removeFoodInputSchema } from "@mithai/schema/contracts/admin";
import { requireAdmin } from "./admin-http";
import { parseInput } from "./request";

const FIELD_BYTES = 64 * 1024;

/** SPEC §7 catalogue writes (admin only): multipart forms with an optional `image` file, `faq` as JSON text. */
export async function adminFoodRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: FIELD_BYTES, parts: 31 },
  });
  app.addHook("onRequest", requireAdmin);
  const catalog = app.deps;

  app.post("/api/food/add", async (req) => {
    const form = await readFoodForm(req);
    const data = await addFoodItem(catalog, parseInput(foodItemInputSchema, form.fields), form.image);
    return { success: true, message: "Food item added successfully!", data };
  });

  app.put<{ Params: { id: string } }>("/api/food/edit/:id", async (req) => {
    const form = await readFoodForm(req);
    const data = await editFoodItem(catalog, req.params.id, parseInput(foodItemInputSchema, form.fields), form.image);
    return { success: true, message: "Item updated successfully!", data };
  });

  app.post("/api/food/remove", async (req) => {
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
      else if (part.fieldname !== "image") throw new AppError("BAD_REQUEST", `Unexpected file field "${part.fieldname}"`);
      else {
        const bytes = await part.toBuffer();
        image = bytes.length > 0 ? bytes : undefined;
      }
    }
  } catch (error) {
    if (error instanceof req.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError("PAYLOAD_TOO_LARGE", "Image must be 5 MB or smaller");
    }
    throw error;
  }
  // The app's NUL check ran before these parts were read: text fields get it here.
  assertNoNul(fields);
  return { fields, image };
}
