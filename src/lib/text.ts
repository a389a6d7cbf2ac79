/** Lower case without accents: "Écharpe" and "echarpe" are the same word to a shopper. */
export function foldTerm(term: string): string {
  return term
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase();
}
