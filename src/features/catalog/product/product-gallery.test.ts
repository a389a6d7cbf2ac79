import { describe, expect, it } from "vitest";
import { THUMBS_PER_PAGE, thumbOptions, WIDGET_THUMBS_PER_PAGE } from "./product-gallery.controller";

describe("the product gallery's thumbnails (spec 001)", () => {
  it("on the product page: 4 beside the photo, 1 faded on small screens", () => {
    expect(thumbOptions(false)).toMatchObject({ direction: "ttb", perPage: THUMBS_PER_PAGE, perMove: 1 });
    expect(THUMBS_PER_PAGE).toBe(4);
    expect(thumbOptions(true)).toMatchObject({ type: "fade", perPage: 1 });
  });

  it("as the gallery widget: 5 scrolling 1, and 1 that loops on small screens", () => {
    expect(thumbOptions(false, "widget")).toMatchObject({ perPage: WIDGET_THUMBS_PER_PAGE, perMove: 1 });
    expect(WIDGET_THUMBS_PER_PAGE).toBe(5);
    expect(thumbOptions(false, "widget")).not.toHaveProperty("direction");
    expect(thumbOptions(true, "widget")).toMatchObject({ type: "loop", perPage: 1 });
  });
});
