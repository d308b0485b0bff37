// Type-checked only (`npm run typecheck`), never bundled: the client spells out an item's fields so its published
// declarations carry no zod, and this keeps that spelling equal to the contract the server validates with.
import type { FoodItemInput } from "@mithai/schema";
import type { FoodItemFields } from "./index";

type Optional = "slug" | "metaTitle" | "metaDescription" | "metaKeywords" | "googleTagHead" | "googleTagBody";
type FromContract = Omit<FoodItemInput, "price" | Optional> & Partial<Pick<FoodItemInput, Optional>> & { price: number | string };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const fieldsMatchTheContract: Same<Required<FoodItemFields>, Required<FromContract>> = true;
