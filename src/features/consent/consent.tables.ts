import type { Generated } from "kysely";

/** The tables the consent feature owns (src/server/db/schema.ts assembles every feature's). */
export interface ConsentTables {
  consent_records: {
    id: Generated<number>;
    anonymous_id: string;
    stamp: string;
    preferences: number;
    statistics: number;
    marketing: number;
    culture: string;
    created_at: string;
    /** The signed-in customer who decided (issue 36: her export lists it, her closure unlinks it). */
    customer_id: Generated<number | null>;
  };
}
