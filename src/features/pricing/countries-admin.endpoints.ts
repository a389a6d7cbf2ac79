import { z } from "zod";
import { adminActor } from "~/features/integration/integration.server";
import { defineEndpoint } from "~/server/http/endpoint";
import { countryAnswers, putCountry } from "./countries-admin.server";
import { VAT_CLASSES } from "./european-vat";

const TAGS = ["integration"];
const Rate = z.number().int().min(0).max(10_000);
const Rates = z
  .object(
    Object.fromEntries(VAT_CLASSES.map((k) => [k, Rate.optional()])) as Record<
      (typeof VAT_CLASSES)[number],
      z.ZodOptional<typeof Rate>
    >,
  )
  .strict();
const Country = z.object({
  Code: z.string(),
  Eu: z.boolean(),
  Selling: z.boolean(),
  Rates: z.object(
    Object.fromEntries(VAT_CLASSES.map((k) => [k, z.number()])) as Record<(typeof VAT_CLASSES)[number], z.ZodNumber>,
  ),
});

export const listCountriesEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/countries",
  summary:
    "Integration API (catalog:read): the shop's countries, whether it sells there, their VAT rates by class (standard, reduced, super-reduced, zero; basis points: 2100 is 21 %), and the European countries it may add",
  tags: TAGS,
  crossOrigin: true,
  response: z.object({ Countries: z.array(Country), Available: z.array(z.string()) }),
  run: async (call) => {
    await adminActor(call, "catalog:read");
    return countryAnswers();
  },
});

export const putCountryEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/countries/:code",
  summary:
    "Integration API (catalog:write): adds a country by its ISO code (any EU or EEA country and Switzerland; its VAT rates start from the reference, outside the EU at 0 % as exports) or changes one: Selling, Rates by class in basis points; prices follow at once",
  tags: TAGS,
  params: z.object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
  }),
  body: z.object({ Selling: z.boolean().optional(), Rates: Rates.optional() }),
  crossOrigin: true,
  response: Country.extend({ Created: z.boolean() }),
  run: async (call) => putCountry(await adminActor(call, "catalog:write"), call.params.code, call.body),
});
