import { islandsApi } from "~/features/islands/islands.client";
import { insertIntoBody } from "./content-editor.controller";
import { fieldsFromSchema, type IslandField, islandTag, propsFromValues } from "./island-tag";

/**
 * The island picker: the registry (GET /api/v1/islands) as a list to choose from; the chosen island's
 * props schema as a small form; "Insert" puts its tag at the caret of the body being edited. Labels
 * come from the server HTML (data attributes), in the editor's language.
 */
function fieldInput(field: IslandField, id: string): HTMLElement {
  if (field.kind === "boolean") {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = id;
    box.checked = field.defaultValue === "true";
    return box;
  }
  if (field.kind === "choice") {
    const select = document.createElement("select");
    select.id = id;
    for (const choice of ["", ...field.choices])
      select.add(new Option(choice, choice, false, choice === field.defaultValue));
    return select;
  }
  const input = field.kind === "json" ? document.createElement("textarea") : document.createElement("input");
  input.id = id;
  if (input instanceof HTMLInputElement) {
    input.type = field.kind === "integer" || field.kind === "number" ? "number" : "text";
    if (field.kind === "number") input.step = "any";
    if (field.kind === "integers") input.inputMode = "numeric";
  }
  input.placeholder = field.defaultValue;
  input.required = field.required;
  return input;
}

export default async function connect(root: HTMLElement): Promise<void> {
  const list = root.querySelector<HTMLSelectElement>("[data-island-select]");
  const fieldsBox = root.querySelector<HTMLElement>("[data-island-fields]");
  const insert = root.querySelector<HTMLButtonElement>("[data-island-insert]");
  const status = root.querySelector<HTMLElement>("[data-island-status]");
  const description = root.querySelector<HTMLElement>("[data-island-description]");
  if (!list || !fieldsBox || !insert || !status || !description) return;
  const islands = await islandsApi.list();
  for (const island of islands) list.add(new Option(island.Name, island.Name));
  root.hidden = false;
  let fields: IslandField[] = [];
  const show = () => {
    const island = islands.find((i) => i.Name === list.value);
    fields = island ? fieldsFromSchema(island.Props) : [];
    description.textContent = island?.Description ?? "";
    fieldsBox.replaceChildren(
      ...fields.map((field) => {
        const id = `island-field-${field.name}`;
        const row = document.createElement("p");
        const label = document.createElement("label");
        label.htmlFor = id;
        label.textContent = field.required ? `${field.name} *` : field.name;
        row.append(label, fieldInput(field, id));
        return row;
      }),
    );
    insert.disabled = !island;
    status.textContent = "";
  };
  list.addEventListener("change", show);
  insert.addEventListener("click", () => {
    const values = Object.fromEntries(
      fields.map((field) => {
        const input = fieldsBox.querySelector<HTMLInputElement>(`#island-field-${field.name}`);
        return [field.name, input?.type === "checkbox" ? input.checked : (input?.value ?? "")];
      }),
    );
    const { props, invalid } = propsFromValues(fields, values);
    if (invalid.length) {
      status.textContent = `${root.dataset.invalidText ?? "Invalid"}: ${invalid.join(", ")}`;
      fieldsBox.querySelector<HTMLElement>(`#island-field-${invalid[0]}`)?.focus();
      return;
    }
    status.textContent = insertIntoBody(islandTag(list.value, props)) ? (root.dataset.insertedText ?? "") : "";
  });
  show();
}
