// npm run dev: the local stack of `npm start`, with the client served by Vite's dev server (hot
// reload) on VITE_PORT (default 5173), proxying /api to the app server.
import { createServer } from 'vite';
import { exitOnCrash, printStack, startLocalStack, stopOnSignals } from './local-stack.js';

const vitePort = Number(process.env['VITE_PORT'] ?? 5173);
process.env['PUBLIC_URL'] ??= `http://localhost:${vitePort}`;
try {
  const stack = await startLocalStack({ serveClient: false, onCrash: exitOnCrash });
  const vite = await createServer({
    configFile: 'vite.config.ts',
    server: { port: vitePort, strictPort: true, proxy: { '/api': { target: stack.app.url, changeOrigin: false } } },
  });
  await vite.listen();
  stopOnSignals(async () => {
    await vite.close();
    await stack.stop();
  });
  printStack(stack, process.env['PUBLIC_URL']);
} catch (error) {
  console.error(`npm run dev failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
