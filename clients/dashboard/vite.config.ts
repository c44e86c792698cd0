import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))

/**
 * The dashboard's UI, built offline into `dist/dashboard` (served at `/dashboard` by the production surface).
 * `DASHBOARD_OUT_DIR` builds elsewhere (the tests build a copy of their own).
 */
export default defineConfig({
  root: here,
  base: '/dashboard/',
  plugins: [preact()],
  logLevel: 'warn',
  build: {
    outDir: process.env.DASHBOARD_OUT_DIR ?? fileURLToPath(new URL('../../dist/dashboard', import.meta.url)),
    emptyOutDir: true,
    // No inline script anywhere: the Content-Security-Policy allows scripts from the dashboard's own files only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
})
