export interface SignedInCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  culture: string;
  isBusiness: boolean;
  role: string;
  /** Two-factor sign-in is on (required of the shop's owner on the staff pages). */
  twoFactor: boolean;
}
