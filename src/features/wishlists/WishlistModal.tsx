import { useStore } from "@nanostores/react";
import { type SyntheticEvent, useEffect, useRef, useState } from "react";
import { $wishlistDialog, addToWishlist, isInList, wishlistLists } from "./wishlists.store";

export interface WishlistModalLabels {
  title: string;
  where: string;
  existingList: string;
  newList: string;
  list: string;
  newListName: string;
  add: string;
  adding: string;
  alreadyInThisList: string;
  returnToShopping: string;
  goToWishlist: string;
  addedTitle: string;
  close: string;
}

interface ListChoice {
  Id: number;
  Name: string;
  ItemsCount: number;
}

export interface WishlistModalProps {
  culture: string;
  labels: WishlistModalLabels;
  /** Previews: the dialog shown open with these lists, no call made. */
  preview?: { variantId: number; lists: ListChoice[] };
}

/**
 * The wishlist modal (spec 001): hydrated when a heart asks for it (`wishlist:open`), it loads the
 * shopper's lists (a guest signs in first in the login modal, then the dialog goes on), offers an
 * existing list or a new one, and says when the product is already in the chosen list. A success
 * closes it, is announced, and offers to go on shopping or to see the list; a refusal shows its message.
 */
export default function WishlistModal({ culture, labels, preview }: WishlistModalProps) {
  const request = useStore($wishlistDialog);
  const form = useRef<HTMLDialogElement>(null);
  const done = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Nothing is rendered until a heart asks: the server HTML of every page stays one empty element.
  const [phase, setPhase] = useState<"idle" | "form" | "done">(preview ? "form" : "idle");
  const [variantId, setVariantId] = useState<number | null>(preview?.variantId ?? null);
  const [lists, setLists] = useState<ListChoice[]>(preview?.lists ?? []);
  const [choice, setChoice] = useState<"existing" | "new">(preview && preview.lists.length > 0 ? "existing" : "new");
  const [listId, setListId] = useState<number | null>(preview?.lists[0]?.Id ?? null);
  const [name, setName] = useState("");
  const [already, setAlready] = useState(false);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const [added, setAdded] = useState<{ message: string; wishlistId: number } | null>(null);
  // The announcement region exists once hydrated (before any message), never in the server's HTML:
  // every page would otherwise carry an empty live region.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!request) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let cancelled = false;
    wishlistLists()
      .then((found) => {
        if (cancelled) return;
        setVariantId(request.variantId);
        setLists(found);
        setChoice(found.length > 0 ? "existing" : "new");
        setListId(found[0]?.Id ?? null);
        setName("");
        setError(null);
        setAlready(false);
        setPhase("form");
      })
      .catch(() => {
        // A closed login modal or a failure the request helper already reported: no dialog.
      });
    return () => {
      cancelled = true;
    };
  }, [request]);

  // The dialogs open as modals once rendered (previews show the form in place); focus goes back to
  // what opened them when they close.
  const shown = useRef(false);
  useEffect(() => {
    if (preview) return;
    if (phase === "idle") {
      if (shown.current) opener.current?.focus();
      shown.current = false;
      return;
    }
    shown.current = true;
    if (phase === "form" && form.current && !form.current.open) form.current.showModal();
    if (phase === "done" && done.current && !done.current.open) done.current.showModal();
  }, [phase, preview]);

  useEffect(() => {
    if (variantId === null || listId === null || choice !== "existing" || preview || phase !== "form") {
      setAlready(false);
      return;
    }
    let cancelled = false;
    void isInList(variantId, listId).then((inList) => {
      if (!cancelled) setAlready(inList);
    });
    return () => {
      cancelled = true;
    };
  }, [variantId, listId, choice, preview, phase]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (variantId === null || adding) return;
    setAdding(true);
    setError(null);
    try {
      const outcome = await addToWishlist(
        variantId,
        choice === "existing" && listId !== null ? { listId } : { name: name.trim() },
      );
      if (outcome.ok) {
        setAnnounce(outcome.message);
        setAdded({ message: outcome.message, wishlistId: outcome.wishlistId });
        setPhase("done");
      } else setError(outcome.message);
    } catch {
      // Reported by the request helper (error dialog); the form stays as it was.
    } finally {
      setAdding(false);
    }
  };

  const titleId = "wishlist-modal-title";
  return (
    <div className="wishlist-modal">
      {phase === "form" && (
        <dialog
          ref={form}
          className="dialog wishlist-dialog"
          aria-labelledby={titleId}
          open={preview ? true : undefined}
          onClose={() => setPhase((current) => (current === "form" ? "idle" : current))}
        >
          <h2 id={titleId}>{labels.title}</h2>
          <form onSubmit={submit} data-wishlist-form>
            <input type="hidden" name="product-variant-id" value={variantId ?? ""} />
            <fieldset className="wishlist-choice">
              <legend>{labels.where}</legend>
              {lists.length > 0 && (
                <div className="wishlist-choice__option">
                  <label>
                    <input
                      type="radio"
                      name="Choice"
                      value="existing"
                      checked={choice === "existing"}
                      onChange={() => setChoice("existing")}
                    />{" "}
                    {labels.existingList}
                  </label>
                  <label>
                    <span className="visually-hidden">{labels.list}</span>
                    <select
                      name="List"
                      value={listId ?? ""}
                      disabled={choice !== "existing"}
                      onChange={(event) => setListId(Number(event.target.value))}
                    >
                      {lists.map((list) => (
                        <option key={list.Id} value={list.Id}>
                          {list.Name} ({list.ItemsCount})
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              )}
              <div className="wishlist-choice__option">
                <label>
                  <input
                    type="radio"
                    name="Choice"
                    value="new"
                    checked={choice === "new"}
                    onChange={() => setChoice("new")}
                  />{" "}
                  {labels.newList}
                </label>
                <label>
                  <span className="visually-hidden">{labels.newListName}</span>
                  <input
                    name="Name"
                    value={name}
                    maxLength={80}
                    placeholder={labels.newListName}
                    disabled={choice !== "new"}
                    required={choice === "new"}
                    onChange={(event) => setName(event.target.value)}
                  />
                </label>
              </div>
            </fieldset>
            {already && (
              <p className="hint" data-already-in-list>
                {labels.alreadyInThisList}
              </p>
            )}
            <p role="alert" className={error ? "form-error" : "visually-hidden"} data-wishlist-error>
              {error ?? ""}
            </p>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => setPhase("idle")}>
                {labels.close}
              </button>
              <button type="submit" className="button" disabled={adding} aria-busy={adding} data-wishlist-submit>
                {adding ? labels.adding : labels.add}
              </button>
            </div>
          </form>
        </dialog>
      )}
      {phase === "done" && (
        <dialog
          ref={done}
          className="dialog added-dialog"
          aria-labelledby="wishlist-added-title"
          onClose={() => setPhase((current) => (current === "done" ? "idle" : current))}
        >
          <h2 id="wishlist-added-title">{labels.addedTitle}</h2>
          <p data-wishlist-added>{added?.message}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setPhase("idle")}>
              {labels.returnToShopping}
            </button>
            <a className="button" href={`/${culture}/catalog/wishlist/list?Id=${added?.wishlistId ?? ""}`}>
              {labels.goToWishlist}
            </a>
          </div>
        </dialog>
      )}
      {hydrated && (
        <p className="visually-hidden" role="status" aria-live="polite">
          {announce}
        </p>
      )}
    </div>
  );
}
