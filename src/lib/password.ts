/**
 * The password rule shared by the browser (the registration and reset forms say it before sending)
 * and the server (which says it again): a length, and not the e-mail address. Whether a password is
 * common or guessable is checked on the server only (password-strength.server.ts): its dictionary is
 * far too large for a page.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** scrypt hashes any length; a bound keeps a hostile input from costing time. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = "PasswordTooShort" | "PasswordTooLong" | "PasswordContainsEmail";

/** The first rule a password breaks, or null. `email` is the account's address, when known. */
export function passwordProblem(password: string, context: { email?: string } = {}): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "PasswordTooShort";
  if (length > PASSWORD_MAX_LENGTH) return "PasswordTooLong";
  const local = context.email?.split("@")[0]?.toLowerCase() ?? "";
  if (local.length >= 3 && password.toLowerCase().includes(local)) return "PasswordContainsEmail";
  return null;
}
