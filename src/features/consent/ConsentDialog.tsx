import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { acceptAll, CONSENT_CATEGORIES, type ConsentCategory, declineAll, isAllActive } from "./consent";
import { $consent, $consentDetails, $consentOpen, closeConsent, saveConsent } from "./consent.store";

export interface ConsentLabels {
  title: string;
  text: string;
  acceptAll: string;
  declineAll: string;
  customize: string;
  save: string;
  all: string;
  close: string;
  categories: Record<ConsentCategory, { name: string; description: string }>;
}

export interface ConsentDialogProps {
  stamp: string;
  labels: ConsentLabels;
  /** The server's decision: no valid consent yet, so the dialog starts open. */
  initiallyOpen: boolean;
  /** Without JavaScript the form posts here and comes back to returnUrl. */
  action: string;
  returnUrl: string;
  /** "inline" renders the same form in a page (the cookie settings page). */
  mode?: "dialog" | "inline";
}

type Choices = Record<ConsentCategory, boolean>;

/**
 * The cookie-consent dialog: accept all and decline all on the first layer with the same weight,
 * a per-category view with an "all" switch. Server HTML works as a plain form without JavaScript.
 */
export default function ConsentDialog({
  stamp,
  labels,
  initiallyOpen,
  action,
  returnUrl,
  mode = "dialog",
}: ConsentDialogProps) {
  const stored = useStore($consent);
  const open = useStore($consentOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  const [details, setDetails] = useState(mode === "inline");
  const [choices, setChoices] = useState<Choices>({
    preferences: stored?.preferences ?? false,
    statistics: stored?.statistics ?? false,
    marketing: stored?.marketing ?? false,
  });

  // "Customise" on the first layer (answered without React) opens the categories at once.
  const askedDetails = useStore($consentDetails);
  useEffect(() => {
    if (!askedDetails) return;
    setDetails(true);
    $consentDetails.set(false);
  }, [askedDetails]);

  // Reopening shows the current settings.
  useEffect(() => {
    if (open && stored)
      setChoices({ preferences: stored.preferences, statistics: stored.statistics, marketing: stored.marketing });
  }, [open, stored]);

  // Closing goes back to the first layer for the next time.
  const close = () => {
    setDetails(mode === "inline");
    closeConsent();
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element || mode !== "dialog") return;
    if (open && !element.matches(":modal")) {
      if (element.open) element.close(); // the server rendered it open, non-modal
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, mode]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    if (choice === "customize") return setDetails(true);
    saveConsent(
      choice === "accept" ? acceptAll(stamp) : choice === "decline" ? declineAll(stamp) : { stamp, ...choices },
    );
    setDetails(mode === "inline");
  };

  const all = isAllActive(choices);
  // The /cookies page holds the inline form and the page's own dialog: each title an id of its own.
  const titleId = mode === "inline" ? "consent-inline-title" : "consent-title";
  const form = (
    <form method="post" action={action} onSubmit={submit} className="consent__form">
      <input type="hidden" name="returnUrl" value={returnUrl} />
      <h2 id={titleId} className="consent__title">
        {labels.title}
      </h2>
      <p>{labels.text}</p>
      {details && (
        <fieldset className="consent__categories">
          <legend className="visually-hidden">{labels.customize}</legend>
          <label className="consent__all">
            <input
              type="checkbox"
              checked={all}
              onChange={(e) =>
                setChoices({ preferences: e.target.checked, statistics: e.target.checked, marketing: e.target.checked })
              }
            />{" "}
            {labels.all}
          </label>
          {CONSENT_CATEGORIES.map((category) => (
            <label key={category} className="consent__category">
              <input
                type="checkbox"
                name={category}
                value="true"
                checked={choices[category]}
                onChange={(e) => setChoices({ ...choices, [category]: e.target.checked })}
              />{" "}
              <strong>{labels.categories[category].name}</strong>
              <span>{labels.categories[category].description}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="consent__actions">
        <button type="submit" name="choice" value="accept" className="button">
          {labels.acceptAll}
        </button>
        <button type="submit" name="choice" value="decline" className="button">
          {labels.declineAll}
        </button>
        {details ? (
          <button type="submit" name="choice" value="save" className="button button--secondary">
            {labels.save}
          </button>
        ) : (
          <button type="submit" name="choice" value="customize" className="button button--secondary">
            {labels.customize}
          </button>
        )}
      </div>
    </form>
  );

  if (mode === "inline") return <div className="consent consent--inline">{form}</div>;
  return (
    <dialog
      ref={dialog}
      id="consent-dialog"
      className="consent"
      aria-labelledby={titleId}
      open={initiallyOpen && !open ? true : undefined}
      onCancel={close}
    >
      {form}
    </dialog>
  );
}
