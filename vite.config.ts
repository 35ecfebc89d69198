// Builds the browser client (web/client) into web/client/dist; the app server serves that folder.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('./web/client', import.meta.url));
const publicDir = fileURLToPath(new URL('./web/public', import.meta.url));

export default defineConfig({
  root: clientRoot,
  publicDir,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget is on gzipped size (DESIGN.md); this only silences the raw-size warning.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // core/ runs nothing when loaded (it imports nothing but zod and only declares), so a page
      // that takes one name from a capability's index does not load the rest of that capability.
      treeshake: { moduleSideEffects: (id: string) => !id.replaceAll('\\', '/').includes('/core/') },
    },
  },
  server: {
    // In development the app server answers /api; Vite serves the client.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
