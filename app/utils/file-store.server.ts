import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'

/*
 * Where uploaded files keep their bytes (DESIGN.md §9): local disk under
 * `${DATA_DIR}/files/<company id>/<random>` by default, an S3-compatible
 * bucket when S3_BUCKET is set. Rows in the database hold only the key.
 */

export type FileStore = {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The bytes as a stream, or null when the store has no such file. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>
  delete(key: string): Promise<void>
}

// A company's uuid, then 24 random bytes: unguessable, and never a path outside the company's folder.
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]{32}$/

export function newStorageKey(companyId: string) {
  const key = `${companyId}/${randomBytes(24).toString('base64url')}`
  return checkedKey(key)
}

/**
 * Stores a file's bytes under a new key of its company: the columns every row of a stored file
 * (a document, a photo, a kept upload) carries. Its checksum is the one read with the upload.
 */
export async function storeFile(companyId: string, file: { bytes: Uint8Array; contentType: string; sha256: string }) {
  const storageKey = newStorageKey(companyId)
  await fileStore().put(storageKey, file.bytes, file.contentType)
  return { storageKey, contentType: file.contentType, sizeBytes: file.bytes.byteLength, sha256: file.sha256 }
}

function checkedKey(key: string) {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`)
  return key
}

/** The local store: one file per key, written whole to a temporary name first so a reader never sees half of it. */
export function localFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'))
  return {
    async put(key, bytes) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
      await writeFile(partial, bytes, { flag: 'wx' })
      await rename(partial, file)
    },
    async get(key) {
      const file = fileOf(key)
      try {
        await stat(file)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}

export type S3Config = { bucket: string; region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string }

/** Any S3-compatible bucket (AWS, MinIO, R2, Spaces…): path-style addressing when an endpoint is given. */
export function s3FileStore(config: S3Config): FileStore {
  let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined
  // Loaded on first use: an install on local disk never pays for the SDK.
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: Boolean(config.endpoint),
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Many S3-compatible stores do not know the newer checksum headers; send them only where required.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })))
  return {
    async put(key, bytes, contentType) {
      const { s3, sdk } = await connect()
      await s3.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }))
    },
    async get(key) {
      const { s3, sdk } = await connect()
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }))
        return object.Body ? (object.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null
        throw error
      }
    },
    async delete(key) {
      const { s3, sdk } = await connect()
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }))
    },
  }
}

/** The S3 settings from the environment, or null for local disk; half a configuration is an error, not a silent fallback. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  if (!env.S3_BUCKET) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name])
    if (stray.length) throw new Error(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to store files in S3, or unset them.`)
    return null
  }
  const missing = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name])
  if (missing.length) throw new Error(`S3_BUCKET is set, so ${missing.join(' and ')} must be set too.`)
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  }
}

/** `${DATA_DIR}/files`, DATA_DIR defaulting to ./data as the server's does. */
export function localFilesDir(env: NodeJS.ProcessEnv = process.env) {
  return path.resolve(env.DATA_DIR ?? './data', 'files')
}

let current: { signature: string; store: FileStore } | undefined

/** The store the environment names; read on each call, so a test can point DATA_DIR at a temporary directory. */
export function fileStore(): FileStore {
  const s3 = s3ConfigFromEnv()
  const signature = s3 ? `s3:${s3.endpoint}:${s3.region}:${s3.bucket}:${s3.accessKeyId}` : `local:${localFilesDir()}`
  if (current?.signature !== signature) current = { signature, store: s3 ? s3FileStore(s3) : localFileStore(localFilesDir()) }
  return current.store
}
