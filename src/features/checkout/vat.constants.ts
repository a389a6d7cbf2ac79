/**
 * Whether the checkout page reloads after a VAT check: when validity changed, except from false to
 * unknown (spec 001 section 4). Shared by the server's tests and the browser.
 */
export function vatChangeReloads(before: boolean | null, after: boolean | null): boolean {
  if (before === after) return false;
  return !(before === false && after === null);
}
