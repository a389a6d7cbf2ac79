import { experimental_AstroContainer } from "astro/container";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import type { Session } from "~/server/session/session";
import { variantGallery } from "../catalog.server";
import CustomerReference from "../references/CustomerReference.astro";
import StockByWarehouse from "../stock/StockByWarehouse.astro";
import ProductGallery from "./ProductGallery.astro";
import { stockByWarehouse } from "./variants.repository";

/** The HTML a variant answer carries (spec 001 section 3), so that one answer refreshes all three. */
export interface VariantHtml {
  StockByWarehouseHtml: string;
  GalleryHtml: string;
  CustomerReferenceHtml: string;
}

let container: Promise<experimental_AstroContainer> | undefined;

/**
 * Renders the same components as the StockByWarehouse, ProductPhotosGallery and CustomerReferenceUpdate
 * fragments, through Astro's container API (the components stay the one definition of that HTML): the
 * stock of every active warehouse, the gallery with the variant's colour first, and the business
 * customer's reference form ("" for anyone else).
 */
export async function variantHtml(
  culture: Culture,
  session: Session,
  productId: number,
  variantId: number,
): Promise<VariantHtml> {
  container ??= experimental_AstroContainer.create();
  const astro = await container;
  const [rows, gallery] = await Promise.all([
    stockByWarehouse(db(), productId, variantId, true),
    variantGallery(culture, productId, variantId),
  ]);
  const locals: App.Locals = { culture, t: translator(culture), session, requestId: "variant-html", flash: null };
  const request = new Request(`${env().siteUrl}/${culture}/p/${gallery?.slug ?? productId}`);
  const render = (component: Parameters<typeof astro.renderToString>[0], props: Record<string, unknown>) =>
    astro.renderToString(component, { props, locals, request });
  const [StockByWarehouseHtml, GalleryHtml, CustomerReferenceHtml] = await Promise.all([
    rows ? render(StockByWarehouse, { rows }) : "",
    gallery ? render(ProductGallery, { productId, name: gallery.name, photos: gallery.photos, layout: "widget" }) : "",
    render(CustomerReference, { variantId }),
  ]);
  return { StockByWarehouseHtml, GalleryHtml, CustomerReferenceHtml: CustomerReferenceHtml.trim() };
}
