import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import { type PasswordProblem, passwordProblem } from "~/lib/password";

/**
 * A password people or cracking lists would try first is refused: zxcvbn-ts with its common
 * dictionary (leaked-password lists, common words, names, keyboard patterns) estimates the guesses a
 * password needs; below score 3 ("safely unguessable" for an online attack with rate limits) it is
 * refused. Written by the library, not by us (DESIGN.md section 2).
 */
const estimator = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });

const MIN_SCORE = 3;

export type PasswordRefusal = PasswordProblem | "PasswordTooCommon";

/**
 * Why a new password is refused, or null. The shared rule comes first (it is cheaper and says more);
 * the names and e-mail of the account count as known words.
 */
export function passwordRefusal(
  password: string,
  account: { email?: string; names?: readonly string[] } = {},
): PasswordRefusal | null {
  const problem = passwordProblem(password, { email: account.email });
  if (problem) return problem;
  const known = [account.email ?? "", ...(account.names ?? [])].filter((word) => word.length >= 3);
  return estimator.check(password, known).score < MIN_SCORE ? "PasswordTooCommon" : null;
}
