import { join } from 'node:path';
import { ESLint } from 'eslint';

/** The project's root, where eslint.config.js lives. */
export const projectRoot = join(import.meta.dirname, '..', '..');

let eslint: ESLint | undefined;

/**
 * Lints `code` as if it were the file at `filePath` (relative to the project's root; the file need not
 * exist), with the project's own eslint.config.js, and answers each message as `rule: message`.
 * The architecture tests feed each boundary rule a violating file through it.
 */
export async function lintAs(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: projectRoot });
  const [result] = await eslint.lintText(code, { filePath: join(projectRoot, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}
