import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import { renderFields } from '../format/table.js';
import type { Act } from '../program.js';

/** The public addresses behind `--env production|sandbox` (the billing client's own servers). */
const SERVERS: Readonly<Record<string, string>> = { production: 'https://api.polar.sh', sandbox: 'https://sandbox-api.polar.sh' };

/** The id no user has: a read of their support actions shows whether Supabase answers with this key, and changes nothing. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

type Check<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: CliError };

async function check<T>(run: () => Promise<T>): Promise<Check<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof CliError) return { ok: false, error };
    throw error;
  }
}

/** Where the operator name comes from, as `status` says it (config.ts resolveOperator reads them in this order). */
function operatorSource(ctx: CommandContext, profileOperator: string | undefined, profileName: string): string {
  if (ctx.io.env.ENSEMBLE_OPERATOR !== undefined) return 'ENSEMBLE_OPERATOR';
  if (profileOperator !== undefined) return `the config (profile ${profileName})`;
  return 'the OS user name; set ENSEMBLE_OPERATOR or "operator" in the profile';
}

export function registerStatus(program: Command, act: Act): void {
  const status = program.command('status');
  // The usage line reads `ensemble status [options]` like every other; the alias is in the description.
  status.configureHelp({ ...status.configureHelp(), commandUsage: (cmd) => `${program.name()} ${cmd.name()} ${cmd.usage()}` });
  status
    .alias('whoami')
    .description('the profile, environment, billing organization, Supabase project and operator in use, and whether each service answers (alias: whoami)')
    .addHelpText('after', '\nExamples:\n  $ ensemble status\n  $ ensemble --profile production whoami\n  $ ENSEMBLE_PROFILE=staging ensemble --json status | jq .billing')
    .action(
      act(async (ctx) => {
        // A bad profile name or a malformed config file is a usage error before anything is asked.
        const profile = await ctx.profile();
        const billing = await check(async () => {
          const page = await ctx.call({ noun: 'organization' }, (c) => c.organizations.list({ limit: 1 }));
          const org = page.items[0];
          if (org === undefined) throw new CliError(`The billing token on ${ctx.billingWhere.env} reaches no organization: check --token or BILLING_ACCESS_TOKEN`);
          return { id: org.id, name: org.name, slug: org.slug };
        });
        const supabase = await check(async () => {
          const support = await ctx.support();
          ctx.domain(await support.listSupportActions({ userId: NO_USER, limit: 1 }));
          return ctx.supabaseWhere?.url ?? '';
        });
        const operator = await check(() => ctx.operator());
        const target = await check(async () => {
          await ctx.billing();
          return ctx.billingWhere;
        });
        const env = target.ok ? target.value.env : '-';
        const server = target.ok ? (SERVERS[target.value.server] ?? target.value.server) : '-';
        const source = operatorSource(ctx, profile.settings.operator, profile.name);
        const chosen = profile.chosenBy === 'default' ? 'no profile chosen' : `from ${profile.chosenBy === 'config' ? 'the "profile" key' : profile.chosenBy}`;

        ctx.emitJson({
          profile: { name: profile.name, chosenBy: profile.chosenBy, files: profile.files },
          environment: target.ok ? { env, server, local: target.value.local } : { error: target.error.message },
          billing: billing.ok ? { ok: true, organization: billing.value } : { ok: false, error: billing.error.message },
          supabase: supabase.ok ? { ok: true, url: supabase.value } : { ok: false, url: ctx.supabaseWhere?.url ?? null, error: supabase.error.message },
          operator: operator.ok ? { name: operator.value, source } : { error: operator.error.message },
        });
        const { green, red, dim } = ctx.style;
        const fine = (text: string) => `${green('ok')} ${text}`;
        const failed = (error: CliError) => `${red('failed')}: ${error.message}`;
        const fields: [string, string][] = [
          ['profile', `${profile.name} (${chosen}${profile.files.length > 0 ? `; ${profile.files.join(', ')}` : '; no config file'})`],
          ['environment', target.ok ? `${env} (${server})` : failed(target.error)],
          ['billing', billing.ok ? fine(`organization ${billing.value.name} (${billing.value.slug}, ${billing.value.id})`) : failed(billing.error)],
          ['supabase', supabase.ok ? fine(supabase.value) : `${ctx.supabaseWhere === null ? '' : `${ctx.supabaseWhere.url} `}${failed(supabase.error)}`],
          ['operator', operator.ok ? `${operator.value} (from ${source})` : failed(operator.error)],
        ];
        for (const line of renderFields(fields, dim)) ctx.line(line);

        const failures = ([['billing', billing], ['Supabase', supabase], ['operator', operator]] as const).filter(([, c]) => !c.ok);
        if (failures.length === 0) return;
        // Every failure is a usage error (missing settings): exit 2; anything that did not answer: exit 1.
        const usage = failures.every(([, c]) => !c.ok && c.error.exitCode === EXIT.usage);
        const parts = failures.map(([name, c]) => `${name}: ${c.ok ? '' : c.error.message}`);
        throw new CliError(`Profile ${profile.name} is not ready: ${parts.join('; ')}`, usage ? EXIT.usage : EXIT.failure);
      }),
    );
}
