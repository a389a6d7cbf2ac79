/** A billing address in the demo shop's first country (Belgium), for orders placed through the API by an e2e test. */
export const DEMO_BILLING = {
  FirstName: "Anne",
  LastName: "Martin",
  Street1: "Rue Haute 10",
  PostalCode: "1000",
  City: "Bruxelles",
  CountryId: 1,
} as const;
