import type { Result } from '../../shared/index.js';
import type { BillingSupportAction, CreditChange, SupportAction } from '../domain/support-action.js';

/**
 * Support's record of who did what (service role). `changeCredits` writes the ledger line and its
 * support action in one transaction: a positive amount is a grant, a negative one a debit, never
 * below a zero balance (`insufficient_credits`, details balance and debit). A reference already used
 * for the same user and amount changes nothing (`repeated`); for another amount or user it is
 * refused (`conflict`, details usedAmount when it is the amount).
 */
export interface SupportJournal {
  changeCredits(input: { userId: string; amount: number; reason: string; reference: string | null; operator: string }): Promise<Result<CreditChange>>;
  record(input: {
    userId: string | null;
    operator: string;
    action: BillingSupportAction;
    subject: string;
    amount: number | null;
    currency: string | null;
    reason: string;
    comment: string | null;
    environment: string;
  }): Promise<Result<SupportAction>>;
  /** Newest first. */
  listForUser(userId: string, options: { limit: number }): Promise<Result<readonly SupportAction[]>>;
}
