import type { EndpointsOf, RequestOf } from "~/lib/endpoint-types";
import type * as assetEndpoints from "./assets.endpoints";

type AssetEndpoints = EndpointsOf<typeof assetEndpoints>;
type Fields = Record<string, string | undefined>;

interface AssetForm<K extends keyof AssetEndpoints> {
  endpoint: K;
  request(fields: Fields): RequestOf<AssetEndpoints[K]>;
}

const form = <K extends keyof AssetEndpoints>(definition: AssetForm<K>) => definition;

/** The library page's folder and asset forms: each is the endpoint an API client would call. */
export const ASSET_FORMS = {
  create: form({
    endpoint: "POST /assetslibrary/folders",
    request: (f) => ({ body: { ParentId: f.ParentId, Name: f.Name ?? "" } }),
  }),
  rename: form({
    endpoint: "POST /assetslibrary/folders/rename",
    request: (f) => ({ body: { FolderId: f.FolderId, Name: f.Name ?? "" } }),
  }),
  move: form({
    endpoint: "POST /assetslibrary/folders/move",
    request: (f) => ({ body: { FolderId: f.FolderId, ParentId: f.ParentId } }),
  }),
  delete: form({
    endpoint: "POST /assetslibrary/folders/delete",
    request: (f) => ({ body: { FolderId: f.FolderId } }),
  }),
  "delete-asset": form({
    endpoint: "POST /assetslibrary/assets/delete",
    request: (f) => ({ body: { AssetId: f.AssetId } }),
  }),
};
