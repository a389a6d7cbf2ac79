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
