/**
 * Who works on the shop and what each may do (issue 72). A shopper's role is `customer`; staff have one
 * of three: the shop's owner (everything, staff accounts and settings included; two-factor required),
 * a shop assistant (orders, customers, refunds, stock) and an editor (content and the asset library).
 */
export const STAFF_ROLES = ["owner", "assistant", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff page or an admin call asks of its caller. */
export const DUTIES = ["catalog", "stock", "orders", "customers", "content", "settings", "staff"] as const;
export type Duty = (typeof DUTIES)[number];

const ROLE_DUTIES: Record<StaffRole, readonly Duty[]> = {
  owner: DUTIES,
  assistant: ["orders", "customers", "stock"],
  editor: ["content"],
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

/** Whether someone of this role may do `duty`: never a shopper or a guest. */
export function mayDo(who: { role: string } | null | undefined, duty: Duty): boolean {
  return isStaffRole(who?.role) && ROLE_DUTIES[who.role].includes(duty);
}

/** The duties of a role, for its staff page and the invitation's list. */
export function dutiesOf(role: StaffRole): readonly Duty[] {
  return ROLE_DUTIES[role];
}
