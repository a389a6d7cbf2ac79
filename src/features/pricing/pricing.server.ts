/**
 * The pricing feature's face for the rest of the shop: countries shipped to, shipping methods and VAT
 * rates (reference data, cached), and city suggestions. Its repository stays private.
 */
export {
  type CityRow,
  type CountryRow,
  countryByCode,
  countryById,
  findCities,
  type ShippingMethodRow,
  shippingCountries,
  shippingMethodsFor,
  standardVatRate,
  vatRates,
} from "./shipping.repository";
