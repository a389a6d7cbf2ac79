/** Lower case without accents: "Écharpe" and "echarpe" are the same word to a shopper. */
export function foldTerm(term: string): string {
  return term
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase();
}

/** Text made safe inside HTML, in an element or a quoted attribute (the mails and seeded pages write HTML by hand). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
