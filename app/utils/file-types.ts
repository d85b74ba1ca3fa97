/**
 * What a file really is, read from its first bytes (its "magic number"): the
 * type a browser or client claims is only a hint, and a renamed program or
 * web page must not be stored as a PDF. Only the types of FILE_TYPES are ever
 * recognised; anything else is refused by whoever asks.
 */

export const FILE_TYPES = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF' },
  png: { contentType: 'image/png', extension: 'png', label: 'PNG image' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG image' },
  webp: { contentType: 'image/webp', extension: 'webp', label: 'WebP image' },
  gif: { contentType: 'image/gif', extension: 'gif', label: 'GIF image' },
  heic: { contentType: 'image/heic', extension: 'heic', label: 'HEIC image' },
  text: { contentType: 'text/plain', extension: 'txt', label: 'plain text' },
  csv: { contentType: 'text/csv', extension: 'csv', label: 'CSV' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', label: 'Word document (.docx)' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', label: 'Excel workbook (.xlsx)' },
} as const

export type FileKind = keyof typeof FILE_TYPES

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b)
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))
const asciiAt = (bytes: Uint8Array, offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length))

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])
// Markup in a "text" file would be a web page or script once someone opened it in a browser.
const MARKUP = /^\s*<(!doctype|html|head|body|script|svg|\?xml|iframe|object)\b/i

/**
 * The kind of file these bytes are, or null when it is none of the kinds we
 * keep. `name` only decides between plain text and CSV, which look alike.
 */
export function sniffFileType(bytes: Uint8Array, name = ''): FileKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (asciiAt(bytes, 4, 4) === 'ftyp' && HEIC_BRANDS.has(asciiAt(bytes, 8, 4))) return 'heic'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKind(bytes)
  if (isPlainText(bytes)) return /\.csv$/i.test(name.trim()) ? 'csv' : 'text'
  return null
}

/** UTF-8 without control characters (tabs and line breaks aside), and not markup. */
function isPlainText(bytes: Uint8Array) {
  if (!bytes.length) return false
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return false
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what binary files have and text does not
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false
  return !MARKUP.test(text.replace(/^\uFEFF/, ''))
}

/**
 * A ZIP is an Office Open XML file when its central directory lists the parts
 * Word or Excel write; any other archive is refused.
 */
function officeKind(bytes: Uint8Array): FileKind | null {
  const names = zipEntryNames(bytes)
  if (!names || !names.has('[Content_Types].xml')) return null
  if (names.has('word/document.xml')) return 'docx'
  if (names.has('xl/workbook.xml')) return 'xlsx'
  return null
}

/** The file names in a ZIP's central directory, or null when it has none that can be read. */
export function zipEntryNames(bytes: Uint8Array): Set<string> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end-of-central-directory record is 22 bytes plus a comment of at most 65535.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff)
  let end = -1
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) return null
  const entries = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  const names = new Set<string>()
  const decoder = new TextDecoder()
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null
    const nameLength = view.getUint16(offset + 28, true)
    const extraLength = view.getUint16(offset + 30, true)
    const commentLength = view.getUint16(offset + 32, true)
    names.add(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)))
    offset += 46 + nameLength + extraLength + commentLength
  }
  return names
}

/**
 * A name safe to store and to show: no path, no control or quoting
 * characters, at most 200 characters; empty when nothing is left.
 */
export function cleanFileName(name: string) {
  return (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/"/g, '')
    // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
    .replace(/[\u0000-\u001f\u007f*:<>?|;]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ (\.[^.\s]+)$/, '$1')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200)
    .trim()
}

const KNOWN_EXTENSIONS = new RegExp(`\\.(${[...Object.values(FILE_TYPES).map((t) => t.extension), 'jpeg', 'heif', 'htm', 'html', 'exe'].join('|')})$`, 'i')

/** The name a download is saved under: the stored name with the extension of what the file really is. */
export function downloadFileName(name: string, kind: FileKind) {
  const stem = cleanFileName(name).replace(KNOWN_EXTENSIONS, '').trim() || 'file'
  return `${stem}.${FILE_TYPES[kind].extension}`
}

/** The kind of a stored content type (the reverse of FILE_TYPES). */
export function kindOfContentType(contentType: string): FileKind | null {
  const entry = Object.entries(FILE_TYPES).find(([, t]) => t.contentType === contentType)
  return entry ? (entry[0] as FileKind) : null
}

/** `Content-Disposition` for a stored name: an ASCII fallback plus the exact name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_')
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`
}

/** "2.4 MB", "812 KB", "93 bytes": a size as people read it. */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
}
