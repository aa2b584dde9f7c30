/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { buildConfigGuard } from './tools/buildConfig.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), buildConfigGuard()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // No source maps: Hosting would serve them to anyone, with the full sources inside.
  build: { target: 'es2022', sourcemap: false },
  test: {
    // Unit and component tests only; emulator-backed suites have their own config.
    include: ['src/**/*.test.{ts,tsx}', 'functions/src/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
