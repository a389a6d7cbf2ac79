import { checked, type Fields, idOf, runEditorForm, translationsFrom } from "~/features/content/content-forms.server";
import type { Culture } from "~/lib/culture";
import { dateTimeFormat } from "~/lib/intl";
import { endpointsByKey } from "~/server/http/form-endpoints";
import type { Session } from "~/server/session/session";
import * as newsEndpoints from "./news.endpoints";

const byKey = endpointsByKey(newsEndpoints);

/** A `datetime-local` value is the shop's time (Brussels); the API wants a moment with its offset. */
export function brusselsMoment(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return local;
  const asUtc = Date.parse(`${local}:00Z`);
  const offset = (at: number) => {
    const parts = dateTimeFormat("en-GB", {
      timeZone: "Europe/Brussels",
      timeZoneName: "longOffset",
    }).formatToParts(at);
    const name = parts.find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
  return new Date(asUtc - offset(asUtc) * 60_000).toISOString();
}

export function newsRequest(fields: Fields, gallery: string[]) {
  return {
    CategoryId: fields.CategoryId ?? "",
    PublishedAt: brusselsMoment(fields.PublishedAt ?? ""),
    Author: fields.Author ?? "",
    ImageAssetId: idOf(fields.ImageAssetId),
    GalleryAssetIds: gallery.map(Number),
    Published: checked(fields, "Published"),
    Translations: translationsFrom(fields, ["Title", "Summary", "Body"]),
  };
}

export function saveNewsForm(id: number | null, form: FormData, session: Session, culture: Culture) {
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  return runEditorForm(
    byKey,
    "/content/news",
    id,
    newsRequest(fields, form.getAll("GalleryAssetIds").map(String)),
    session,
    culture,
  );
}
