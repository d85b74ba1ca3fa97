/**
 * Reading CSV as spreadsheets and other systems write it (RFC 4180 and what
 * Excel does beyond it): quoted fields holding commas, quotes ("") and line
 * breaks; CRLF, LF or CR line ends; a UTF-8 byte-order mark; semicolons or
 * tabs instead of commas (European Excel, "Unicode text"), told apart by the
 * header line.
 */

export type Delimiter = ',' | ';' | '\t'

export type CsvRecord = {
  /** The file's line on which the record starts (the header is line 1), for messages people can find. */
  line: number
  cells: string[]
}

export type CsvTable = { delimiter: Delimiter; header: string[]; records: CsvRecord[] }

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`)
  }
}

const BOM = '\uFEFF'

/** The separator the header line uses most, outside quotes; a comma when it uses none. */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch in counts) counts[ch as Delimiter]++
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',')
  return counts[best] > 0 ? best : ','
}

/**
 * The header and the records under it. Blank lines and rows of empty cells
 * (Excel leaves those after the data) are skipped. A quote that is never
 * closed would swallow the rest of the file, so it is an error naming its line.
 */
export function parseCsv(input: string, options: { delimiter?: Delimiter } = {}): CsvTable {
  const text = input.startsWith(BOM) ? input.slice(1) : input
  const delimiter = options.delimiter ?? detectDelimiter(text)
  const all: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let line = 1
  let recordLine = 1
  let i = 0
  const endCell = () => {
    cells.push(cell)
    cell = ''
  }
  const endRecord = () => {
    endCell()
    if (cells.some((c) => c.trim() !== '')) all.push({ line: recordLine, cells })
    cells = []
  }
  while (i < text.length) {
    const ch = text[i]
    if (ch === '"' && cell.trim() === '') {
      // A quoted field (spaces before its opening quote are Excel's, and dropped).
      const opened = line
      cell = ''
      i++
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError(opened, 'a quoted value is never closed (a " is missing).')
        const q = text[i]
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"'
            i += 2
            continue
          }
          i++
          break
        }
        if (q === '\r' || q === '\n') {
          line++
          if (q === '\r' && text[i + 1] === '\n') {
            cell += '\r'
            i++
          }
        }
        cell += text[i]
        i++
      }
      // Anything between the closing quote and the separator is kept as typed, as Excel does.
      while (i < text.length && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') cell += text[i++]
      continue
    }
    if (ch === delimiter) {
      endCell()
      i++
    } else if (ch === '\n' || ch === '\r') {
      endRecord()
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      recordLine = line
    } else {
      cell += ch
      i++
    }
  }
  if (cell !== '' || cells.length) endRecord()
  const [first, ...records] = all
  return { delimiter, header: first ? first.cells.map((h) => h.trim()) : [], records }
}

/*
 * Writing CSV that is safe to open: a spreadsheet runs a cell starting with
 * = + - @ (or a tab or carriage return before one) as a formula, so such a
 * cell gets a leading apostrophe and shows as the text it is. A plain number
 * in a numeric column ("-12.50") is left alone so it stays a number.
 */

const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** One cell, neutralised and quoted when it holds a separator, quote or line break. */
export function csvCell(value: string | number | null | undefined, numeric = false) {
  const text = value === null || value === undefined ? '' : String(value)
  const safe = FORMULA_START.test(text) && !(numeric && PLAIN_NUMBER.test(text)) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** RFC 4180 text (CRLF line ends) from rows of cells; `numeric(i)` says which columns hold numbers. */
export function writeCsv(rows: readonly (readonly (string | number | null | undefined)[])[], numeric: (column: number) => boolean = () => false) {
  return rows.map((row) => row.map((cell, i) => csvCell(cell, numeric(i))).join(',')).join('\r\n') + '\r\n'
}
