import type { Config } from '@react-router/dev/config'

// The baseline for `npm run bench`: the smallest React Router v7 framework-mode app,
// server-rendered with the same react-router packages Lintel uses.
export default {
  ssr: true,
  future: { v8_middleware: false },
} satisfies Config
