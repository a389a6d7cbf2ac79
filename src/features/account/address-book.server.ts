import { z } from "zod";
import type { Culture } from "~/lib/culture";
import { handleFormPost } from "~/server/http/form-post";
import type { AddressDefaults, SavedAddress } from "./addresses.repository";
import { addressBook, addressFlags, chooseDefaultAddress, removeAddress } from "./addresses.server";

export interface AddressBookModel {
  status: number;
  addresses: SavedAddress[];
  defaults: AddressDefaults;
  canCreate: boolean;
  canEdit: boolean;
  done: string | null;
  failure: string | null;
  redirect: string | null;
}

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const PostSchema = z.discriminatedUnion("Action", [
  z.object({ Action: z.literal("delete"), Id: id }),
  z.object({ Action: z.literal("default"), Id: id, Use: z.enum(["Billing", "Shipping"]) }),
]);

/** The address book page: its delete and make-default forms go through the API's rules. */
export async function addressBookPage(
  request: Request,
  culture: Culture,
  customerId: number,
  query: URLSearchParams,
): Promise<AddressBookModel> {
  let status = 200;
  let failure: string | null = null;
  if (request.method === "POST") {
    const post = await handleFormPost(request, culture, PostSchema, async (input) => {
      if (input.Action === "delete") await removeAddress(customerId, input.Id);
      else await chooseDefaultAddress(customerId, input.Id, input.Use);
      return input.Action === "delete" ? "deleted" : "default";
    });
    if (post.result)
      return {
        ...(await read(customerId)),
        status: 303,
        done: post.result,
        failure: null,
        redirect: `/${culture}/account/addresses?done=${post.result}`,
      };
    status = post.status;
    failure = post.failure;
  }
  const done = query.get("done");
  return {
    ...(await read(customerId)),
    status,
    done: done === "deleted" || done === "default" ? done : null,
    failure,
    redirect: null,
  };
}

async function read(customerId: number) {
  const { addresses, defaults } = await addressBook(customerId);
  const flags = addressFlags();
  return { addresses, defaults, canCreate: flags.canCreate, canEdit: flags.canEdit };
}
