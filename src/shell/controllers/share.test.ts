import { describe, expect, it } from "vitest";
import { shareUrl } from "./share";

describe("share links", () => {
  it("encodes the page address and title for each network", () => {
    expect(shareUrl("facebook", "https://shop.example/fr/p/a-1?x=1", "Pull")).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshop.example%2Ffr%2Fp%2Fa-1%3Fx%3D1",
    );
    expect(shareUrl("x", "https://s.example/", "Écharpe & co")).toBe(
      "https://twitter.com/intent/tweet?url=https%3A%2F%2Fs.example%2F&text=%C3%89charpe%20%26%20co",
    );
    expect(shareUrl("email", "https://s.example/", "Pull")).toBe(
      "mailto:?subject=Pull&body=https%3A%2F%2Fs.example%2F",
    );
  });
});
