import { endpointClient } from "~/shell/request";
import type * as islandEndpoints from "./islands.endpoints";

const call = endpointClient<typeof islandEndpoints>();

/** The island registry as CMS integrations read it (name, description, JSON Schema of props). */
export const islandsApi = {
  list: () => call("GET /islands", {}),
};
