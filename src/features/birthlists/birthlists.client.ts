import { endpointClient } from "~/shell/request";
import type * as birthListEndpoints from "./birthlists.endpoints";

/** Birth-list calls (spec 001); a guest's 401 opens the login modal and the call goes on once signed in. */
export const birthListApi = { call: endpointClient<typeof birthListEndpoints>() };
