/** Animated form labels: the wrapper knows whether its field has focus or a value (CSS does the rest). */
export default function connect(wrapper: HTMLElement): void {
  const field = wrapper.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    "input, textarea, select",
  );
  if (!field) return;
  const update = () => wrapper.classList.toggle("is-filled", field.value !== "");
  field.addEventListener("focus", () => wrapper.classList.add("is-focused"));
  field.addEventListener("blur", () => wrapper.classList.remove("is-focused"));
  field.addEventListener("input", update);
  field.addEventListener("change", update);
  update();
}
