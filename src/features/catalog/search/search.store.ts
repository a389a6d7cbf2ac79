import { atom } from "nanostores";
import { fetchSuggestions } from "../catalog.client";
import type { Suggestion } from "./search";

/** Pause after typing before asking for suggestions (keeps requests to one per word typed). */
export const SUGGESTION_DELAY_MS = 150;

/** The suggestions of the last query answered. */
export const $suggestions = atom<{ query: string; items: Suggestion[] }>({ query: "", items: [] });

let pending: AbortController | undefined;

/** Asks for suggestions; a newer query cancels an older one still on its way. */
export async function querySuggestions(query: string, limit: number): Promise<void> {
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  try {
    const items = await fetchSuggestions(query, limit, controller.signal);
    if (!controller.signal.aborted) $suggestions.set({ query, items });
  } catch {
    // Aborted, or the request helper has told the shopper; the box keeps working as a plain form.
  }
}

export function clearSuggestions(): void {
  pending?.abort();
  $suggestions.set({ query: "", items: [] });
}
