import type { Culture } from "../../lib/culture";
import type { Session } from "../session/session";

/** What the API's middleware puts on every request. */
export interface ApiEnv {
  Bindings: { clientAddress?: string };
  Variables: {
    culture: Culture;
    session: Session;
    requestId: string;
  };
}
