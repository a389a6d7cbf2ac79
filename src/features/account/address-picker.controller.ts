import { $savedAddress, loadAddressPicker } from "./addresses.store";

const COPIED = ["FirstName", "LastName", "Company", "Street1", "Street2", "PostalCode", "City", "CountryId", "Phone"];

/**
 * A checkout address picker (billing or delivery): the chosen saved address is copied into the form's
 * hidden `Billing.*` (or `Shipping.*`) inputs, which the pickup point modal and the payment read; a new
 * address empties them for typing. After the address popup saved, the picker reloads from the server
 * with that address chosen (when it serves this picker).
 */
export default function connect(root: HTMLElement): void {
  const use = root.dataset.addressUse === "Shipping" ? "Shipping" : "Billing";
  const culture = document.documentElement.lang;

  root.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.name === `Existing${use}AddressId`) copy(root, use, input);
  });

  const stop = $savedAddress.listen(async (saved) => {
    if (!root.isConnected) {
      stop();
      return;
    }
    if (!saved) return;
    const other = use === "Billing" ? "Shipping" : "Billing";
    const otherChoice = checkedId(document, other);
    const selectedId = saved.use === use ? saved.address.Id : checkedId(root, use);
    const html = await loadAddressPicker(
      culture,
      use,
      selectedId,
      saved.use === other ? saved.address.Id : otherChoice,
    );
    const picker = root.querySelector("[data-address-picker]");
    if (html === null) return;
    if (picker) picker.outerHTML = html;
    else root.querySelector("legend")?.insertAdjacentHTML("afterend", html);
    const chosen = root.querySelector<HTMLInputElement>(`[name='Existing${use}AddressId']:checked`);
    if (chosen) copy(root, use, chosen);
    if (saved.use === "Shipping" && use === "Shipping") {
      const same = root.querySelector<HTMLInputElement>("[data-same-as-billing]");
      if (same) same.checked = false;
    }
  });
}

function checkedId(scope: ParentNode, use: string): number | null {
  const value = scope.querySelector<HTMLInputElement>(`[name='Existing${use}AddressId']:checked`)?.value;
  return value ? Number(value) : value === "" ? 0 : null;
}

function copy(root: HTMLElement, use: "Billing" | "Shipping", input: HTMLInputElement): void {
  const fields = root.querySelectorAll<HTMLInputElement>(`.address-fields [name^='${use}.']`);
  const typed = input.dataset.newAddress !== undefined;
  for (const field of fields) {
    const mandatory = field.dataset.mandatory !== undefined;
    field.required = typed && mandatory;
  }
  if (typed) {
    for (const field of fields) if (!field.name.endsWith(".CountryId")) field.value = "";
    root.querySelector<HTMLInputElement>(`[name='${use}.FirstName']`)?.focus();
    return;
  }
  const raw = input.dataset.selectedAddress;
  if (!raw) {
    console.warn(`The chosen ${use.toLowerCase()} address has no selected-address data`);
    return;
  }
  const address = JSON.parse(raw) as Record<string, string | number | null>;
  const missing: string[] = [];
  for (const name of COPIED) {
    const target = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name='${use}.${name}']`);
    if (!target) missing.push(name);
    else target.value = address[name] === null || address[name] === undefined ? "" : String(address[name]);
  }
  if (missing.length) console.warn(`Hidden ${use} inputs missing: ${missing.join(", ")}`);
}
