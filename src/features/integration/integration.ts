/** What a token of the integration API may do (issue 35). */
export const SCOPES = ["catalog:read", "catalog:write", "orders:read", "orders:write", "customers:read"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Who calls the integration API: a token (an ERP, a PIM) or a staff member from the staff pages. */
export interface AdminActor {
  kind: "token" | "staff";
  id: number;
  /** What the audit log says: `token:erp#3`, `staff:sam@shop.example`. */
  label: string;
}
