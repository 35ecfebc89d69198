// Hosts one stack shared by the browser-test files of a run (see startE2eStack in stack.ts):
// `stack-host.ts <folder> <env as JSON>` starts it, writes its pid to <folder>/pid and its addresses
// to <folder>/ready.json (or why it could not start to <folder>/failed.json), then serves until
// SIGTERM or until the run's process is gone, and stops the stack before it exits (host-process.ts).
import { hostShared } from './host-process.js';
import { startOwnStack } from './stack.js';

const [folder, envJson] = process.argv.slice(2);
if (folder === undefined || envJson === undefined) throw new Error('usage: stack-host.ts <folder> <env as JSON>');

await hostShared(folder, async () => {
  const stack = await startOwnStack({ env: JSON.parse(envJson) as Record<string, string> });
  const { appUrl, mailboxUrl, supabase } = stack;
  return { ready: { appUrl, mailboxUrl, supabase }, stop: () => stack.stop() };
});
