import { BILLING_SUPPORT_ACTIONS, MAX_OPERATOR_LENGTH, type CreditChange, type SupportAction, type SupportJournal } from '../../core/account/index.js';
import type { Clock, Result } from '../../core/shared/index.js';
import { domainError, fail, ok } from '../../core/shared/index.js';
import type { InMemoryUsageLedger } from './in-memory-usage-ledger.js';

/**
 * Support's record of who did what, in memory, beside the in-memory ledger whose lines it writes:
 * a grant or debit is the ledger line and its support action in one synchronous step, as
 * support_change_credits does it in one transaction.
 */
export class InMemorySupportJournal implements SupportJournal {
  private readonly ledger: InMemoryUsageLedger;
  private readonly clock: Clock;
  private readonly actions: SupportAction[] = [];
  private sequence = 0;

  constructor(options: { ledger: InMemoryUsageLedger; clock?: Clock }) {
    this.ledger = options.ledger;
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async changeCredits(input: { userId: string; amount: number; reason: string; reference: string | null; operator: string }): Promise<Result<CreditChange>> {
    if (!Number.isInteger(input.amount) || input.amount === 0) {
      return fail(domainError('validation', 'A grant or a debit is a whole number of credits other than 0'));
    }
    const operatorRefused = this.refuseOperator(input.operator);
    if (operatorRefused) return operatorRefused;
    const changed = this.ledger.changeBySupport({ userId: input.userId, amount: input.amount, reason: input.reason, reference: input.reference });
    if (!changed.success) return changed;
    const { entry, repeated, balance } = changed.data;
    const subject = `ledger:${entry.id}`;
    if (repeated) {
      const first = this.actions.find((a) => a.subject === subject);
      return ok({ entry, operator: first?.operator ?? null, repeated: true, balance });
    }
    this.add({
      userId: input.userId,
      operator: input.operator,
      action: input.amount > 0 ? 'grant' : 'debit',
      subject,
      amount: input.amount,
      currency: null,
      reason: input.reason,
      comment: null,
      environment: '',
      status: 'done',
      settledAt: null,
    });
    return ok({ entry, operator: input.operator, repeated: false, balance });
  }

  async begin(input: Parameters<SupportJournal['begin']>[0]): Promise<Result<SupportAction>> {
    if (!(BILLING_SUPPORT_ACTIONS as readonly string[]).includes(input.action)) {
      return fail(domainError('validation', `${input.action} is not one of ${BILLING_SUPPORT_ACTIONS.join(', ')}`));
    }
    const operatorRefused = this.refuseOperator(input.operator);
    if (operatorRefused) return operatorRefused;
    // As begin_support_action: the user is kept only when the id names a profile.
    const userId = input.userId !== null && this.ledger.knowsUser(input.userId) ? input.userId : null;
    return ok(this.add({ ...input, userId, status: 'pending', settledAt: null }));
  }

  async complete(id: string, outcome: { subject: string; amount: number | null; currency: string | null }): Promise<Result<SupportAction>> {
    const index = this.actions.findIndex((a) => a.id === id && (BILLING_SUPPORT_ACTIONS as readonly string[]).includes(a.action));
    const row = this.actions[index];
    if (row === undefined) return fail(domainError('not_found', `No billing support action ${id}`));
    if (row.status === 'done') return ok(row);
    const done: SupportAction = {
      ...row,
      status: 'done',
      settledAt: this.clock.now().toISOString(),
      subject: outcome.subject,
      amount: outcome.amount ?? row.amount,
      currency: outcome.currency ?? row.currency,
    };
    this.actions[index] = done;
    return ok(done);
  }

  async abandon(id: string): Promise<Result<boolean>> {
    const index = this.actions.findIndex((a) => a.id === id && a.status === 'pending');
    if (index < 0) return ok(false);
    this.actions.splice(index, 1);
    return ok(true);
  }

  async listPending(options: { limit: number }): Promise<Result<readonly SupportAction[]>> {
    return ok(this.actions.filter((a) => a.status === 'pending').slice(0, options.limit));
  }

  async listForUser(userId: string, options: { limit: number }): Promise<Result<readonly SupportAction[]>> {
    return ok(this.actions.filter((a) => a.userId === userId).reverse().slice(0, options.limit));
  }

  private refuseOperator(operator: string): Result<never> | null {
    return operator.length < 1 || operator.length > MAX_OPERATOR_LENGTH
      ? fail(domainError('validation', `The operator is a name of 1 to ${MAX_OPERATOR_LENGTH} characters`))
      : null;
  }

  private add(action: Omit<SupportAction, 'id' | 'createdAt'>): SupportAction {
    this.sequence += 1;
    const row: SupportAction = { ...action, id: String(this.sequence), createdAt: this.clock.now().toISOString() };
    this.actions.push(row);
    return row;
  }
}
