import { z } from "zod";

/** Birth lists (spec 001 gift registries): the API's bodies, as the spec names their fields. */
const id = z.coerce.number().int().min(1).max(2_147_483_647);
export const BIRTH_LIST_NAME_MAX = 80;
export const BIRTH_LIST_TEXT_MAX = 1000;
/** A visitor's search needs this many characters of a name (no listing of every family). */
export const BIRTH_LIST_SEARCH_MIN = 2;
export const BIRTH_LIST_SEARCH_LIMIT = 20;

const name = z.string().trim().min(1).max(BIRTH_LIST_NAME_MAX);
const text = z.string().trim().max(BIRTH_LIST_TEXT_MAX);
const flag = z.union([
  z.boolean(),
  z.enum(["true", "false", "on", "1", "0"]).transform((v) => v !== "false" && v !== "0"),
]);

export const AddToBirthListSchema = z.object({
  ProductVariantId: id,
  Quantity: z.coerce.number().int().min(1).max(10_000).default(1),
  BirthListId: id,
});
export const IdSchema = z.object({ Id: id });
export const UpdatePrioritySchema = z.object({ Id: id, IsPriority: flag.default(false) });
export const UpdateQuantitySchema = z.object({ Id: id, Quantity: z.coerce.number().int().min(-10_000).max(10_000) });
export const UpdateNameSchema = z.object({ Id: id, Name: name });
export const UpdateDescriptionSchema = z.object({ Id: id, Description: text });
export const BirthListInfoSchema = z.object({
  Name: name,
  Parents: z
    .string()
    .trim()
    .min(2)
    .max(BIRTH_LIST_NAME_MAX * 2),
  DueDate: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/)
    .optional()
    .transform((v) => v || null),
  Message: text.default(""),
});
export const UpdateInfoSchema = BirthListInfoSchema.extend({ Id: id });
export const SearchQuery = z.object({ q: z.string().trim().max(BIRTH_LIST_NAME_MAX).default("") });
/** A visitor's gift: units of one item of a list, into their cart. */
export const GiftSchema = z.object({ BirthListItemId: id, Quantity: z.coerce.number().int().min(1).max(10_000) });
