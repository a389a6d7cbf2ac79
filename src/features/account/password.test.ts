import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "~/lib/password";
import { passwordRefusal } from "./password-strength.server";

describe("the password rule shared by browser and server", () => {
  it("wants a length, counted in characters, not bytes", () => {
    expect(passwordProblem("a".repeat(PASSWORD_MIN_LENGTH - 1))).toBe("PasswordTooShort");
    expect(passwordProblem("é".repeat(PASSWORD_MIN_LENGTH - 1))).toBe("PasswordTooShort");
    expect(passwordProblem("x".repeat(PASSWORD_MAX_LENGTH + 1))).toBe("PasswordTooLong");
    expect(passwordProblem("t7#Kq9!vLm2x")).toBeNull();
  });

  it("refuses the e-mail address's name inside the password", () => {
    expect(passwordProblem("Marie.Dupont-2026", { email: "marie.dupont@example.test" })).toBe("PasswordContainsEmail");
    expect(passwordProblem("Marie.Dupont-2026", { email: "jo@example.test" })).toBeNull();
  });
});

describe("the server's refusal of guessable passwords", () => {
  it("refuses leaked and common passwords, keyboard runs and the account's own names", () => {
    expect(passwordRefusal("password123!")).toBe("PasswordTooCommon");
    expect(passwordRefusal("azertyuiop")).toBe("PasswordTooCommon");
    expect(passwordRefusal("1234567890")).toBe("PasswordTooCommon");
    expect(passwordRefusal("dupontdupont", { names: ["Dupont"] })).toBe("PasswordTooCommon");
  });

  it("accepts a password nobody would try first, and says the shared rule first", () => {
    expect(passwordRefusal("t7#Kq9!vLm2x")).toBeNull();
    expect(passwordRefusal("correct horse battery staple")).toBeNull();
    expect(passwordRefusal("short")).toBe("PasswordTooShort");
  });
});

describe("the refusals' messages", () => {
  it("exist in the six languages, with the lengths filled in", async () => {
    const { translator } = await import("~/lib/i18n");
    const { CULTURES } = await import("~/lib/culture");
    for (const culture of CULTURES) {
      const t = translator(culture);
      for (const refusal of ["PasswordTooShort", "PasswordTooLong", "PasswordContainsEmail", "PasswordTooCommon"]) {
        const message = t(`Errors.${refusal}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
        expect(message, `${culture} ${refusal}`).not.toContain("Errors.");
        expect(message).not.toContain("{{");
      }
      expect(t("Errors.PasswordTooShort", { min: PASSWORD_MIN_LENGTH })).toContain(String(PASSWORD_MIN_LENGTH));
    }
  });
});
