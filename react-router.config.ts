import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // The whole route manifest as one cached file, not a partial one inlined in every page (ADR 005).
  routeDiscovery: { mode: 'initial' },
  future: { v8_middleware: false, v8_passThroughRequests: true, v8_trailingSlashAwareDataRequests: true },
} satisfies Config
