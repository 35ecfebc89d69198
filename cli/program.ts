import { Argument, Command, CommanderError, Option } from 'commander';
import { registerActions } from './commands/actions.js';
import { registerBillingCatalog } from './commands/catalog.js';
import { registerCustomers } from './commands/customers.js';
import { registerExport } from './commands/export.js';
import { registerMetrics } from './commands/metrics.js';
import { registerOrders } from './commands/orders.js';
import { registerStatus } from './commands/status.js';
import { registerSubscriptions } from './commands/subscriptions.js';
import { registerUsers } from './commands/users.js';
import { registerWebhooks } from './commands/webhooks.js';
import { completionScript, SHELLS, type Shell } from './completion.js';
import { CommandContext } from './context.js';
import { CliError, EXIT, usageError } from './errors.js';
import type { CliIo } from './io.js';
import { defaultDeps, type CliDeps } from './services.js';
import { version } from './version.js';

/** Wraps a command handler: builds its context and hands over the parsed arguments and options. */
export type Act = <O>(
  handler: (ctx: CommandContext, args: readonly unknown[], options: O) => Promise<void>,
) => (...raw: unknown[]) => Promise<void>;

const ROOT_HELP = `
Environments (--env):
  local       the billing sandbox of \`npm start\` (http://localhost:54380), token from .data/billing/seed.json
  sandbox     https://sandbox-api.polar.sh
  production  https://api.polar.sh
  <url>       any billing server, e.g. http://127.0.0.1:8080

Examples:
  $ ensemble users show ada@example.com
  $ ensemble users credits grant ada@example.com 500 --reason "outage on 3 May"
  $ ensemble subscriptions list --customer <customer-id> --active
  $ ensemble subscriptions cancel <subscription-id> --reason too_expensive
  $ ensemble actions reconcile
  $ ensemble --env sandbox --json customers list --email ada@example.com
  $ ensemble metrics --from 2026-01-01 --to 2026-03-31 --interval month
  $ ensemble metrics usage --by model
  $ ensemble export users --with ledger,orders --format json --output users.json
  $ source <(ensemble completion bash)

Exit codes: 0 ok, 1 failure, 2 usage error. Docs: cli/README.md`;

/** A fresh command tree over the given adapters and I/O; tests build one per run. */
export function buildProgram(deps: Partial<CliDeps> = {}, io: CliIo): Command {
  const allDeps: CliDeps = { ...defaultDeps, ...deps };
  const program = new Command('ensemble');
  program
    .description('Support tool for Ensemble: users, credits, customers, subscriptions, orders and refunds.')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(text.replace(/^error: /, 'ensemble: ')),
    })
    .showSuggestionAfterError(true)
    .addOption(new Option('--env <env>', 'billing environment: production, sandbox, local or a URL (default: local, or ENSEMBLE_ENV)'))
    .option('--profile <name>', 'the named profile of the config file to use (default: ENSEMBLE_PROFILE, then its "profile" key)')
    .option('--token <token>', 'billing organization access token (default: BILLING_ACCESS_TOKEN)')
    .option('--json', 'machine output only on stdout (JSON)')
    .option('--no-color', 'plain output without colours')
    .option('--verbose', 'say what the program is doing on stderr')
    .version(`ensemble ${version()}`, '-V, --version', 'print the version and exit')
    .addHelpText('after', ROOT_HELP)
    .configureHelp({ showGlobalOptions: true })
    .helpCommand(false);

  const act: Act = (handler) => async (...raw) => {
    const command = raw[raw.length - 1] as Command;
    const ctx = CommandContext.of(command, io, allDeps);
    await handler(ctx, command.processedArgs as unknown[], command.opts() as never);
  };
  registerUsers(program, act);
  registerCustomers(program, act);
  registerSubscriptions(program, act);
  registerOrders(program, act);
  registerActions(program, act);
  registerBillingCatalog(program, act);
  registerWebhooks(program, act);
  registerMetrics(program, act);
  registerExport(program, act);
  registerStatus(program, act);
  registerHelp(program);
  registerVersionAndCompletion(program, io);
  return program;
}

/** `ensemble version` (like `--version`) and `ensemble completion bash|zsh|fish` (gh's and the Stripe CLI's). */
function registerVersionAndCompletion(program: Command, io: CliIo): void {
  program
    .command('version')
    .description('print the version (same as --version)')
    .addHelpText('after', '\nExamples:\n  $ ensemble version\n  $ ensemble --version')
    .action(() => {
      io.stdout.write(`ensemble ${version()}\n`);
    });
  program
    .command('completion')
    .description('print a shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble completion bash > ~/.local/share/bash-completion/completions/ensemble\n  $ source <(ensemble completion bash)          # or add this to ~/.bashrc\n  $ source <(ensemble completion zsh)           # add to ~/.zshrc\n  $ ensemble completion fish > ~/.config/fish/completions/ensemble.fish',
    )
    .action((shell: Shell) => {
      io.stdout.write(completionScript(program, shell));
    });
}

/** `ensemble help [command...]`: the help of the command named by the whole path, exit 0 (gh's `help`). */
function registerHelp(program: Command): void {
  program
    .command('help')
    .description('show the help of a command, e.g. `ensemble help subscriptions list`')
    .argument('[command...]', 'the command, as typed after `ensemble`')
    .addHelpText('after', '\nExamples:\n  $ ensemble help\n  $ ensemble help subscriptions list')
    .action((names: string[]) => {
      let command = program;
      for (const name of names) {
        const next = command.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (next === undefined) throw usageError(`Unknown command "${[...names.slice(0, names.indexOf(name)), name].join(' ')}": \`ensemble --help\` lists the commands`);
        command = next;
      }
      command.outputHelp();
    });
}

/** Runs one command line (without `node` and the script) and answers the exit code. */
export async function runCli(argv: readonly string[], io: CliIo, deps: Partial<CliDeps> = {}): Promise<number> {
  const program = buildProgram(deps, io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      // `ensemble users help` asked for help (exit 0); a group run without a subcommand prints it as an error (exit 1 in commander).
      if (error.code === 'commander.help' && error.exitCode === 0) return EXIT.ok;
      // A group run without a subcommand prints its help and exits 1 in commander: that is a usage error.
      return EXIT.usage;
    }
    if (error instanceof CliError) {
      io.stderr.write(`ensemble: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`ensemble: unexpected failure: ${message} (run again with --verbose and report it)\n`);
    if (error instanceof Error && error.stack && argv.includes('--verbose')) io.stderr.write(`${error.stack}\n`);
    return EXIT.failure;
  }
}
