/** Tag-manager payloads (spec 000 section 3) and GA4 ecommerce conventions, as plain data. */
export type DataLayerEntry = Record<string, unknown>;

export function emailClick(href: string): DataLayerEntry {
  return { event: "emailClick", email: decodeURIComponent(href.replace(/^mailto:/i, "").split("?")[0] ?? "") };
}

export function phoneClick(href: string): DataLayerEntry {
  return { event: "phoneClick", phone: decodeURIComponent(href.replace(/^tel:/i, "")) };
}

export function virtualPageview(url: string, title: string): DataLayerEntry {
  return { event: "VirtualPageview", virtualPageURL: url, virtualPageTitle: title };
}

export function changeFolder(rootFolderId: number | string, targetFolderId: number | string): DataLayerEntry {
  return { event: "changeFolder", assets: { rootFolderId, targetFolderId } };
}

/** GA4: clear the previous ecommerce object, then push the event (two entries). */
export function ecommerceEvent(event: string, ecommerce: Record<string, unknown>): DataLayerEntry[] {
  return [{ ecommerce: null }, { event, ecommerce }];
}

/** GA4 item with the spec's tracking fields (spec 001 section 3: name, id as SKU or variant id, sku, price, brand, category, quantity, index). */
export interface TrackingItem {
  item_name: string;
  item_id: string;
  sku: string;
  price: number;
  item_brand: string;
  item_category: string;
  quantity: number;
  index: number;
}

export function trackingItem(fields: {
  name: string;
  variantId: number;
  sku: string | null;
  /** Tax included, in cents. */
  priceCents: number;
  brand: string;
  category: string;
  quantity?: number;
  index?: number;
}): TrackingItem {
  return {
    item_name: fields.name,
    item_id: fields.sku || String(fields.variantId),
    sku: fields.sku ?? "",
    price: fields.priceCents / 100,
    item_brand: fields.brand,
    item_category: fields.category,
    quantity: fields.quantity ?? 1,
    index: fields.index ?? 0,
  };
}
