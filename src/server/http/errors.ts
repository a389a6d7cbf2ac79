import type { Culture } from "../../lib/culture";
import { translator } from "../../lib/i18n";

/** Permanent error codes; each has a message under `Errors.<Code>` unless a message key is given. */
export type ErrorCode =
  | "BadRequest"
  | "ValidationFailed"
  | "InvalidJson"
  | "UnsupportedMediaType"
  | "PayloadTooLarge"
  | "Unauthorized"
  | "Forbidden"
  | "NotFound"
  | "MethodNotAllowed"
  | "TooManyRequests"
  | "InternalError"
  | "ServiceUnavailable"
  | "UnknownCulture"
  | "InvalidCredentials"
  | "CrossOrigin"
  | "ConsentStampOutdated"
  | "ProductVariantNotFound"
  | "QuantityRuleBroken"
  | "InsufficientStock";

export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  Code: string;
  Message: string;
  Errors: FieldErrors;
}

/** An error a client caused or may see; thrown anywhere in a service, shaped by the API's error handler. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: ErrorCode | (string & {}),
    readonly errors: FieldErrors = {},
    readonly messageKey?: string,
    readonly messageValues?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export function errorBody(error: ApiError, culture: Culture): ErrorBody {
  const t = translator(culture);
  return {
    Code: error.code,
    Message: t(error.messageKey ?? `Errors.${error.code}`, error.messageValues ?? {}),
    Errors: error.errors,
  };
}
