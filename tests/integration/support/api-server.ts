// The API alone in its own process, on PORT against DATABASE_URL: what the crash test kills with SIGKILL.
import { serve } from '@hono/node-server'
import { getApi } from '~/api'

const api = getApi()
serve({ fetch: (request) => api.fetch(request, { clientIp: '127.0.0.1' }), port: Number(process.env.PORT), hostname: '127.0.0.1' }, (info) => console.log(`listening on ${info.port}`))
