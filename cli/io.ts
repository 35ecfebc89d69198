import type { Readable, Writable } from 'node:stream';

/** Where the program reads and writes: the process in `main.ts`, buffers in tests. */
export interface CliIo {
  readonly stdout: Pick<Writable, 'write'>;
  readonly stderr: Pick<Writable, 'write'>;
  readonly stdin: Readable;
  /** Whether a person can answer a prompt (stdin and stderr are terminals). */
  readonly isTTY: boolean;
  /** Colour by default; `--no-color` and NO_COLOR turn it off. */
  readonly color: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where relative config and data files are looked up (default: process.cwd()). */
  readonly cwd?: string;
  /** The user's home folder for ~/.config/ensemble (default: os.homedir()). */
  readonly home?: string;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    isTTY: process.stdin.isTTY === true && process.stderr.isTTY === true,
    color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
    env: process.env,
    cwd: process.cwd(),
  };
}

/** ANSI styles that vanish when colour is off. */
export function styles(enabled: boolean) {
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39) };
}
export type Styles = ReturnType<typeof styles>;
