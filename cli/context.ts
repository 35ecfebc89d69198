import type { Command } from 'commander';
import type { Logger, DomainError, Result } from '../core/shared/index.js';
import type { BillingClient } from '@ensemble/billing-client';
import type { BillingTarget, Profile, SupabaseTarget } from './config.js';
import { confirm } from './confirm.js';
import { CliError, usageError } from './errors.js';
import { billingFailure, domainFailure, isBillingFailure, statusOf, type BillingFailure, type Subject } from './failures.js';
import { localeFrom } from './format/values.js';
import { styles, type CliIo, type Styles } from './io.js';
import type { CliDeps, SupportUseCases } from './services.js';
import type { SupportAction } from '../core/account/index.js';

/** A billing action as the support log keeps it before the provider is asked. */
export type ActionIntent = Omit<BegunAction, 'operator' | 'environment'>;
/** What the support log is given before a billing action. */
type BegunAction = Parameters<SupportUseCases['beginSupportAction']>[0];
/** What the provider made: the subject (a refund's id) and amount the support log completes the record with. */
export type ActionOutcome = { subject: string; amount: number | null; currency: string | null };

/**
 * The provider answered and refused (a 4xx): nothing changed. Anything else (no answer, a timeout, a
 * 5xx) leaves the outcome unknown.
 */
function refusedByProvider(error: unknown): boolean {
  const cause = error instanceof CliError ? error.cause : error;
  if (!isBillingFailure(cause)) return false;
  const status = statusOf(cause);
  return status !== undefined && status >= 400 && status < 500;
}

/** Where a fault test kills the program (SIGKILL): after the provider acted, before the support log is settled. Refused against production. */
export const SUPPORT_CRASH_VARIABLE = 'FAULT_SUPPORT_CRASH';
function crashSeam(env: NodeJS.ProcessEnv, billingEnv: string): (() => void) | null {
  const point = env[SUPPORT_CRASH_VARIABLE];
  if (point === undefined) return null;
  if (billingEnv === 'production') throw usageError(`${SUPPORT_CRASH_VARIABLE} is a test seam: refused against production, nothing changed`);
  if (point !== 'after-billing') throw usageError(`${SUPPORT_CRASH_VARIABLE} takes after-billing, not "${point}"`);
  return () => process.kill(process.pid, 'SIGKILL');
}

export interface GlobalOptions {
  readonly env?: string;
  readonly profile?: string;
  readonly token?: string;
  readonly json?: boolean;
  readonly color?: boolean;
  readonly verbose?: boolean;
}

/** What every command action works with: output channels, styles, and lazily opened services. */
export class CommandContext {
  readonly style: Styles;
  readonly locale: string;
  readonly json: boolean;
  private billingTarget: BillingTarget | null = null;
  private billingClient: Promise<BillingClient> | null = null;
  private supabaseTarget: SupabaseTarget | null = null;
  private supportCases: Promise<SupportUseCases> | null = null;
  private chosenProfile: Profile | null = null;

  constructor(
    readonly io: CliIo,
    readonly options: GlobalOptions,
    private readonly deps: CliDeps,
  ) {
    this.json = options.json === true;
    this.style = styles(io.color && options.color !== false && io.env.NO_COLOR === undefined);
    this.locale = localeFrom(io.env);
  }

  static of(command: Command, io: CliIo, deps: CliDeps): CommandContext {
    return new CommandContext(io, command.optsWithGlobals<GlobalOptions>(), deps);
  }

  /** A line of human output on stdout (nothing with --json: stdout is for the machine then). */
  line(text = ''): void {
    if (!this.json) this.io.stdout.write(`${text}\n`);
  }

  /** One JSON document on stdout (only with --json). */
  emitJson(value: unknown): void {
    if (this.json) this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Notes and progress for people: stderr, so stdout stays clean. */
  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }

  debug(text: string): void {
    if (this.options.verbose === true) this.io.stderr.write(`${this.style.dim(`· ${text}`)}\n`);
  }

  readonly logger: Logger = {
    debug: (message, context) => this.debug(`${message}${context ? ` ${JSON.stringify(context)}` : ''}`),
    info: (message, context) => this.debug(`${message}${context ? ` ${JSON.stringify(context)}` : ''}`),
    warn: (message) => this.note(this.style.yellow(`warning: ${message}`)),
    error: (message) => this.debug(`error: ${message}`),
  };

  /** Where billing calls go; known once `billing()` has run. */
  get billingWhere(): BillingTarget {
    if (this.billingTarget === null) throw new Error('billingWhere read before billing()');
    return this.billingTarget;
  }

  // Config parsing (zod) is imported here, not at start-up, so `--help` stays fast.
  async billing(): Promise<BillingClient> {
    if (this.billingTarget === null) {
      const { resolveBillingTarget } = await import('./config.js');
      this.billingTarget = resolveBillingTarget(this.options, this.io);
      this.debug(`billing: ${this.billingTarget.server}`);
    }
    this.billingClient ??= this.deps.billingClient(this.billingTarget);
    return this.billingClient;
  }

  async support(): Promise<SupportUseCases> {
    if (this.supabaseTarget === null) {
      const { resolveSupabaseTarget } = await import('./config.js');
      this.supabaseTarget = resolveSupabaseTarget(this.options, this.io);
      this.debug(`supabase: ${this.supabaseTarget.url}`);
    }
    this.supportCases ??= this.deps.supportUseCases(this.supabaseTarget, this.logger);
    return this.supportCases;
  }

  /** Who is acting, recorded with every change (config.ts resolveOperator). */
  async operator(): Promise<string> {
    const { resolveOperator } = await import('./config.js');
    return resolveOperator(this.io, this.options.profile);
  }

  /** The profile in use (`--profile`, ENSEMBLE_PROFILE, the config's `profile`, else `default`). */
  async profile(): Promise<Profile> {
    if (this.chosenProfile === null) {
      const { loadProfile } = await import('./config.js');
      this.chosenProfile = loadProfile(this.io, this.options.profile);
    }
    return this.chosenProfile;
  }

  /** The billing environment and profile, as every confirmation names them: `production, profile prod`. */
  async environment(): Promise<string> {
    await this.billing();
    const profile = await this.profile();
    return `${this.billingTarget?.env ?? 'local'}, profile ${profile.name}`;
  }

  /** Whether the Supabase side can be reached with the settings in use (without opening it). */
  get supabaseWhere(): SupabaseTarget | null {
    return this.supabaseTarget;
  }

  /**
   * Carries out a billing action with its support-log record written first: the record is `pending`
   * before the provider is asked, then completed with what `outcome` reads from the provider's answer,
   * or removed when `outcome` says nothing changed (null) or the provider refused. So a program
   * killed after the provider acted leaves a pending record (`ensemble actions reconcile` settles it),
   * never none. `run` gets the record's id to hand the provider where it keeps metadata.
   *
   * When the support log cannot be written the action is refused before the provider is asked; when
   * no Supabase access is set up at all the action goes ahead unrecorded, with a warning.
   */
  async carryOut<T>(intent: ActionIntent, run: (actionId: string | null) => Promise<T>, outcome: (result: T) => ActionOutcome | null): Promise<T> {
    const operator = await this.operator();
    const environment = this.billingWhere.env;
    const crash = crashSeam(this.io.env, environment);
    let support: SupportUseCases;
    try {
      support = await this.support();
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      const result = await run(null);
      if (outcome(result) !== null) this.note(this.style.yellow(`warning: the ${intent.action} of ${intent.subject} is not recorded in the support log: ${error.message}`));
      return result;
    }
    const input = { ...intent, operator, environment };
    const begun = await support.beginSupportAction(input);
    if (!begun.success) {
      throw new CliError(`Nothing changed: the ${intent.action} of ${intent.subject} could not be written to the support log first (${this.domainFailure(begun.error).message})`);
    }
    const record = begun.data;
    this.debug(`support log: ${intent.action} ${intent.subject} pending as action ${record.id}`);
    let result: T;
    try {
      result = await run(record.id);
    } catch (error) {
      if (refusedByProvider(error)) await this.settle(support, input, record, null);
      else this.note(this.style.yellow(`warning: the outcome of the ${intent.action} of ${intent.subject} is not known; the support log keeps it as pending action ${record.id} until \`ensemble actions reconcile\` checks it with the billing provider`));
      throw error;
    }
    crash?.();
    await this.settle(support, input, record, outcome(result));
    return result;
  }

  /** Completes a pending record (or removes it when nothing changed); a failure to write is a warning, the action has happened. */
  private async settle(support: SupportUseCases, input: BegunAction, record: SupportAction, done: ActionOutcome | null): Promise<void> {
    const settled = done === null ? await support.abandonSupportAction({ id: record.id }) : await support.completeSupportAction({ id: record.id, ...done });
    if (settled.success) {
      this.debug(`support log: action ${record.id} ${done === null ? 'removed (nothing changed)' : `done: ${done.subject}`}`);
      return;
    }
    if (done !== null && settled.error.code === 'not_found') return this.writeAgain(support, input, record, done);
    this.note(
      this.style.yellow(
        `warning: the ${record.action} of ${record.subject} stays pending in the support log (action ${record.id}): ${this.domainFailure(settled.error).message}; \`ensemble actions reconcile\` settles it`,
      ),
    );
  }

  /**
   * The pending record is gone while the provider was still answering: `ensemble actions reconcile`
   * (run elsewhere, with a grace shorter than this call took) found no change yet and removed it. The
   * action happened, so it is written again, done, under a new id.
   */
  private async writeAgain(support: SupportUseCases, input: BegunAction, record: SupportAction, done: ActionOutcome): Promise<void> {
    const again = await support.beginSupportAction(input);
    const completed = again.success ? await support.completeSupportAction({ id: again.data.id, ...done }) : again;
    if (completed.success) {
      this.note(
        this.style.yellow(
          `note: pending action ${record.id} was removed from the support log (a reconcile judged it before the provider answered); the ${record.action} of ${record.subject} is written again as action ${completed.data.id}`,
        ),
      );
      return;
    }
    this.note(
      this.style.yellow(`warning: the ${record.action} of ${record.subject} happened, but the support log no longer holds it: ${this.domainFailure(completed.error).message}`),
    );
  }

  private domainFailure(error: DomainError): CliError {
    const target = this.supabaseTarget;
    return domainFailure(error, target?.url ?? 'Supabase', target?.local ?? false);
  }

  /** The data of a billing call, or the one-line error a person can act on. */
  async call<T>(subject: Subject, run: (client: BillingClient) => Promise<Result<T, BillingFailure>>): Promise<T> {
    const client = await this.billing();
    let answer: Result<T, BillingFailure>;
    try {
      answer = await run(client);
    } catch (error) {
      throw billingFailure(error, subject, this.billingWhere);
    }
    if (!answer.success) throw billingFailure(answer.error, subject, this.billingWhere);
    return answer.data;
  }

  billingError(error: unknown, subject: Subject): CliError {
    return error instanceof CliError ? error : billingFailure(error, subject, this.billingWhere);
  }

  /** The data of a Supabase-backed use case, or its one-line error. */
  domain<T>(answer: Result<T, DomainError>): T {
    if (answer.success) return answer.data;
    throw this.domainFailure(answer.error);
  }

  /**
   * Asks before a destructive action unless --yes; without a terminal to ask on, refuses (exit 2).
   * The question starts with the environment and profile it acts on: `[production, profile prod] Refund ...?`.
   */
  async confirm(question: string, yes: boolean | undefined): Promise<void> {
    if (yes === true) return;
    const asked = `[${await this.environment()}] ${question}`;
    if (!this.io.isTTY) throw usageError(`${asked.replace(/\?$/, '')}: refusing without a terminal to confirm on; pass --yes to go ahead`);
    const answer = await confirm(asked, this.io);
    if (!answer) throw usageError('Cancelled: nothing was changed');
  }
}
