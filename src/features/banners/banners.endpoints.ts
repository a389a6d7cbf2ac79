import { editorEndpoints } from "~/features/content/editor-endpoints.server";
import { BannerInputSchema, PopupInputSchema } from "./banners.schemas";
import {
  deleteBanner,
  deletePopup,
  editorBanner,
  editorBanners,
  editorPopup,
  editorPopups,
  publishBanner,
  publishPopup,
  saveBanner,
  savePopup,
} from "./banners.server";

const banners = editorEndpoints("/content/banners", "banner", BannerInputSchema, {
  list: editorBanners,
  get: editorBanner,
  save: saveBanner,
  publish: publishBanner,
  remove: deleteBanner,
});

export const listBanners = banners.list;
export const getBanner = banners.get;
export const createBanner = banners.create;
export const updateBannerEndpoint = banners.update;
export const publishBannerEndpoint = banners.publish;
export const deleteBannerEndpoint = banners.remove;

const popups = editorEndpoints("/content/popups", "popup", PopupInputSchema, {
  list: editorPopups,
  get: editorPopup,
  save: savePopup,
  publish: publishPopup,
  remove: deletePopup,
});

export const listPopups = popups.list;
export const getPopup = popups.get;
export const createPopup = popups.create;
export const updatePopupEndpoint = popups.update;
export const publishPopupEndpoint = popups.publish;
export const deletePopupEndpoint = popups.remove;
