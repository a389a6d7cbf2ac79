import { experimental_AstroContainer } from "astro/container";
import { afterEach, describe, expect, it } from "vitest";
import { translator } from "~/lib/i18n";
import { handPageVersion } from "../../../tests/support/page-version";
import { registerPublicVersion } from "../../server/page-cache/registry";
import AddressFields from "./AddressFields.astro";

afterEach(() => registerPublicVersion(undefined));

const countries = [
  { id: 1, code: "BE", isEu: true },
  { id: 2, code: "FR", isEu: true },
];

/** Renders the fields as a page does, counting the labels the render translates. */
async function render(props: Record<string, unknown>) {
  const container = await experimental_AstroContainer.create();
  const translate = translator("fr");
  let translated = 0;
  const t = ((...args: Parameters<typeof translate>) => {
    translated++;
    return translate(...args);
  }) as typeof translate;
  const html = await container.renderToString(AddressFields, {
    props: { prefix: "Billing", countries, countryId: 1, ...props },
    locals: { culture: "fr", t, session: { id: null, customerId: null, data: {} }, requestId: "test", flash: null },
    request: new Request("http://127.0.0.1/fr/checkout"),
  });
  return { html, translated };
}

describe("address fields", () => {
  it("blank fields are rendered once: a kept copy costs no label, no attribute", async () => {
    handPageVersion(1);
    const first = await render({});
    expect(first.html).toContain('name="Billing.FirstName"');
    expect(first.translated).toBeGreaterThan(8);
    const again = await render({});
    expect(again.html).toBe(first.html);
    // Astro works out a slot's markup before the slot's component runs: the markup is a component of
    // its own, so a kept copy does not build it again for nothing.
    expect(again.translated).toBe(0);
  });

  it("fields holding what she typed, or their errors, are rendered for her each time", async () => {
    handPageVersion(1);
    const typed = await render({ values: { "Billing.City": "Gent" } });
    expect(typed.html).toContain(`name="Billing.City" value="Gent"`);
    const failed = await render({ errors: { "Billing.City": ["Obligatoire"] } });
    expect(failed.html).toContain("Obligatoire");
    expect(failed.html).not.toContain("Gent");
    expect(failed.translated).toBeGreaterThan(8);
  });
});
