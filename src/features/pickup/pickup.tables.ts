import type { Generated } from "kysely";

/** The tables the pickup feature owns (src/server/db/schema.ts assembles every feature's). */
export interface PickupTables {
  pickup_points: {
    id: Generated<number>;
    /** The back office's key (027); every point has one. */
    code: string | null;
    name: string;
    street: string;
    postal_code: string;
    city: string;
    country_id: number;
    phone: string;
    latitude: number;
    longitude: number;
    hours: string;
    is_active: number;
  };
}
