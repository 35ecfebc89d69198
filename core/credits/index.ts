/** The credit balance: prices per use, holds, charges, grants and the ledger. */
export { CHAT_HOLD_TTL_SECONDS, GRANT_LEDGER_KINDS, LEDGER_KINDS, MAX_CREDIT_REFERENCE_LENGTH, insufficientCredits } from './domain/credits.js';
export type { ChargeReceipt, CreditHold, GrantLedgerKind, HoldSettlement, LedgerEntry, TokenUsage, UsageCharge } from './domain/credits.js';
export { estimateTokens, tallyTexts, tallyTokens } from './domain/token-estimate.js';
export type { TokenTally } from './domain/token-estimate.js';
export { sendHoldCredits } from './domain/send-hold.js';
export type { AnswerToHold, SendHold } from './domain/send-hold.js';
export { answerHoldCredits, creditsForUsage, minimalAnswerCredits } from './domain/usage-pricing.js';
export type { ModelPrice } from './domain/usage-pricing.js';
export type { CreditBalance, UsageLedger } from './ports/usage-ledger.js';
export { MAX_MONTHLY_CREDIT_CAP, spendingCapReached, spendingCapSchema } from './domain/spending-cap.js';
export type { SpendingCapInput, SpendingCapStatus, SpendingCapView } from './domain/spending-cap.js';
export type { SpendingCaps } from './ports/spending-caps.js';
export { makeGetSpendingCap, makeSetSpendingCap } from './use-cases/spending-cap.js';
export { makeGetCreditBalance } from './use-cases/get-credit-balance.js';
export { makeGrantCredits } from './use-cases/grant-credits.js';
export { makeListCreditHistory } from './use-cases/list-credit-history.js';
export { chargeUsage, holdAnswerCredits, releaseHolds, spendingCapRefusal } from './use-cases/credit-holds.js';
