// The floor under the rent-account benchmark: a bare node:http server that answers GET /{company}/{lease}
// with the rows of the same statement the API runs, by postgres.js as the tables' owner: no router, no
// sign-in, no row-level security, no shaping of the rows. What an HTTP hop in front of the hand query
// costs on this machine, whatever the application behind it.
import http from 'node:http'
import postgres from 'postgres'

const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} })
const STATEMENT = `
  select l.id as lease_id, l.label as lease_label, jl.id, jl.entry_id, e.number, jl.date::text as date, coalesce(jl.memo, e.memo) as memo, e.source_type, jl.amount
  from leases l
  left join (journal_lines jl
    join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE'
    join journal_entries e on e.id = jl.entry_id) on jl.company_id = l.company_id and jl.lease_id = l.id
  where l.company_id = $1 and l.id = $2
  order by jl.date, e.number, jl.line_number`

const server = http.createServer(async (request, response) => {
  const [, company, lease] = (request.url ?? '').split('/')
  if (!lease) {
    response.end('{"ok":true}')
    return
  }
  const lines = await sql.unsafe(STATEMENT, [company, lease], { prepare: true })
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ lease_id: lease, lines }))
})
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`[bare-rent-account] listening on http://127.0.0.1:${process.env.PORT}`))
process.on('SIGTERM', () => process.exit(0))
process.on('SIGINT', () => process.exit(0))
