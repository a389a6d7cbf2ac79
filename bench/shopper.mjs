/** The bench's shopper: the billing address of every order the benches place (Belgium, country id 1). */
export const BENCH_BILLING = {
  FirstName: "Bench",
  LastName: "Shopper",
  Street1: "Rue Haute 10",
  PostalCode: "1000",
  City: "Bruxelles",
  CountryId: 1,
};
