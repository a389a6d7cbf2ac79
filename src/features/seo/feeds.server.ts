import { type FeedVariant, feedCatalogue } from "~/features/catalog/catalog-feed.server";
import { vatRate } from "~/features/catalog/product/variants.server";
import { cheapestDelivery, shippingCountries } from "~/features/pricing/pricing.server";
import { type Culture, isCulture } from "~/lib/culture";
import { withVat } from "~/lib/money";
import { env } from "~/server/config/env";
import { assetUrl } from "~/server/storage/assets";

/** Google Merchant Center allows 10 additional images and 5,000 characters of description. */
const MORE_IMAGES = 10;
const DESCRIPTION_MAX = 5000;

export type FeedFormat = "xml" | "jsonl";

export interface FeedName {
  culture: Culture;
  /** ISO code, upper case (BE). */
  country: string;
  format: FeedFormat;
}

/** `products.fr-be.xml` or `products.nl-nl.jsonl` → culture, country, format; null for anything else. */
export function parseFeedName(name: string): FeedName | null {
  const match = /^products\.([a-z]{2})-([a-z]{2})\.(xml|jsonl)$/.exec(name);
  if (!match || !isCulture(match[1])) return null;
  return { culture: match[1], country: (match[2] as string).toUpperCase(), format: match[3] as FeedFormat };
}

/** One line of the feed, the same in both formats (the JSON Lines use these names). */
export interface FeedItem {
  id: string;
  item_group_id: string;
  title: string;
  description: string;
  link: string;
  image_link?: string;
  additional_image_link: string[];
  availability: "in_stock" | "out_of_stock";
  /** The regular price; during a sale with an end, the sale price and its dates beside it. */
  price: string;
  sale_price?: string;
  sale_price_effective_date?: string;
  condition: "new";
  brand: string;
  gtin?: string;
  identifier_exists?: "no";
  color?: string;
  size?: string;
  /** Apparel: Google requires both in several countries (FR, DE, …). */
  gender?: string;
  age_group?: string;
  shipping: { country: string; price: string; min_transit_time?: number; max_transit_time?: number }[];
}

const money = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

/** The description as plain text: the editors' HTML without its tags, spaces folded, within the limit. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, DESCRIPTION_MAX);
}

function item(
  v: FeedVariant,
  culture: Culture,
  country: string,
  site: string,
  rate: number,
  shipping: FeedItem["shipping"],
  description: string,
): FeedItem {
  const variantPart = [v.colour, v.size].filter(Boolean).join(", ");
  const images = v.images.map((guid) => `${site}${assetUrl(guid, "jpg")}`);
  return {
    id: v.sku,
    item_group_id: v.productKey,
    title: variantPart ? `${v.name} – ${variantPart}` : v.name,
    description,
    // The country in the address: the page shows this feed's price to a visitor without cookies.
    link: `${site}/${culture}/p/${encodeURIComponent(v.slug)}?ProductVariantId=${v.variantId}&country=${country.toLowerCase()}`,
    ...(images[0] ? { image_link: images[0] } : {}),
    additional_image_link: images.slice(1, 1 + MORE_IMAGES),
    availability: v.stock > 0 ? "in_stock" : "out_of_stock",
    ...(v.sale
      ? {
          price: money(withVat(v.sale.regularTaxExcl, rate)),
          sale_price: money(withVat(v.priceTaxExcl, rate)),
          sale_price_effective_date: `${v.sale.startsAt}/${v.sale.endsAt}`,
        }
      : { price: money(withVat(v.priceTaxExcl, rate)) }),
    condition: "new",
    brand: v.brand,
    ...(v.ean ? { gtin: v.ean } : { identifier_exists: "no" as const }),
    ...(v.colour ? { color: v.colour } : {}),
    ...(v.size ? { size: v.size } : {}),
    ...(v.gender ? { gender: v.gender } : {}),
    ...(v.ageGroup ? { age_group: v.ageGroup } : {}),
    shipping,
  };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function xmlItem(i: FeedItem): string {
  const tag = (name: string, value: string | undefined) => (value ? `<g:${name}>${escapeXml(value)}</g:${name}>` : "");
  return [
    "<item>",
    tag("id", i.id),
    tag("item_group_id", i.item_group_id),
    tag("title", i.title),
    tag("description", i.description),
    tag("link", i.link),
    tag("image_link", i.image_link),
    ...i.additional_image_link.map((l) => tag("additional_image_link", l)),
    tag("availability", i.availability),
    tag("price", i.price),
    tag("sale_price", i.sale_price),
    tag("sale_price_effective_date", i.sale_price_effective_date),
    tag("condition", i.condition),
    tag("brand", i.brand),
    tag("gtin", i.gtin),
    tag("identifier_exists", i.identifier_exists),
    tag("color", i.color),
    tag("size", i.size),
    tag("gender", i.gender),
    tag("age_group", i.age_group),
    ...i.shipping.map(
      (s) =>
        `<g:shipping>${tag("country", s.country)}${tag("price", s.price)}${tag("min_transit_time", s.min_transit_time?.toString())}${tag("max_transit_time", s.max_transit_time?.toString())}</g:shipping>`,
    ),
    "</item>\n",
  ].join("");
}

/**
 * A culture's catalogue for one country, priced with that country's VAT and shipping, written as it is
 * read; null when the shop does not ship to the country.
 */
export async function productFeed(site: string, name: FeedName): Promise<AsyncGenerator<string> | null> {
  const country = (await shippingCountries()).find((c) => c.code === name.country);
  if (!country) return null;
  // A listing must say what delivery costs: no feed where the shop delivers nowhere (shop pickup is no delivery).
  const delivery = await cheapestDelivery(country.code, name.culture);
  if (!delivery) return null;
  const standard = await vatRate(country.code);
  const shipping = [
    {
      country: country.code,
      price: money(withVat(delivery.amountTaxExcl, standard)),
      ...(delivery.transitDays
        ? { min_transit_time: delivery.transitDays.min, max_transit_time: delivery.transitDays.max }
        : {}),
    },
  ];
  const rates = new Map<string, number>();
  const rateOf = async (vatClass: string) => {
    if (!rates.has(vatClass)) rates.set(vatClass, await vatRate(country.code, vatClass));
    return rates.get(vatClass) as number;
  };
  const { culture, format } = name;
  const shopName = env().SHOP_NAME;
  return (async function* () {
    if (format === "xml")
      yield `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<title>${escapeXml(shopName)} ${culture}-${country.code}</title>\n<link>${escapeXml(`${site}/${culture}/`)}</link>\n<description>${escapeXml(shopName)} product feed (${culture}, ${country.code})</description>\n`;
    for await (const batch of feedCatalogue(culture)) {
      let chunk = "";
      // A product's variants share its description: made plain once (it is most of the work).
      let described = { productId: 0, text: "" };
      for (const v of batch) {
        if (described.productId !== v.productId) described = { productId: v.productId, text: plain(v.description) };
        const line = item(v, culture, country.code, site, await rateOf(v.vatClass), shipping, described.text);
        chunk += format === "xml" ? xmlItem(line) : `${JSON.stringify(line)}\n`;
      }
      yield chunk;
    }
    if (format === "xml") yield "</channel>\n</rss>\n";
  })();
}
