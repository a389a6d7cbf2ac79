import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { isConnectionError } from "../db/errors";

/**
 * The closed catalogue of API errors: a permanent PascalCase code, its HTTP status and the key of its
 * message (present in all six languages: tests/unit/i18n.test.ts). A code not listed here does not compile.
 */
export const ERROR_CATALOGUE = {
  BadRequest: { status: 400, messageKey: "Errors.BadRequest" },
  ValidationFailed: { status: 400, messageKey: "Errors.ValidationFailed" },
  InvalidJson: { status: 400, messageKey: "Errors.InvalidJson" },
  UnknownCulture: { status: 400, messageKey: "Errors.UnknownCulture" },
  CardInvalid: { status: 400, messageKey: "Errors.CardInvalid" },
  PaymentDetailsInvalid: { status: 400, messageKey: "Errors.PaymentDetailsInvalid" },
  LinkNotValid: { status: 400, messageKey: "Errors.LinkNotValid" },
  Unauthorized: { status: 401, messageKey: "Errors.Unauthorized" },
  InvalidCredentials: { status: 401, messageKey: "Errors.InvalidCredentials" },
  TwoFactorCodeInvalid: { status: 401, messageKey: "Errors.TwoFactorCodeInvalid" },
  InvalidSignature: { status: 401, messageKey: "Errors.InvalidSignature" },
  Forbidden: { status: 403, messageKey: "Errors.Forbidden" },
  CrossOrigin: { status: 403, messageKey: "Errors.CrossOrigin" },
  TwoFactorRequired: { status: 403, messageKey: "Errors.TwoFactorRequired" },
  NotFound: { status: 404, messageKey: "Errors.NotFound" },
  AddressNotFound: { status: 404, messageKey: "Errors.AddressNotFound" },
  CarrierNotFound: { status: 404, messageKey: "Errors.CarrierNotFound" },
  CartItemNotFound: { status: 404, messageKey: "Errors.CartItemNotFound" },
  CityNotFound: { status: 404, messageKey: "Errors.CityNotFound" },
  CountryNotFound: { status: 404, messageKey: "Errors.CountryNotFound" },
  OrderNotFound: { status: 404, messageKey: "Errors.OrderNotFound" },
  PaymentNotFound: { status: 404, messageKey: "Errors.PaymentNotFound" },
  PickupPointNotFound: { status: 404, messageKey: "Errors.PickupPointNotFound" },
  ProductVariantNotFound: { status: 404, messageKey: "Errors.ProductVariantNotFound" },
  MethodNotAllowed: { status: 405, messageKey: "Errors.MethodNotAllowed" },
  CartEmpty: { status: 409, messageKey: "Errors.CartEmpty" },
  CartChanged: { status: 409, messageKey: "Errors.CartChanged" },
  EmailNotAvailable: { status: 409, messageKey: "Errors.EmailNotAvailable" },
  TwoFactorAlreadyEnabled: { status: 409, messageKey: "Errors.TwoFactorAlreadyEnabled" },
  TwoFactorNotEnabled: { status: 409, messageKey: "Errors.TwoFactorNotEnabled" },
  TwoFactorSetupMissing: { status: 409, messageKey: "Errors.TwoFactorSetupMissing" },
  IdempotencyKeyReused: { status: 409, messageKey: "Errors.IdempotencyKeyReused" },
  BirthListItemGiven: { status: 409, messageKey: "Errors.BirthListItemGiven" },
  InsufficientCredit: { status: 409, messageKey: "Errors.InsufficientCredit" },
  InsufficientStock: { status: 409, messageKey: "Errors.InsufficientStock" },
  OrderNotRefundable: { status: 409, messageKey: "Errors.OrderNotRefundable" },
  OrderAlreadyShipped: { status: 409, messageKey: "Errors.OrderAlreadyShipped" },
  OrderNotWithdrawable: { status: 409, messageKey: "Errors.OrderNotWithdrawable" },
  AccountClosureBlocked: { status: 409, messageKey: "Errors.AccountClosureBlocked" },
  AlreadyWithdrawn: { status: 409, messageKey: "Errors.AlreadyWithdrawn" },
  WithdrawalPeriodOver: { status: 409, messageKey: "Errors.WithdrawalPeriodOver" },
  OrderNotAwaitingPayment: { status: 409, messageKey: "Errors.OrderNotAwaitingPayment" },
  OrderNotShippable: { status: 409, messageKey: "Errors.OrderNotShippable" },
  OrderNotCancellable: { status: 409, messageKey: "Errors.OrderNotCancellable" },
  RefundExceedsCaptured: { status: 409, messageKey: "Errors.RefundExceedsCaptured" },
  RefundRequestDecided: { status: 409, messageKey: "Errors.RefundRequestDecided" },
  DeliveryChangeDecided: { status: 409, messageKey: "Errors.DeliveryChangeDecided" },
  FolderNotEmpty: { status: 409, messageKey: "Errors.FolderNotEmpty" },
  FolderNameTaken: { status: 409, messageKey: "Errors.FolderNameTaken" },
  AssetInUse: { status: 409, messageKey: "Errors.AssetInUse" },
  SlugTaken: { status: 409, messageKey: "Errors.SlugTaken" },
  PayloadTooLarge: { status: 413, messageKey: "Errors.PayloadTooLarge" },
  AssetLibraryFull: { status: 413, messageKey: "Errors.AssetLibraryFull" },
  TooManyFiles: { status: 413, messageKey: "Errors.TooManyFiles" },
  UnsupportedMediaType: { status: 415, messageKey: "Errors.UnsupportedMediaType" },
  BillingCountryMismatch: { status: 422, messageKey: "Errors.BillingCountryMismatch" },
  ConsentStampOutdated: { status: 422, messageKey: "Errors.ConsentStampOutdated" },
  ContentIncludesItself: { status: 422, messageKey: "Errors.ContentIncludesItself" },
  CouponNotValid: { status: 422, messageKey: "Errors.CouponNotValid" },
  LegalPageUnfinished: { status: 422, messageKey: "Errors.LegalPageUnfinished" },
  FileRefused: { status: 422, messageKey: "Errors.FileRefused" },
  FolderMoveNotAllowed: { status: 422, messageKey: "Errors.FolderMoveNotAllowed" },
  CropRefused: { status: 422, messageKey: "Errors.CropRefused" },
  PickupPointRequired: { status: 422, messageKey: "Errors.PickupPointRequired" },
  PaymentMethodUnavailable: { status: 422, messageKey: "Errors.PaymentMethodUnavailable" },
  QuantityRuleBroken: { status: 422, messageKey: "Errors.QuantityRuleBroken" },
  RefundRefused: { status: 422, messageKey: "Errors.RefundRefused" },
  ShippingCountryMismatch: { status: 422, messageKey: "Errors.ShippingCountryMismatch" },
  ShippingMethodUnavailable: { status: 422, messageKey: "Errors.ShippingMethodUnavailable" },
  TooManyRequests: { status: 429, messageKey: "Errors.TooManyRequests" },
  InternalError: { status: 500, messageKey: "Errors.InternalError" },
  ServiceUnavailable: { status: 503, messageKey: "Errors.ServiceUnavailable" },
  PaymentUnavailable: { status: 503, messageKey: "Errors.PaymentUnavailable" },
  PaymentNotConfigured: { status: 503, messageKey: "Errors.PaymentNotConfigured" },
} as const satisfies Record<
  string,
  { status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503; messageKey: `Errors.${string}` }
>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  Code: string;
  Message: string;
  Errors: FieldErrors;
}

/** An error a client caused or may see; thrown anywhere in a service, shaped by the API's error handler. */
export class ApiError extends Error {
  readonly status: (typeof ERROR_CATALOGUE)[ErrorCode]["status"];

  /** `messageKey` replaces the code's general message with a more precise one (its values in `messageValues`). */
  constructor(
    readonly code: ErrorCode,
    readonly errors: FieldErrors = {},
    readonly messageKey?: string,
    readonly messageValues?: Record<string, unknown>,
  ) {
    super(code);
    this.status = ERROR_CATALOGUE[code].status;
  }
}

/**
 * A refusal a form shows above itself, what was typed kept: every `ApiError` but the server's own failure
 * and a store away, which get the error pages. The payment refusals are 503s too, yet they are about this
 * form (no provider set up yet, the provider not answering): the shopper or the staff keeps the form,
 * told why, and may send it again.
 */
export function isFormRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== "InternalError" && !isStoreAway(error);
}

/**
 * A store the request needed is away for now: `ServiceUnavailable` (the sessions' Redis, the file store)
 * or a database connection that broke or could not be made. A page answers the 503 page, the API its 503.
 */
export function isStoreAway(error: unknown): boolean {
  return (error instanceof ApiError && error.code === "ServiceUnavailable") || isConnectionError(error);
}

export function errorBody(error: ApiError, culture: Culture): ErrorBody {
  const t = translator(culture);
  return {
    Code: error.code,
    Message: t(error.messageKey ?? ERROR_CATALOGUE[error.code].messageKey, error.messageValues ?? {}),
    Errors: error.errors,
  };
}
