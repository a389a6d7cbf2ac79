import type { AstroCookies } from "astro";
import { canEditContent, currentCustomer } from "~/features/customers/customers.server";
import { CULTURES, type Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { signInPath } from "~/lib/url";
import { setFlash } from "~/server/http/flash";
import { endpointsByKey, runFormEndpoint } from "~/server/http/form-endpoints";
import { commitSessionCookie } from "~/server/session/cookies";
import type { Session } from "~/server/session/session";
import { slugify } from "./content";
import * as contentEndpoints from "./content.endpoints";
import type { WriteAnswer } from "./content.schemas";

const byKey = endpointsByKey(contentEndpoints);

export type Fields = Record<string, string>;

/** A culture's texts from the editor form: cultures left blank are left out; a blank slug comes from the title. */
export function translationsFrom(fields: Fields, names: readonly string[]) {
  return Object.fromEntries(
    CULTURES.flatMap((c) => {
      const value = (name: string) => (fields[`Translations.${c}.${name}`] ?? "").trim();
      if (!value("Title") && !value("Body") && !value("Slug")) return [];
      const texts = Object.fromEntries(names.map((name) => [name, fields[`Translations.${c}.${name}`] ?? ""]));
      return [[c, { ...texts, Slug: value("Slug") || slugify(value("Title")) }]];
    }),
  );
}

export const checked = (fields: Fields, name: string) => fields[name] === "on" || fields[name] === "true";
export const idOf = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : null);

export function pageRequest(fields: Fields) {
  return {
    Key: fields.Key ?? "",
    Published: checked(fields, "Published"),
    Translations: translationsFrom(fields, ["Title", "Body", "SeoDescription"]),
  };
}

export type EditorOutcome = { ok: true; answer: WriteAnswer } | { ok: false; message: string };

/**
 * An editor page's form, run as the API endpoint an integration would call (create or replace):
 * the answer, or the refusal's message in the editor's language.
 */
export async function runEditorForm(
  endpoints: ReturnType<typeof endpointsByKey>,
  path: string,
  id: number | null,
  body: unknown,
  session: Session,
  culture: Culture,
): Promise<EditorOutcome> {
  const key = id === null ? `POST ${path}` : `PUT ${path}/:id`;
  const outcome = await runFormEndpoint(
    endpoints,
    key,
    { body, ...(id === null ? {} : { params: { id } }) },
    session,
    culture,
  );
  return outcome.ok ? { ok: true, answer: outcome.answer as WriteAnswer } : { ok: false, message: outcome.message };
}

export function savePageForm(id: number | null, form: FormData, session: Session, culture: Culture) {
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  return runEditorForm(byKey, "/content/pages", id, pageRequest(fields), session, culture);
}

/**
 * Who may open an editor page: editors and staff. A guest is sent to sign in (`redirect`), a shopper
 * gets 403 and a refusal instead of the page.
 */
export async function editorGate(session: Session, culture: Culture, here: string) {
  const actor = await currentCustomer(session);
  if (!actor) return { redirect: signInPath(culture, here), allowed: false as const };
  return { redirect: null, allowed: canEditContent(actor) };
}

/**
 * After an editor page's save: on success a notice (with the island warnings, if any, and a link to the
 * public page) and the address to go to; on a refusal the message to show above the form as typed.
 */
export function afterEditorSave(
  cookies: AstroCookies,
  session: Session,
  culture: Culture,
  outcome: EditorOutcome,
  editPath: (id: number) => string,
): { redirect: string } | { error: string } {
  if (!outcome.ok) return { error: outcome.message };
  const t = translator(culture);
  const warnings = outcome.answer.Warnings.map((w) => `${w.Culture.toUpperCase()} ${w.Island}: ${w.Reason}`);
  setFlash(cookies, {
    kind: warnings.length ? "error" : "success",
    message: (warnings.length
      ? t("Editor.SavedWithWarnings", { warnings: warnings.join(" · ") })
      : t("Editor.Saved")
    ).slice(0, 500),
    links: outcome.answer.Url ? [{ label: t("Editor.View"), href: outcome.answer.Url }] : [],
  });
  commitSessionCookie(cookies, session);
  return { redirect: editPath(outcome.answer.Id) };
}
