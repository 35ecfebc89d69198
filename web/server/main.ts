// The app server alone, configured by the environment (web/server/README.md "Configuration"):
// `npm run serve` in production, and the process the fault tests kill and restart.
import { startAppServer } from './start-app-server.js';

try {
  const server = await startAppServer(process.env);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  console.error(`the app server could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
