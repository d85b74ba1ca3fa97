import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileStore, localFileStore, localFilesDir, newStorageKey, s3ConfigFromEnv, s3FileStore } from './file-store.server'

const read = async (stream: ReadableStream<Uint8Array> | null) => (stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null)

let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lintel-files-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the local file store', () => {
  it('keeps the bytes under <root>/<company id>/<random key> and gives them back unchanged', async () => {
    const store = localFileStore(root)
    const company = randomUUID()
    const key = newStorageKey(company)
    const bytes = new Uint8Array(randomBytes(70_000))
    await store.put(key, bytes, 'application/pdf')
    expect(key.startsWith(`${company}/`)).toBe(true)
    expect(await readdir(path.join(root, company))).toEqual([key.split('/')[1]])
    expect(new Uint8Array(await readFile(path.join(root, ...key.split('/'))))).toEqual(bytes)
    expect(await read(await store.get(key))).toEqual(bytes)

    await store.delete(key)
    expect(await store.get(key)).toBeNull()
    await store.delete(key)
  })

  it('makes a new unguessable key each time, and refuses anything that is not one', async () => {
    const company = randomUUID()
    expect(newStorageKey(company)).not.toBe(newStorageKey(company))
    const store = localFileStore(root)
    for (const key of ['../../etc/passwd', `${company}/../x`, `${company}/short`, 'not-a-company/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']) {
      await expect(store.get(key), key).rejects.toThrow(/Not a storage key/)
    }
    expect(() => newStorageKey('../evil')).toThrow(/Not a storage key/)
  })

  it('lives in DATA_DIR/files unless S3 is configured', () => {
    expect(localFilesDir({ DATA_DIR: '/srv/lintel' })).toBe('/srv/lintel/files')
    expect(localFilesDir({})).toBe(path.resolve('data/files'))
    expect(s3ConfigFromEnv({})).toBeNull()
    const before = process.env.DATA_DIR
    process.env.DATA_DIR = root
    try {
      expect(fileStore()).toBe(fileStore())
    } finally {
      process.env.DATA_DIR = before
    }
  })
})

describe('the S3 settings', () => {
  it('are all or nothing', () => {
    expect(s3ConfigFromEnv({ S3_BUCKET: 'lintel', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' })).toEqual({
      bucket: 'lintel',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    })
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'lintel', S3_ACCESS_KEY_ID: 'AKID' })).toThrow('S3_BUCKET is set, so S3_SECRET_ACCESS_KEY must be set too.')
    expect(() => s3ConfigFromEnv({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_ENDPOINT is set but S3_BUCKET is not')
  })
})

describe('the S3 file store', () => {
  it('puts, gets and deletes objects in the bucket, signed with the access key', async () => {
    const objects = new Map<string, { type: string; body: Buffer }>()
    const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = []
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      seen.push({ method: req.method!, url: req.url!, headers: req.headers })
      const key = decodeURIComponent(new URL(req.url!, 'http://s3').pathname)
      if (req.method === 'PUT') {
        objects.set(key, { type: String(req.headers['content-type']), body: Buffer.concat(chunks) })
        res.writeHead(200, { etag: '"x"' }).end()
      } else if (req.method === 'GET' && objects.has(key)) {
        const object = objects.get(key)!
        res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length }).end(object.body)
      } else if (req.method === 'GET') {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>')
      } else if (req.method === 'DELETE') {
        objects.delete(key)
        res.writeHead(204).end()
      } else res.writeHead(405).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const store = s3FileStore({ bucket: 'lintel-files', region: 'ca-central-1', endpoint, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' })
      const key = newStorageKey(randomUUID())
      const bytes = new Uint8Array(randomBytes(5000))

      await store.put(key, bytes, 'image/png')
      expect(objects.get(`/lintel-files/${key}`)).toEqual({ type: 'image/png', body: Buffer.from(bytes) })
      expect(seen[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ca-central-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/)
      expect(await read(await store.get(key))).toEqual(bytes)

      await store.delete(key)
      expect(objects.size).toBe(0)
      expect(await store.get(key)).toBeNull()
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
