import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { isSitePath } from "~/lib/url";
import { ADDRESS_FORMS } from "./pickup";
import { pickupPointView } from "./pickup-point";

const MethodSchema = z.object({ id: z.number().int(), carrier: z.string(), addressForm: z.enum(ADDRESS_FORMS) });
const PointSchema = z.object({
  PublicAccessPointID: z.string(),
  ConsigneeName: z.string(),
  Address: z.string(),
  PostCode: z.string(),
  City: z.string(),
  CountryId: z.number().int(),
  PhoneNumber: z.string(),
  Distance: z.number(),
  Geocode: z.object({ Latitude: z.number(), Longitude: z.number() }),
  ImageURL: z.string().nullable(),
  Comments: z.string(),
  StandardHoursOfOperation: z.string(),
  Informations: z.string(),
  LatestAirDropOffTime: z.string(),
  AdditionalChargeIndicator: z.boolean(),
  SpecialInstructions: z.string(),
  AdditionalComments: z.string(),
  PickupPointType: z.string(),
  PickupPointId: z.number().int().nullable(),
});
const QuerySchema = z.object({
  postCode: z.string().max(10).default(""),
  city: z.string().max(80).default(""),
  address: z.string().max(160).default(""),
});

const shop = (
  id: number,
  name: string,
  street: string,
  postCode: string,
  city: string,
  lat: number,
  lon: number,
  km: number,
) =>
  pickupPointView({
    PublicAccessPointID: `SHOP-${id}`,
    ConsigneeName: name,
    Address: street,
    PostCode: postCode,
    City: city,
    CountryId: 1,
    PhoneNumber: "+32 2 000 00 00",
    Distance: km,
    Geocode: { Latitude: lat, Longitude: lon },
    StandardHoursOfOperation: "Lundi – vendredi 10:00 – 18:30;Samedi 10:00 – 17:00;Dimanche fermé",
    PickupPointType: "Shop",
    PickupPointId: id,
  });
const SHOPS = [
  shop(1, "Vitrine Bruxelles", "Rue Neuve 12", "1000", "Bruxelles", 50.8526, 4.3568, 0.4),
  shop(2, "Vitrine Ixelles", "Chaussée d'Ixelles 80", "1050", "Ixelles", 50.8333, 4.3667, 2.3),
  shop(3, "Vitrine Uccle", "Chaussée de Waterloo 1100", "1180", "Uccle", 50.8, 4.3333, 6.1),
];
const METHODS = [
  { id: 3, carrier: "static", addressForm: "place" as const },
  { id: 2, carrier: "demo", addressForm: "postal" as const },
];
const base = {
  countryCode: "BE",
  countryId: 1,
  methods: METHODS,
  methodId: 3,
  query: { postCode: "1000", city: "", address: "" },
  chosen: null,
  names: { first: "", last: "" },
  returnUrl: "/fr/checkout",
  failure: null,
};

export const pickupFinderIsland = defineIsland({
  name: "pickup-finder",
  component: "PickupFinder",
  description:
    "The pickup point finder: search by postal code, city and an optional address (place suggestions), the nearest points in a list and on a map, and a choose button. In the checkout a modal hydrated when the delivery block opens it (pickup:open); shares $pickup with that block. Without JavaScript a GET search form and one POST form per point.",
  props: z.object({
    mode: z.enum(["modal", "page"]).default("page"),
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    countryId: z.number().int(),
    methods: z.array(MethodSchema),
    methodId: z.number().int().nullable(),
    query: QuerySchema.default({ postCode: "", city: "", address: "" }),
    points: z.array(PointSchema).nullable().default(null),
    failure: z.string().nullable().default(null),
    chosen: z
      .object({ ref: z.string(), name: z.string(), street: z.string(), postalCode: z.string(), city: z.string() })
      .nullable()
      .default(null),
    names: z.object({ first: z.string(), last: z.string() }).default({ first: "", last: "" }),
    returnUrl: z.string().refine(isSitePath, { message: "a path of this site" }).default("/"),
    /** Previews: the modal shown open at once. */
    startOpen: z.boolean().default(false),
  }),
  fixtures: {
    shops: { ...base, points: SHOPS },
    "relay-postal-address": {
      ...base,
      methodId: 2,
      query: { postCode: "1000", city: "Bruxelles", address: "Rue Neuve 1" },
      points: [],
    },
    "not-found": { ...base, query: { postCode: "9999", city: "", address: "" }, points: [], failure: "status" },
    modal: { ...base, mode: "modal", startOpen: true },
  },
});
