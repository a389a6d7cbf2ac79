import { z } from "zod";
import { OrderAllAnswer } from "~/features/cart/cart";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import {
  AddToWishlistSchema,
  AddWishlistToCartSchema,
  IdSchema,
  IsInListQuery,
  UpdateDescriptionSchema,
  UpdateNameSchema,
  UpdateQuantitySchema,
  VariantListParams,
  VariantParams,
} from "./wishlists";
import {
  addToWishlist,
  addWishlistToCart,
  removeItems,
  removeList,
  renameList,
  updateItemQuantity,
  variantIsInList,
  wishlistChoices,
  wishlistCount,
} from "./wishlists.server";

const BASE = "/catalog/wishlist";
const done = { Success: true };

export const addProductVariant = defineEndpoint({
  method: "post",
  path: `${BASE}/addproductvariant`,
  summary:
    "Add a variant to one of the customer's wishlists, or to a new one named Name; answers { Message, DataLayer, WishlistId }",
  tags: ["wishlists"],
  body: AddToWishlistSchema,
  auth: true,
  response: z.object({
    Message: z.string(),
    DataLayer: z.object({
      event: z.string(),
      ecommerce: z.object({
        currency: z.string(),
        items: z.array(z.object({ item_id: z.string(), quantity: z.number() })),
      }),
    }),
    WishlistId: z.number(),
  }),
  run: ({ customerId, culture, body }) => addToWishlist(customerId, culture, body),
});

export const deleteFromList = defineEndpoint({
  method: "delete",
  path: `${BASE}/deletefromlist`,
  summary: "Remove one item (its Id) from one of the customer's wishlists",
  tags: ["wishlists"],
  body: IdSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await removeItems(customerId, { itemId: body.Id });
    return done;
  },
});

export const deleteVariantFromList = defineEndpoint({
  method: "delete",
  path: `${BASE}/deletefromlist/:productVariantId/:listId`,
  summary: "Remove a variant from one of the customer's wishlists",
  tags: ["wishlists"],
  params: VariantListParams,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, params }) => {
    await removeItems(customerId, { variantId: params.productVariantId, listId: params.listId });
    return done;
  },
});

export const deleteVariantFromAllLists = defineEndpoint({
  method: "delete",
  path: `${BASE}/deletefromalllist/:productVariantId`,
  summary: "Remove a variant from all of the customer's wishlists",
  tags: ["wishlists"],
  params: VariantParams,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, params }) => {
    await removeItems(customerId, { variantId: params.productVariantId });
    return done;
  },
});

export const deleteWishlist = defineEndpoint({
  method: "post",
  path: `${BASE}/delete`,
  summary: "Delete one of the customer's wishlists; answers the Uri to go to",
  tags: ["wishlists"],
  body: IdSchema,
  response: z.object({ Uri: z.string() }),
  auth: true,
  run: async ({ customerId, culture, body }) => ({ Uri: await removeList(customerId, culture, body.Id) }),
});

export const updateQuantity = defineEndpoint({
  method: "post",
  path: `${BASE}/updatequantity`,
  summary: "Set an item's quantity, made positive and fitted to the catalogue's quantity rules",
  tags: ["wishlists"],
  body: UpdateQuantitySchema,
  response: z.object({ IsSuccessfull: z.boolean(), WishlistProductId: z.number(), Quantity: z.number() }),
  auth: true,
  run: ({ customerId, body }) => updateItemQuantity(customerId, body.Id, body.Quantity),
});

export const updateName = defineEndpoint({
  method: "post",
  path: `${BASE}/updatename`,
  summary: "Rename one of the customer's wishlists",
  tags: ["wishlists"],
  body: UpdateNameSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await renameList(customerId, body.Id, { name: body.Name });
    return done;
  },
});

export const updateDescription = defineEndpoint({
  method: "post",
  path: `${BASE}/updatedescription`,
  summary: "Describe one of the customer's wishlists",
  tags: ["wishlists"],
  body: UpdateDescriptionSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await renameList(customerId, body.Id, { description: body.Description });
    return done;
  },
});

export const productsCount = defineEndpoint({
  method: "get",
  path: `${BASE}/products/count`,
  summary: "How many products the customer's wishlists hold",
  tags: ["wishlists"],
  response: z.number(),
  auth: true,
  run: ({ customerId }) => wishlistCount(customerId),
});

export const isInTheList = defineEndpoint({
  method: "get",
  path: `${BASE}/isinthelist`,
  summary: "Whether a variant is in one of the customer's wishlists (listId: that list)",
  tags: ["wishlists"],
  query: IsInListQuery,
  response: z.boolean(),
  auth: true,
  run: ({ customerId, query }) => variantIsInList(customerId, query.productVariantId, query.listId),
});

export const lists = defineEndpoint({
  method: "get",
  path: `${BASE}/lists`,
  summary:
    "The customer's wishlists (Id, Name, Description, ItemsCount), the default one first: the add dialog's choices",
  tags: ["wishlists"],
  auth: true,
  response: z.array(z.object({ Id: z.number(), Name: z.string(), Description: z.string(), ItemsCount: z.number() })),
  run: ({ customerId }) => wishlistChoices(customerId),
});

export const addWishlistToCartEndpoint = defineEndpoint({
  method: "post",
  path: "/catalog/products/addwishlisttocart",
  summary:
    "Order all: each item of a wishlist (or the Items given) goes to the cart under the cart's rules; each line says whether it was added, and why not",
  tags: ["wishlists", "cart"],
  body: AddWishlistToCartSchema,
  auth: true,
  response: OrderAllAnswer,
  run: ({ session, culture, body }) => addWishlistToCart(session, culture, body),
});
