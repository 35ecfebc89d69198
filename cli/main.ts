import { processIo } from './io.js';
import { runCli } from './program.js';

// `ensemble ... | head` closes stdout early: that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), processIo());
