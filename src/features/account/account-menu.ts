/**
 * The account area's entries, in the header's account menu and on the account home: a menu never
 * links to a page that is not there.
 */
export const ACCOUNT_MENU = [
  { path: "account", labelKey: "Account.Home" },
  { path: "account/orders", labelKey: "Orders.Title" },
  { path: "account/addresses", labelKey: "Account.Addresses" },
  { path: "account/prepaid", labelKey: "Prepaid.Title" },
  { path: "account/refunds", labelKey: "Refunds.ListTitle" },
  { path: "catalog/wishlist/list", labelKey: "Wishlist.Title" },
  { path: "birthlists/birthlist/mine", labelKey: "BirthList.MyLists" },
  { path: "account/profile", labelKey: "Account.Profile" },
  { path: "account/privacy", labelKey: "Privacy.MyData" },
] as const;
