import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig(({ isSsrBuild }) => ({
  // The production server (server/app.ts) is bundled into the SSR build so it
  // shares one module graph with the routes: one database pool, one API app.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' } : { target: 'es2022' },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}))
