import { z } from "zod";
import { AddToCartAnswer, OrderAllAnswer } from "~/features/cart/cart";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import {
  AddToBirthListSchema,
  BirthListInfoSchema,
  GiftSchema,
  IdSchema,
  SearchQuery,
  UpdateDescriptionSchema,
  UpdateInfoSchema,
  UpdateNameSchema,
  UpdatePrioritySchema,
  UpdateQuantitySchema,
} from "./birthlists";
import {
  addBirthListToCart,
  addToBirthList,
  birthListCount,
  createBirthList,
  giftToCart,
  myBirthLists,
  removeBirthList,
  removeBirthListItem,
  searchBirthLists,
  setPriority,
  updateBirthList,
  updateWantedQuantity,
} from "./birthlists.server";

const BASE = "/birthlists/birthlist";
const done = { Success: true };
const tags = ["birthlists"];

/** A birth list as lists and searches show it. */
const BirthListRow = z.object({
  Id: z.number(),
  Name: z.string(),
  Parents: z.string(),
  DueDate: z.string().nullable(),
});

export const addProductVariant = defineEndpoint({
  method: "post",
  path: `${BASE}/addproductvariant`,
  summary:
    "Add a variant to one of the customer's birth lists; answers { Message, BirthListId, ListName, BirthListItemId }",
  tags,
  body: AddToBirthListSchema,
  auth: true,
  response: z.object({
    Message: z.string(),
    BirthListId: z.number(),
    ListName: z.string(),
    BirthListItemId: z.number(),
  }),
  run: ({ customerId, culture, body }) => addToBirthList(customerId, culture, body),
});

export const deleteFromList = defineEndpoint({
  method: "delete",
  path: `${BASE}/deletefromlist`,
  summary: "Remove one item (its Id) from one of the customer's birth lists",
  tags,
  body: IdSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await removeBirthListItem(customerId, body.Id);
    return done;
  },
});

export const deleteList = defineEndpoint({
  method: "post",
  path: `${BASE}/delete`,
  summary: "Delete one of the customer's birth lists; answers the Uri to go to",
  tags,
  body: IdSchema,
  response: z.object({ Uri: z.string() }),
  auth: true,
  run: async ({ customerId, culture, body }) => ({ Uri: await removeBirthList(customerId, culture, body.Id) }),
});

export const updatePriority = defineEndpoint({
  method: "post",
  path: `${BASE}/updatePriority`,
  summary: "Mark an item of one of the customer's birth lists as a priority (shown first), or not",
  tags,
  body: UpdatePrioritySchema,
  auth: true,
  response: z.object({ IsSuccessfull: z.boolean(), BirthListItemId: z.number(), IsPriority: z.boolean() }),
  run: ({ customerId, body }) => setPriority(customerId, body.Id, body.IsPriority),
});

export const updateQuantity = defineEndpoint({
  method: "post",
  path: `${BASE}/updatequantity`,
  summary: "Set an item's wanted quantity, made positive and fitted to the catalogue's quantity rules",
  tags,
  body: UpdateQuantitySchema,
  response: z.object({ IsSuccessfull: z.boolean(), BirthListItemId: z.number(), Quantity: z.number() }),
  auth: true,
  run: ({ customerId, body }) => updateWantedQuantity(customerId, body.Id, body.Quantity),
});

export const updateName = defineEndpoint({
  method: "post",
  path: `${BASE}/updatename`,
  summary: "Rename one of the customer's birth lists",
  tags,
  body: UpdateNameSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await updateBirthList(customerId, body.Id, { name: body.Name });
    return done;
  },
});

export const updateDescription = defineEndpoint({
  method: "post",
  path: `${BASE}/updatedescription`,
  summary: "Describe one of the customer's birth lists",
  tags,
  body: UpdateDescriptionSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await updateBirthList(customerId, body.Id, { description: body.Description });
    return done;
  },
});

export const updateInfo = defineEndpoint({
  method: "post",
  path: `${BASE}/updateinfo`,
  summary: "Change a birth list's information (title, parents' names, due date, message to givers)",
  tags,
  body: UpdateInfoSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await updateBirthList(customerId, body.Id, {
      name: body.Name,
      parents: body.Parents,
      due_date: body.DueDate,
      message: body.Message,
    });
    return done;
  },
});

export const productsCount = defineEndpoint({
  method: "get",
  path: `${BASE}/products/count`,
  summary: "How many products the customer's birth lists hold",
  tags,
  response: z.number(),
  auth: true,
  run: ({ customerId }) => birthListCount(customerId),
});

export const lists = defineEndpoint({
  method: "get",
  path: `${BASE}/lists`,
  summary: "The customer's birth lists (Id, Name, Parents, DueDate, ItemsCount)",
  tags,
  auth: true,
  response: z.array(BirthListRow.extend({ ItemsCount: z.number() })),
  run: ({ customerId }) => myBirthLists(customerId),
});

export const create = defineEndpoint({
  method: "post",
  path: `${BASE}/create`,
  summary: "Open a new birth list; answers its BirthListId and Uri",
  tags,
  body: BirthListInfoSchema,
  auth: true,
  response: z.object({ BirthListId: z.number(), Uri: z.string() }),
  run: ({ customerId, culture, body }) => createBirthList(customerId, culture, body),
});

export const search = defineEndpoint({
  method: "get",
  path: `${BASE}/search`,
  summary: "Find birth lists by the parents' names or the list's title (q, at least 2 characters); no account needed",
  tags,
  query: SearchQuery,
  response: z.array(BirthListRow),
  run: ({ query }) => searchBirthLists(query.q),
});

export const gift = defineEndpoint({
  method: "post",
  path: `${BASE}/addtocart`,
  summary:
    "A gift-giver puts units of a birth list's item into their cart (no account needed); never more than is left to give",
  tags: ["birthlists", "cart"],
  body: GiftSchema,
  response: AddToCartAnswer,
  run: ({ session, culture, body }) => giftToCart(session, culture, body),
});

export const orderAll = defineEndpoint({
  method: "post",
  path: `${BASE}/addlisttocart`,
  summary:
    "Order all, for the list's owner: what is left of each product goes to the cart as gifts of the list; each line says whether it went, and why not",
  tags: ["birthlists", "cart"],
  body: z.object({ BirthListId: IdSchema.shape.Id }),
  auth: true,
  response: OrderAllAnswer,
  run: ({ session, culture, body }) => addBirthListToCart(session, culture, body.BirthListId),
});
