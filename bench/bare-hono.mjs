// The baseline for the API benchmark: one JSON route on bare Hono, served by @hono/node-server.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
app.get('/x', (c) => c.json({ ok: true }))

const port = Number(process.env.PORT ?? 3200)
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => console.log(`[bare-hono] listening on http://127.0.0.1:${info.port}`))
process.on('SIGTERM', () => process.exit(0))
process.on('SIGINT', () => process.exit(0))
