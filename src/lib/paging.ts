/** Where a list stands among its pages (spec 001 section 9's names): product lists, orders, the asset library. */
export interface Paging {
  totalPages: number;
  currentPages: number;
}

/** The pages of `total` items, `pageSize` a page; `pageIndex` kept within them (a number that is none: 1). */
export function paging(total: number, pageSize: number, pageIndex: number): Paging {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const asked = Number.isFinite(pageIndex) ? Math.trunc(pageIndex) : 1;
  return { totalPages, currentPages: Math.min(Math.max(1, asked), totalPages) };
}
