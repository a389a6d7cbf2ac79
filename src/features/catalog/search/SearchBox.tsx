import { useStore } from "@nanostores/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import LineIcon from "~/components/ui/LineIcon";
import { visit } from "~/shell/swup-start";
import { SEARCH_MIN_CHARS } from "../catalog.constants";
import { $suggestions, clearSuggestions, querySuggestions, SUGGESTION_DELAY_MS } from "./search.store";

export interface SearchBoxProps {
  action: string;
  /** The query shown on a results page. */
  value: string;
  /** How many suggestions to show (5 by default, at most the typeahead limit of 30). */
  limit: number;
  labels: {
    search: string;
    placeholder: string;
    /** With {count}. */
    resultsCount: string;
    noResults: string;
  };
}

/**
 * Search widget (spec 001 sections 5 and 9), the ARIA combobox pattern with a listbox popup: suggestions
 * from 2 characters, arrows move through them, Enter opens the active one or searches, Escape closes
 * then clears. The form only leaves with a non-empty query. Without JavaScript it is a GET form.
 */
export default function SearchBox({ action, value, limit, labels }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const state = useStore($suggestions);
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const items = state.query === text.trim() ? state.items.slice(0, limit) : [];

  // Text typed before hydration is kept by the browser: suggest for it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on hydration
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== value) change(typed);
  }, []);

  const change = (next: string) => {
    setText(next);
    setActive(-1);
    clearTimeout(timer.current);
    if (next.trim().length < SEARCH_MIN_CHARS) {
      clearSuggestions();
      setOpen(false);
      return;
    }
    setOpen(true);
    timer.current = setTimeout(() => void querySuggestions(next.trim(), limit), SUGGESTION_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (items.length ? (current + 1) % items.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => (items.length ? (current <= 0 ? items.length - 1 : current - 1) : -1));
    } else if (event.key === "Escape") {
      if (open) setOpen(false);
      else change("");
    } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
      event.preventDefault();
      visit(items[active].ProductUrl);
      setOpen(false);
    }
  };

  const expanded = open && text.trim().length >= SEARCH_MIN_CHARS && state.query === text.trim();
  return (
    <search className="search">
      <form
        className="search__form"
        action={action}
        method="get"
        onSubmit={(event) => {
          // The field itself, not the state: an Enter right after hydration comes before the state caught up.
          if (!(input.current?.value ?? text).trim()) event.preventDefault();
        }}
      >
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          {labels.search}
        </label>
        <div className="search__field">
          <input
            ref={input}
            id={`${id}-input`}
            // A text field: HTML allows the combobox role (ARIA 1.2's pattern) on it, not on type=search.
            type="text"
            inputMode="search"
            enterKeyHint="search"
            name="q"
            value={text}
            placeholder={labels.placeholder}
            autoComplete="off"
            required
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            onChange={(event) => change(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onFocus={() => text.trim().length >= SEARCH_MIN_CHARS && setOpen(true)}
          />
          <div id={listId} role="listbox" aria-label={labels.search} className="search__suggestions" hidden={!expanded}>
            {items.map((item, index) => (
              // Focus stays in the combobox; options are pointed at by aria-activedescendant (ARIA APG).
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              <div
                key={item.ProductUrl}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="search__suggestion"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  visit(item.ProductUrl);
                  setOpen(false);
                }}
                onKeyDown={() => {}}
              >
                {item.Photo && <img src={`/media/${item.Photo.AssetId}.webp`} alt="" width={40} height={40} />}
                <span>{item.Name}</span>
              </div>
            ))}
            {expanded && items.length === 0 && (
              // biome-ignore lint/a11y/useFocusableInteractive: an inert "no suggestion" entry of the listbox
              <div role="option" aria-selected={false} aria-disabled="true" className="search__empty">
                {labels.noResults}
              </div>
            )}
          </div>
        </div>
        <span className="visually-hidden" role="status">
          {expanded
            ? items.length
              ? labels.resultsCount.replace("{count}", String(items.length))
              : labels.noResults
            : ""}
        </span>
        <button type="submit">
          <LineIcon name="search" size={20} />
          <span className="visually-hidden-phone">{labels.search}</span>
        </button>
      </form>
    </search>
  );
}
