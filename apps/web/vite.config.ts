import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies of every text file, at the highest levels, made once here: the server sends
    // them to the browsers that accept them instead of compressing each response again.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: /\.vite[\\/]/ }),
  ],
  server: {
    port: 5173,
    // `ws`: the live games' socket is under /api too.
    proxy: { '/api': { target: apiServer, ws: true }, '/media': apiServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-budget.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Everything
        // else goes with the pages that use it, so that a page loads only its own code and texts.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
