import { describe, expect, it } from "vitest";
import { formatOpeningHours } from "./pickup";

describe("opening hours in the shopper's language", () => {
  const hours = "1-5 10:00-18:30;6 10:00-12:30,14:00-18:00;7 closed";

  it("names the weekdays and says closed in each culture, one line per entry", () => {
    expect(formatOpeningHours(hours, "fr-BE", "fermé")).toBe(
      "Lundi – vendredi 10:00 – 18:30;Samedi 10:00 – 12:30, 14:00 – 18:00;Dimanche fermé",
    );
    expect(formatOpeningHours(hours, "nl-BE", "gesloten")).toBe(
      "Maandag – vrijdag 10:00 – 18:30;Zaterdag 10:00 – 12:30, 14:00 – 18:00;Zondag gesloten",
    );
    expect(formatOpeningHours("1 closed", "de-DE", "geschlossen")).toBe("Montag geschlossen");
  });

  it("keeps a carrier's own wording as it came", () => {
    expect(formatOpeningHours("Mo-Fr 9-17", "fr-BE", "fermé")).toBe("Mo-Fr 9-17");
    expect(formatOpeningHours("1-5 10:00-18:30;Sa 9-12", "fr-BE", "fermé")).toBe("1-5 10:00-18:30;Sa 9-12");
    expect(formatOpeningHours("", "fr-BE", "fermé")).toBe("");
  });
});
