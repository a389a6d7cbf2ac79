export interface SignedInCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  culture: string;
  isBusiness: boolean;
  role: string;
}
