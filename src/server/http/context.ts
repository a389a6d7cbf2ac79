import type { Culture } from "~/lib/culture";
import type { Session } from "../session/session";
import type { AnyEndpoint } from "./endpoint";

/** What the API's middleware puts on every request. */
export interface ApiEnv {
  Bindings: { clientAddress?: string };
  Variables: {
    culture: Culture;
    session: Session;
    requestId: string;
    /** The endpoint the request's method and path go to (undefined: a 404 follows). */
    endpoint: AnyEndpoint | undefined;
  };
}
