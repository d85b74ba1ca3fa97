import { randomBytes } from 'node:crypto'

/** A PDF-looking file of exactly `size` bytes: the real header, then random bytes. */
export function pdfOf(size = 2048) {
  const bytes = new Uint8Array(randomBytes(size))
  bytes.set(Buffer.from('%PDF-1.7\n'))
  return bytes
}

/** The smallest valid PNG: one transparent pixel. */
export const PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
)

/** A Windows program's first bytes. */
export const PROGRAM = new Uint8Array(Buffer.concat([Buffer.from('MZ'), randomBytes(510)]))

/** A ZIP holding empty entries of these names (stored, no compression): enough for its central directory. */
export function zipOf(names: string[]) {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const name of names) {
    const file = Buffer.from(name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(file.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(file.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, file)
    centrals.push(central, file)
    offset += local.length + file.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(names.length, 8)
  end.writeUInt16LE(names.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}
