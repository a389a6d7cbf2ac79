import { requestJson } from "../../shell/request";

export interface VatCheckAnswer {
  IsVATValidWebService: boolean | null;
  ErrorMessage: string | null;
}

export function checkVatNumber(countryId: string, vat: string): Promise<VatCheckAnswer> {
  return requestJson<VatCheckAnswer>(
    `/api/v1/sales/customers/checkisvatvalid/?${new URLSearchParams({ countryId, VAT: vat })}`,
    {},
    { handled: [400, 404] },
  );
}

export function savePickupPoint(fields: Record<string, string>): Promise<boolean> {
  return requestJson<boolean>("/api/v1/shoppingcarts/externalpickuppoint", {
    method: "POST",
    body: JSON.stringify(fields),
  });
}
