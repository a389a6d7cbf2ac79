import { contentEditor } from "~/features/customers/customers.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { ApiError, errorBody, isFormRefusal } from "~/server/http/errors";
import type { Flash } from "~/server/http/flash";
import { endpointsByKey, runNamedForm } from "~/server/http/form-endpoints";
import type { Session } from "~/server/session/session";
import { ASSET_NAME_MAX, MAX_FILE_BYTES, TMP_NAME } from "./assets";
import * as assetEndpoints from "./assets.endpoints";
import { ASSET_FORMS } from "./assets.forms";
import { receiveMultipart, saveUpload } from "./assets.server";

const byKey = endpointsByKey(assetEndpoints);

const libraryUrl = (culture: Culture, folderId: number | string) => `/${culture}/assetslibrary?folderId=${folderId}`;

/** The library page's folder and asset forms without JavaScript: the endpoints' own rules, as a notice. */
export async function assetFormAction(
  session: Session,
  culture: Culture,
  form: FormData,
): Promise<{ flash: Flash; location?: string }> {
  const t = translator(culture);
  const run = await runNamedForm(ASSET_FORMS, byKey, form, session, culture);
  if (!run) return { flash: { kind: "error", message: t("Errors.ValidationFailed"), links: [] } };
  const { action, outcome } = run;
  if (!outcome.ok) return { flash: { kind: "error", message: outcome.message, links: [] } };
  switch (action) {
    case "create":
      return {
        flash: { kind: "success", message: t("AssetsLibrary.FolderSaved"), links: [] },
        location: libraryUrl(culture, (outcome.answer as { FolderId: number }).FolderId),
      };
    case "delete":
      return { flash: { kind: "success", message: t("AssetsLibrary.FolderDeleted"), links: [] } };
    case "delete-asset":
      return { flash: { kind: "success", message: t("AssetsLibrary.AssetDeleted"), links: [] } };
    default:
      return { flash: { kind: "success", message: t("AssetsLibrary.FolderSaved"), links: [] } };
  }
}

/**
 * The library's upload form: with JavaScript its widget's hidden fields name the uploads already made
 * (in their order, with their names); without, the files come in the post itself. Both are saved in
 * the form's folder.
 */
export async function saveLibraryForm(
  request: Request,
  session: Session,
  culture: Culture,
): Promise<{ flash: Flash; location: string }> {
  const t = translator(culture);
  try {
    const editor = await contentEditor(session);
    const writer = { id: editor.id, clientIp: session.clientAddress ?? "unknown" };
    const { results, fields } = await receiveMultipart(request, writer, culture, {
      crop: null,
      imagesOnly: false,
      maxFileBytes: MAX_FILE_BYTES,
    });
    const folderId = Number(fields.FolderId);
    if (!Number.isInteger(folderId) || folderId < 1) throw new ApiError("ValidationFailed");
    const uniqueId = fields.UniqueId ?? "";
    const ordered = (fields[`list-assets-orders-${uniqueId}`] ?? "").split(",").filter((id) => TMP_NAME.test(id));
    const chosen = [
      ...ordered.map((id) => ({ tmpName: id, name: fields[`asset-${id}-name`] ?? "" })),
      ...results.flatMap((r) => ("tmpName" in r && r.tmpName ? [{ tmpName: r.tmpName, name: r.name }] : [])),
    ];
    const refused = results.flatMap((r) => ("Error" in r ? [`${r.name}: ${r.Error}`] : []));
    let saved = 0;
    for (const { tmpName, name } of chosen) {
      const clean = name.trim().slice(0, ASSET_NAME_MAX);
      try {
        await saveUpload(tmpName, editor.id, folderId, clean || tmpName);
        saved += 1;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused.push(`${clean}: ${errorBody(error, culture).Message}`);
      }
    }
    return {
      flash: {
        kind: refused.length > 0 ? "error" : "success",
        message: [t("AssetsLibrary.Saved", { count: saved }), ...refused].join(" "),
        links: [],
      },
      location: libraryUrl(culture, folderId),
    };
  } catch (error) {
    if (!isFormRefusal(error)) throw error;
    const body = errorBody(error, culture);
    return { flash: { kind: "error", message: body.Message, links: [] }, location: `/${culture}/assetslibrary` };
  }
}
