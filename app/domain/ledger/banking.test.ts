import { describe, expect, it } from 'vitest'
import { ofxAmount, parseOfx, parseStatement, parseStatementCsv, reconciliationDifference, statementAmount, statementDate, suggestMatches } from './banking'

const OFX_SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1>
<SONRS>
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<DTSERVER>20260302120000[-5:EST]
<LANGUAGE>ENG
</SONRS>
</SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<STMTRS>
<CURDEF>CAD
<BANKACCTFROM>
<BANKID>000312345
<ACCTID>1234567
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20260201
<DTEND>20260228
<STMTTRN>
<TRNTYPE>DEP
<DTPOSTED>20260203120000[-5:EST]
<TRNAMT>2450.00
<FITID>90000010203
<NAME>DEPOSIT
<MEMO>BRANCH DEPOSIT 0312
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260210
<TRNAMT>-132.45
<FITID>90000010210
<NAME>HYDRO OTTAWA
<MEMO>PREAUTHORIZED DEBIT
</STMTTRN>
<STMTTRN>
<TRNTYPE>FEE
<DTPOSTED>20260228
<TRNAMT>-4.95
<FITID>90000010228
<NAME>MONTHLY FEE &amp; CHARGES
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>2312.60
<DTASOF>20260228
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`

const OFX_XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKTRANLIST>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20260115000000.000[-8:PST]</DTPOSTED><TRNAMT>+1,25</TRNAMT><FITID>A-1</FITID><NAME>Interest</NAME></STMTTRN>
<STMTTRN><TRNTYPE>CHECK</TRNTYPE><DTPOSTED>20260116</DTPOSTED><TRNAMT>-800.00</TRNAMT><FITID>A-2</FITID><NAME>CHECK 1042</NAME><MEMO>CHECK 1042</MEMO></STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`

describe('reading statement values', () => {
  it('reads dates written by banks and refuses impossible ones', () => {
    expect(statementDate('20260203120000[-5:EST]')).toBe('2026-02-03')
    expect(statementDate('2026-02-03')).toBe('2026-02-03')
    expect(statementDate('2/3/2026')).toBe('2026-02-03')
    expect(statementDate('02/30/2026')).toBeNull()
    expect(statementDate('yesterday')).toBeNull()
  })

  it('reads amounts with currency signs, parentheses and trailing minus in the chosen number format, never as floats', () => {
    expect(statementAmount('$1,250.10', 'en')).toBe(125010)
    expect(statementAmount('(45.10)', 'en')).toBe(-4510)
    expect(statementAmount('45.10-', 'en')).toBe(-4510)
    expect(statementAmount('0.1', 'en')).toBe(10)
    expect(statementAmount('+1,25', 'fr')).toBe(125)
    expect(statementAmount('1 250,10 $', 'fr')).toBe(125010)
    expect(statementAmount('(45,10)', 'fr')).toBe(-4510)
    expect(statementAmount('12.345', 'en')).toBeNull()
    expect(statementAmount('abc', 'en')).toBeNull()
  })

  it('refuses an amount the chosen format would not write, instead of reading it 100 times too large or small', () => {
    expect(statementAmount('1,25', 'en')).toBeNull()
    expect(statementAmount('12,50', 'en')).toBeNull()
    expect(statementAmount('1,250.00', 'fr')).toBeNull()
    const parsed = parseStatementCsv('Date,Description,Amount\n2026-03-02,Deposit,"12,50"\n', 'en')
    expect(parsed.lines).toEqual([])
    expect(parsed.errors).toEqual(['Line 2: "12,50" is not an amount written the English (1,250.00) way.'])
    expect(parseStatementCsv('Date;Description;Amount\n2026-03-02;Deposit;12,50\n', 'fr').lines[0].amount).toBe(1250)
  })

  it('reads OFX amounts with a decimal point or comma', () => {
    expect(ofxAmount('-45.10')).toBe(-4510)
    expect(ofxAmount('45,10')).toBe(4510)
    expect(ofxAmount('+.5')).toBe(50)
    expect(ofxAmount('1,250.00')).toBeNull()
  })
})

describe('OFX statements', () => {
  it('reads an OFX 1.x SGML file: every STMTTRN with its date, signed amount, FITID and name', () => {
    const parsed = parseStatement(OFX_SGML)
    expect(parsed.format).toBe('OFX')
    expect(parsed.errors).toEqual([])
    expect(parsed.lines).toEqual([
      { date: '2026-02-03', amount: 245000, externalId: '90000010203', description: 'DEPOSIT · BRANCH DEPOSIT 0312' },
      { date: '2026-02-10', amount: -13245, externalId: '90000010210', description: 'HYDRO OTTAWA · PREAUTHORIZED DEBIT' },
      { date: '2026-02-28', amount: -495, externalId: '90000010228', description: 'MONTHLY FEE & CHARGES' },
    ])
  })

  it('reads an OFX 2.x XML file, and keeps a memo equal to the name once', () => {
    const parsed = parseStatement(OFX_XML)
    expect(parsed.format).toBe('OFX')
    expect(parsed.lines).toEqual([
      { date: '2026-01-15', amount: 125, externalId: 'A-1', description: 'Interest' },
      { date: '2026-01-16', amount: -80000, externalId: 'A-2', description: 'CHECK 1042' },
    ])
  })

  it('names a transaction it cannot read and keeps the others', () => {
    const parsed = parseOfx('<OFX><STMTTRN><DTPOSTED>2026XX<TRNAMT>1.00<FITID>1</STMTTRN><STMTTRN><DTPOSTED>20260101<TRNAMT>2.00<FITID>2</STMTTRN></OFX>')
    expect(parsed.lines.map((l) => l.externalId)).toEqual(['2'])
    expect(parsed.errors).toEqual(['Transaction 1: DTPOSTED "2026XX" is not a date.'])
    expect(parseOfx('<OFX></OFX>').errors[0]).toMatch(/no transactions/)
  })
})

describe('CSV statements', () => {
  it('reads a date, description and signed amount, with MM/DD/YYYY dates and a hash as the id', () => {
    const parsed = parseStatement('Transaction Date,Description,Amount\n03/02/2026,Deposit,"2,450.00"\n03/05/2026,HYDRO OTTAWA,-132.45\n')
    expect(parsed.format).toBe('CSV')
    expect(parsed.errors).toEqual([])
    expect(parsed.lines.map(({ date, description, amount }) => ({ date, description, amount }))).toEqual([
      { date: '2026-03-02', description: 'Deposit', amount: 245000 },
      { date: '2026-03-05', description: 'HYDRO OTTAWA', amount: -13245 },
    ])
    expect(parsed.lines[0].externalId).toMatch(/^csv:[0-9a-f]{32}$/)
  })

  it('reads debit and credit columns as money out and money in', () => {
    const parsed = parseStatementCsv('Date,Payee,Withdrawals,Deposits\n2026-03-02,Rent deposit,,1200.00\n2026-03-03,Plumber,350.00,\n')
    expect(parsed.lines.map((l) => l.amount)).toEqual([120000, -35000])
  })

  it('gives the same ids on a second read, and two identical rows two ids', () => {
    const csv = 'Date,Description,Amount\n2026-03-02,Coffee,-3.50\n2026-03-02,Coffee,-3.50\n'
    const first = parseStatementCsv(csv).lines.map((l) => l.externalId)
    expect(new Set(first).size).toBe(2)
    expect(parseStatementCsv(csv).lines.map((l) => l.externalId)).toEqual(first)
  })

  it('uses the bank’s own id column when there is one', () => {
    expect(parseStatementCsv('Date,Description,Amount,Transaction ID\n2026-03-02,Fee,-1.00,TX-9\n').lines[0].externalId).toBe('TX-9')
  })

  it('names the rows it cannot read, and the columns it needs', () => {
    const parsed = parseStatementCsv('Date,Description,Amount\n2026-13-01,Bad date,1.00\n2026-03-02,Zero,0\n2026-03-03,Fine,1.00\n')
    expect(parsed.lines).toHaveLength(1)
    expect(parsed.errors).toEqual(['Line 2: "2026-13-01" is not a date (write YYYY-MM-DD or MM/DD/YYYY).', 'Line 3: no amount other than zero.'])
    expect(parseStatementCsv('When,What,How much\n1,2,3\n').errors[0]).toMatch(/needs a date column .* and an Amount column, or a Debit and a Credit column; it has: When, What, How much/)
  })
})

describe('suggested matches', () => {
  const candidate = (id: string, date: string, amount: number, memo: string | null = null, entryNumber = 1) => ({ id, date, amount, memo, entryNumber })

  it('offers lines of the same amount within five days, closest date first, then a shared word', () => {
    const suggestions = suggestMatches({ date: '2026-03-10', amount: -13245, description: 'HYDRO OTTAWA PAD' }, [
      candidate('far', '2026-03-16', -13245),
      candidate('other-amount', '2026-03-10', -13246),
      candidate('two-days', '2026-03-08', -13245, null, 1),
      candidate('two-days-hydro', '2026-03-12', -13245, 'Hydro bill', 9),
      candidate('five-days', '2026-03-05', -13245),
    ])
    expect(suggestions.map((s) => s.id)).toEqual(['two-days-hydro', 'two-days', 'five-days'])
  })
})

describe('reconciliation difference', () => {
  it('is the ending balance less the opening balance and the cleared items', () => {
    expect(reconciliationDifference({ statementEndingBalance: 100000, openingBalance: 25000, clearedTotal: 75000 })).toBe(0)
    expect(reconciliationDifference({ statementEndingBalance: 100000, openingBalance: 25000, clearedTotal: 70000 })).toBe(5000)
  })
})
