/** Exit codes (README "Exit codes"). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/**
 * A failure the program explains in one line on stderr: what went wrong and what to do next.
 * Usage errors (bad arguments, missing credentials, refused confirmation) exit 2, the rest 1.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string): CliError => new CliError(message, EXIT.usage);
