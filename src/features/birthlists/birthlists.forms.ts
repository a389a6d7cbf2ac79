import type { EndpointsOf, RequestOf } from "~/lib/endpoint-types";
import type * as birthListEndpoints from "./birthlists.endpoints";

type BirthListEndpoints = EndpointsOf<typeof birthListEndpoints>;
type Fields = Record<string, string | undefined>;

interface BirthListForm<K extends keyof BirthListEndpoints> {
  endpoint: K;
  request(fields: Fields): RequestOf<BirthListEndpoints[K]>;
}

const form = <K extends keyof BirthListEndpoints>(definition: BirthListForm<K>) => definition;

/**
 * The birth-list pages' forms (spec 001), read by both sides: the page's controller sends them to the
 * API, the no-JavaScript post (birthlists/birthlist/update) runs the same endpoints on the server.
 */
export const BIRTHLIST_FORMS = {
  name: form({
    endpoint: "POST /birthlists/birthlist/updatename",
    request: (f) => ({ body: { Id: f.Id, Name: f.Name ?? "" } }),
  }),
  description: form({
    endpoint: "POST /birthlists/birthlist/updatedescription",
    request: (f) => ({ body: { Id: f.Id, Description: f.Description ?? "" } }),
  }),
  info: form({
    endpoint: "POST /birthlists/birthlist/updateinfo",
    request: (f) => ({
      body: {
        Id: f.Id,
        Name: f.Name ?? "",
        Parents: f.Parents ?? "",
        DueDate: f.DueDate ?? "",
        Message: f.Message ?? "",
      },
    }),
  }),
  quantity: form({
    endpoint: "POST /birthlists/birthlist/updatequantity",
    // The stepper's buttons send Step (±1 step of the variant) on top of the field's quantity.
    request: (f) => ({
      body: { Id: f.Id, Quantity: String(Math.trunc(Number(f.Quantity) || 0) + Math.trunc(Number(f.Step) || 0)) },
    }),
  }),
  priority: form({
    endpoint: "POST /birthlists/birthlist/updatePriority",
    request: (f) => ({ body: { Id: f.Id, IsPriority: f.IsPriority === "true" || f.IsPriority === "on" } }),
  }),
  remove: form({
    endpoint: "DELETE /birthlists/birthlist/deletefromlist",
    request: (f) => ({ body: { Id: f.Id } }),
  }),
  delete: form({
    endpoint: "POST /birthlists/birthlist/delete",
    request: (f) => ({ body: { Id: f.Id } }),
  }),
  create: form({
    endpoint: "POST /birthlists/birthlist/create",
    request: (f) => ({
      body: { Name: f.Name ?? "", Parents: f.Parents ?? "", DueDate: f.DueDate ?? "", Message: f.Message ?? "" },
    }),
  }),
  "order-all": form({
    endpoint: "POST /birthlists/birthlist/addlisttocart",
    request: (f) => ({ body: { BirthListId: f.Id } }),
  }),
  gift: form({
    endpoint: "POST /birthlists/birthlist/addtocart",
    request: (f) => ({ body: { BirthListItemId: f.Id, Quantity: f.Quantity } }),
  }),
};

export type BirthListFormName = keyof typeof BIRTHLIST_FORMS;

export const isBirthListForm = (name: string | undefined): name is BirthListFormName =>
  name !== undefined && Object.hasOwn(BIRTHLIST_FORMS, name);
