
/**
 * The named provider errors of both billing specs' §8 and reference §1/§4, with the status each comes
 * with. A call lists the ones it can answer; a body naming another error is a response validation
 * failure, as with the SDK.
 */
export const ERROR_CATALOGUE = {
  PaymentError: 400,
  RefundAmountTooHigh: 400,
  BadRequest: 400,
  Unauthorized: 401,
  PaymentFailed: 402,
  NotPermitted: 403,
  AlreadyActiveSubscriptionError: 403,
  NotOpenCheckout: 403,
  PaymentNotReady: 403,
  TrialAlreadyRedeemed: 403,
  AlreadyCanceledSubscription: 403,
  RefundedAlready: 403,
  ResourceNotFound: 404,
  InvoiceDoesNotExist: 404,
  ExpiredCheckoutError: 410,
  ResourceGone: 410,
  CheckoutLocked: 409,
  SubscriptionLocked: 409,
  InvoiceAlreadyExists: 409,
  OrderNotEligibleForInvoice: 409,
  MissingInvoiceBillingDetails: 422,
  NotPaidOrder: 422,
} as const;

export type ProviderErrorName = keyof typeof ERROR_CATALOGUE;
export const CHECKOUT_FORBIDDEN = [
  'AlreadyActiveSubscriptionError',
  'NotOpenCheckout',
  'PaymentNotReady',
  'TrialAlreadyRedeemed',
] as const;
