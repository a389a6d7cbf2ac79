import type { Culture } from "~/lib/culture";
import { type FieldReader, failedRules, type Rule, rulesFromAttributes } from "~/lib/validation";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Client validation of a form whose fields carry data-val attributes (src/lib/validation.ts writes them).
 * Messages go to [data-valmsg-for=name]; the first invalid field gets focus; a valid form submits.
 */
export default function connect(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  form.noValidate = true;
  const culture = (document.documentElement.lang || "fr") as Culture;
  const touched = new Set<string>();

  const read: FieldReader = (name) => {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.type === "checkbox") return String(field.checked);
    if (field instanceof RadioNodeList) return field.value;
    return field && "value" in field ? String(field.value) : "";
  };

  const check = (field: Field): boolean => {
    const rules = rulesFromAttributes((name) => field.getAttribute(name));
    const value = read(field.name);
    const failed = failedRules(
      rules.map((r) => r.rule as Rule),
      value,
      read,
      culture,
    );
    const message = failed.length ? (rules.find((r) => r.rule.type === failed[0])?.message ?? "") : "";
    const slot = form.querySelector(`[data-valmsg-for="${CSS.escape(field.name)}"]`);
    if (slot) {
      slot.textContent = message;
      slot.classList.toggle("field-validation-error", Boolean(message));
    }
    field.setAttribute("aria-invalid", String(Boolean(message)));
    if (slot?.id) field.setAttribute("aria-describedby", slot.id);
    return !message;
  };

  const fields = () => Array.from(form.querySelectorAll<Field>("[data-val=true][name]"));
  form.addEventListener(
    "submit",
    (event) => {
      const invalid = fields().filter((field) => !check(field));
      for (const field of fields()) touched.add(field.name);
      if (invalid.length) {
        event.preventDefault();
        event.stopImmediatePropagation();
        invalid[0]?.focus();
      }
    },
    true,
  );
  const recheck = (event: Event) => {
    const field = event.target as Field;
    if (field.name && field.matches("[data-val=true]") && (touched.has(field.name) || event.type === "focusout")) {
      touched.add(field.name);
      check(field);
    }
  };
  form.addEventListener("focusout", recheck);
  form.addEventListener("input", recheck);
  form.addEventListener("change", recheck);
}
