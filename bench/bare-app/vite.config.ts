import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  build: { target: 'es2022' },
  plugins: [reactRouter()],
})
