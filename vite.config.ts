import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two builds: the browser bundle (hashed files plus a manifest the server reads) and,
 * with --ssr, the Node bundle of the server and the CLI. Dependencies stay external in
 * the Node bundle and load from node_modules.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        ssr: true,
        target: 'node20',
        rollupOptions: {
          input: { main: 'server/main.ts', cli: 'cli/main.ts' },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: 'client/entry-client.tsx' },
      },
}));
