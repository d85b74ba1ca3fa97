// Serves the bare React Router app the way server/http.ts serves Lintel:
// @hono/node-server, compression, static assets, then createRequestHandler.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { createRequestHandler } from 'react-router'

const here = path.dirname(fileURLToPath(import.meta.url))
const build = await import(path.join(here, 'build/server/index.js'))
const clientDir = path.join(here, 'build/client')

const app = new Hono()
const handle = createRequestHandler(build, 'production')
app.use('*', compress())
app.use('/assets/*', serveStatic({ root: clientDir, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }))
app.use('*', serveStatic({ root: clientDir }))
app.all('*', (c) => handle(c.req.raw))

const port = Number(process.env.PORT ?? 3100)
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => console.log(`[bare-app] listening on http://127.0.0.1:${info.port}`))
process.on('SIGTERM', () => process.exit(0))
process.on('SIGINT', () => process.exit(0))
