import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogLevel, Plugin } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));
const PAGE_DB = resolve(root, 'src/offline/db.ts');

/**
 * The service worker's build: the engine's page database (Dexie, src/offline/db.ts) becomes a
 * stub, so Dexie stays out of the worker; the worker passes its own database to every engine call.
 */
function workerWithoutDexie(): Plugin {
  return {
    name: 'worker-without-dexie',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/(^|\/)db(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === PAGE_DB ? resolve(root, 'sw/no-page-db.ts') : null;
    },
  };
}

/**
 * The service worker is built by a second vite build of its own, which would print its full
 * report even when the app's build was asked to be quiet (`npm start` builds with
 * `--logLevel warn`): it writes as much as the app's build does.
 */
let appLogLevel: LogLevel | undefined;
const rememberLogLevel: Plugin = {
  name: 'remember-log-level',
  configResolved(config) {
    appLogLevel = config.logLevel;
  },
};

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    rememberLogLevel,
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      integration: {
        configureCustomSWViteBuild(config) {
          config.logLevel = appLogLevel;
        },
      },
      registerType: 'prompt',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Brick Warehouse',
        short_name: 'Warehouse',
        description: 'Pick, fill and manage a building-brick parts warehouse, online or offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        // The QR code library (0.9 MB) draws only on the manager's Set up devices page, which
        // needs the server anyway: phones do not download it when the app installs.
        globIgnores: ['**/bwip-js-*.js'],
        rollupFormat: 'iife',
        buildPlugins: { vite: [workerWithoutDexie()] },
      },
    }),
  ],
  server: {
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
});
