/**
 * The account area's entries, in the header's account menu and on the account home. Wishlists and
 * birth lists join when they exist (issue 14): a menu never links to a page that is not there.
 */
export const ACCOUNT_MENU = [
  { path: "account", labelKey: "Account.Home" },
  { path: "account/orders", labelKey: "Orders.Title" },
  { path: "account/addresses", labelKey: "Account.Addresses" },
  { path: "account/prepaid", labelKey: "Prepaid.Title" },
  { path: "account/refunds", labelKey: "Refunds.ListTitle" },
  { path: "account/profile", labelKey: "Account.Profile" },
] as const;
