import { describe, expect, it } from 'vitest'
import { zipOf } from '../../tests/factories/files'
import { cleanFileName, contentDisposition, downloadFileName, formatBytes, sniffFileType, zipEntryNames } from './file-types'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)))

describe('sniffFileType', () => {
  it('recognises each accepted kind by its first bytes, whatever the name says', () => {
    expect(sniffFileType(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'photo.png')).toBe('pdf')
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'x.pdf')).toBe('png')
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'scan')).toBe('jpeg')
    expect(sniffFileType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('gif')
    expect(sniffFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp')
    expect(sniffFileType(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBe('heic')
    expect(sniffFileType(bytes('Unit 4 – keys returned.\r\nAll good.\n'), 'notes.txt')).toBe('text')
    expect(sniffFileType(bytes('unit,rent\n101,1450.00\n'), 'Rent Roll.CSV')).toBe('csv')
  })

  it('tells Word and Excel files from other ZIP archives by the parts inside', () => {
    expect(sniffFileType(zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']), 'lease.zip')).toBe('docx')
    expect(sniffFileType(zipOf(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']))).toBe('xlsx')
    expect(sniffFileType(zipOf(['payload.exe', 'readme.txt']), 'lease.docx')).toBeNull()
    expect(sniffFileType(zipOf(['[Content_Types].xml', 'word/document.xml']).subarray(0, 60), 'cut.docx')).toBeNull()
  })

  it('refuses programs, web pages, scripts and empty files however they are named', () => {
    expect(sniffFileType(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]), 'lease.pdf')).toBeNull()
    expect(sniffFileType(bytes([0x7f], 'ELF', [2, 1, 1]), 'photo.jpg')).toBeNull()
    expect(sniffFileType(bytes('<!DOCTYPE html><html><script>alert(1)</script>'), 'notes.txt')).toBeNull()
    expect(sniffFileType(bytes('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.txt')).toBeNull()
    expect(sniffFileType(bytes('<?xml version="1.0"?><x/>'), 'data.csv')).toBeNull()
    expect(sniffFileType(bytes([0x68, 0x69, 0x00, 0x01]), 'nul.txt')).toBeNull()
    expect(sniffFileType(bytes([0xc3, 0x28]), 'bad-utf8.txt')).toBeNull()
    expect(sniffFileType(new Uint8Array(0), 'empty.txt')).toBeNull()
  })
})

describe('zipEntryNames', () => {
  it('lists the central directory, and gives up on bytes that are not a ZIP', () => {
    expect([...zipEntryNames(zipOf(['a.txt', 'dir/b.xml']))!]).toEqual(['a.txt', 'dir/b.xml'])
    expect(zipEntryNames(bytes('PK', [3, 4], 'no directory here'))).toBeNull()
  })
})

describe('file names', () => {
  it('keeps only the last path part, without control or quoting characters', () => {
    expect(cleanFileName('C:\\Users\\ada\\Lease "final".pdf')).toBe('Lease final.pdf')
    expect(cleanFileName('../../etc/passwd')).toBe('passwd')
    expect(cleanFileName('..hidden\u0000name\r\n.txt')).toBe('hidden name.txt')
    expect(cleanFileName('   ')).toBe('')
    expect(cleanFileName('x'.repeat(500))).toHaveLength(200)
  })

  it('saves a download with the extension of what the file really is', () => {
    expect(downloadFileName('Lease 2026', 'pdf')).toBe('Lease 2026.pdf')
    expect(downloadFileName('Lease 2026.pdf', 'pdf')).toBe('Lease 2026.pdf')
    expect(downloadFileName('invoice.html', 'png')).toBe('invoice.png')
    expect(downloadFileName('', 'docx')).toBe('file.docx')
  })

  it('sends an ASCII name and the exact name in Content-Disposition', () => {
    expect(contentDisposition('attachment', 'Bail signé (2026).pdf')).toBe(`attachment; filename="Bail sign_ (2026).pdf"; filename*=UTF-8''Bail%20sign%C3%A9%20%282026%29.pdf`)
    expect(contentDisposition('inline', 'a"b\\c.png')).toBe(`inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`)
  })

  it('shows sizes as people read them', () => {
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(900)).toBe('900 bytes')
    expect(formatBytes(812 * 1024)).toBe('812 KB')
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB')
    expect(formatBytes(2.44 * 1024 * 1024)).toBe('2.4 MB')
  })
})
