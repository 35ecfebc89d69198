// npm start: the whole product on this machine with nothing configured (see web/server/README.md).
import { buildClientIfNeeded, exitOnCrash, printStack, startLocalStack, stopOnSignals } from './local-stack.js';

buildClientIfNeeded();
try {
  const stack = await startLocalStack({ serveClient: true, onCrash: exitOnCrash });
  stopOnSignals(stack.stop);
  printStack(stack, stack.app.config.publicUrl ?? stack.app.url.replace('127.0.0.1', 'localhost'));
} catch (error) {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
