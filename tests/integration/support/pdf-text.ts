import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib'
import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'

/*
 * What a PDF Lintel made says, page by page: the text its content streams show (the standard fonts
 * write it as hex strings in WinAnsi), each page's runs joined by spaces, so a wrapped paragraph
 * reads as one.
 */

// WinAnsi's characters above ASCII that Lintel's letters use; the rest of Latin-1 maps to itself.
const WIN_ANSI: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x85: '…' }

const decodeHex = (hex: string) => Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16)).map((code) => WIN_ANSI[code] ?? String.fromCharCode(code)).join('')

export async function pdfPages(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) => {
    const contents = page.node.Contents()
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : []
    const operators = streams.map((stream) => Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array()).toString('latin1')).join('\n')
    return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => decodeHex(m[1])).join(' ')
  })
}

/** A POST answered with a file, as an API client downloads it: status, headers and bytes. */
export async function download(path: string, token: string) {
  const response = await getApi().request(`http://lintel.test/api/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.10' } })
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}
