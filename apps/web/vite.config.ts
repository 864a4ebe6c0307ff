import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { chunkFor } from './chunking.ts'
import { inlineScript } from './inline-script-plugin.ts'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [inlineScript(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    target: 'es2020',
    assetsInlineLimit: 0,
    rollupOptions: {
      // The server is one file (build/server/index.js, which utils/inline-css.server.ts finds
      // the browser's files from): what pages import later is split for browsers only.
      output: isSsrBuild
        ? { inlineDynamicImports: true }
        : {
            // zod in a chunk of its own: pages that validate in the browser load it after they
            // are shown, and without this Rollup merges it into a chunk those pages load first
            // (F4). Shared code in two files rather than one per set of pages (chunking.ts).
            manualChunks: (id, { getModuleInfo }) => chunkFor(id, getModuleInfo),
          },
    },
  },
  server: { host: '127.0.0.1' },
}))
