import { atom } from "nanostores";
import { RequestError } from "~/shell/request-errors";
import type { SavedAddress } from "./addresses";
import { postAddress } from "./addresses.client";

/** The address the popup saved last, and the picker (Billing or Shipping) it was opened from. */
export const $savedAddress = atom<{ address: SavedAddress; use: "Billing" | "Shipping" } | null>(null);

export type SaveAddressOutcome =
  | { ok: true; address: SavedAddress }
  | { ok: false; errors: Record<string, string[]>; message: string | null };

/**
 * Saves the popup's form through `POST /api/v1/customers/addresses`; field errors come back for the
 * form to show (nothing typed is lost). Any other failure has been reported by the request helper.
 */
export async function saveAddress(
  use: "Billing" | "Shipping",
  fields: Record<string, string>,
): Promise<SaveAddressOutcome> {
  const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ""));
  try {
    const address: SavedAddress = await postAddress(body);
    $savedAddress.set({ address, use });
    return { ok: true, address };
  } catch (error) {
    const answer =
      error instanceof RequestError
        ? (error.body as { Errors?: Record<string, string[]>; Message?: string } | null)
        : null;
    return { ok: false, errors: answer?.Errors ?? {}, message: answer?.Message ?? null };
  }
}

/** The server's picker fragment (GET /{culture}/widget/DeliveryAddressPicker) with `selectedId` chosen. */
export async function loadAddressPicker(
  culture: string,
  use: "Billing" | "Shipping",
  selectedId: number | null,
  otherSelectedId: number | null,
): Promise<string | null> {
  const query = new URLSearchParams({ AddressType: use, returnUrl: `${location.pathname}` });
  if (selectedId !== null) query.set("SelectedId", String(selectedId));
  if (otherSelectedId !== null) query.set("OtherSelectedId", String(otherSelectedId));
  const response = await fetch(`/${culture}/widget/DeliveryAddressPicker?${query}`, {
    credentials: "same-origin",
    headers: { "X-Requested-With": "fetch" },
  }).catch(() => null);
  if (response?.ok) return response.text();
  console.warn(`The address picker could not reload (${response?.status ?? 0})`);
  return null;
}
