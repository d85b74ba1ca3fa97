import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Domain and ledger code is called by the API, jobs, imports and the assistant alike, so it may not lean on the API (HTTP errors, Hono).
const DOMAIN_DIRS = ['app/domain', 'app/ledger', 'app/leasing']
const API_IMPORT = /\bfrom\s+['"](~\/api(\/[^'"]*)?|hono(\/[^'"]*)?|@hono\/[^'"]+)['"]|\bimport\(\s*['"]~\/api\b/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('domain and ledger code', () => {
  it('imports nothing from the API or Hono', () => {
    const offenders = DOMAIN_DIRS.flatMap(sourceFiles).filter((file) => API_IMPORT.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })
})
