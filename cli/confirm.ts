import { createInterface } from 'node:readline';
import type { CliIo } from './io.js';

/** Asks a yes/no question on stderr and reads one line; only `y` or `yes` agree. */
export async function confirm(question: string, io: CliIo): Promise<boolean> {
  const rl = createInterface({ input: io.stdin, output: io.stderr as NodeJS.WritableStream, terminal: false });
  io.stderr.write(`${question} [y/N] `);
  try {
    const answer = await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
    return /^(y|yes)$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
