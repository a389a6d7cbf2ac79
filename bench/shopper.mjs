/** The bench's shopper: the billing address of every order the benches place (Belgium, country id 1). */
export const BENCH_BILLING = {
  FirstName: "Bench",
  LastName: "Shopper",
  Street1: "Rue Haute 10",
  PostalCode: "1000",
  City: "Bruxelles",
  CountryId: 1,
};

/**
 * A new session with one line in its cart (the catalogue's first variant): its cookies as name and value,
 * for a browser's jar or a Cookie header.
 */
export async function sessionWithCartLine(base) {
  const catalogue = await (await fetch(`${base}/fr/catalog?q=`)).text();
  const variantId = Number(/name="ProductVariantId" value="(\d+)"/.exec(catalogue)?.[1]);
  const response = await fetch(`${base}/api/v1/catalog/products/addtocart`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ ProductVariantId: variantId, Quantity: 1 }),
  });
  const cookies = response.headers.getSetCookie();
  // A shop without a card to add from, or a refused line: the bench would measure a visitor instead.
  if (!response.ok || cookies.length === 0)
    throw new Error(`no session with a cart line (variant ${variantId}): ${response.status} ${await response.text()}`);
  return cookies.map((cookie) => {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}
