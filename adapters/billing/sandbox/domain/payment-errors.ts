/** The provider's PaymentError wording: "The payment failed: <reason> Please try again with a different payment method." */
export const paymentErrorDetail = (reason: string): string =>
  `The payment failed: ${reason} Please try again with a different payment method.`;
