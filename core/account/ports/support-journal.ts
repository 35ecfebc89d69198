import type { Result } from '../../shared/index.js';
import type { BillingSupportAction, CreditChange, SupportAction } from '../domain/support-action.js';

/**
 * Support's record of who did what (service role). `changeCredits` writes the ledger line and its
 * support action in one transaction: a positive amount is a grant, a negative one a debit, never
 * below a zero balance (`insufficient_credits`, details balance and debit). A reference already used
 * for the same user and amount changes nothing (`repeated`); for another amount or user it is
 * refused (`conflict`, details usedAmount when it is the amount).
 *
 * A billing action is written before the provider is asked (`begin`, status `pending`) and settled
 * after: `complete` records what the provider made (a settled row is answered as it stands; an
 * unknown id is `not_found`), `abandon` removes a pending row whose call changed nothing (a done row
 * is kept; answers whether a row went).
 */
export interface SupportJournal {
  changeCredits(input: { userId: string; amount: number; reason: string; reference: string | null; operator: string }): Promise<Result<CreditChange>>;
  begin(input: {
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
  complete(id: string, outcome: { subject: string; amount: number | null; currency: string | null }): Promise<Result<SupportAction>>;
  abandon(id: string): Promise<Result<boolean>>;
  /** Pending billing actions of every user, oldest first. */
  listPending(options: { limit: number }): Promise<Result<readonly SupportAction[]>>;
  /** Newest first. */
  listForUser(userId: string, options: { limit: number }): Promise<Result<readonly SupportAction[]>>;
}
