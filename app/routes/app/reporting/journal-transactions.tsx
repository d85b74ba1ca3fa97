import { Amount, EntryLink, entryHref, PagedReport, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/journal-transactions'

export const meta: Route.MetaFunction = () => [{ title: title('Journal Transactions') }]

type Journal = Statement<'journal-transactions'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'journal-transactions', ['date_from', 'date_to', 'source_type', 'property_group_id', 'basis', 'page', 'page_size'])

export default function JournalTransactionsPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="journal-transactions"
      fields={['range', 'source', 'property', 'basis']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? (
        <PagedReport pagination={report.pagination}>
          <JournalTable report={report} />
        </PagedReport>
      ) : null}
    </StatementPage>
  )
}

function JournalTable({ report }: { report: Journal }) {
  return (
    <StatementTable caption={`Journal entries, ${report.date_from} to ${report.date_to}`}>
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Entry</Th>
          <Th>Account</Th>
          <Th>Memo</Th>
          <Th>Property</Th>
          <Th numeric>Debit</Th>
          <Th numeric>Credit</Th>
        </tr>
      </thead>
      {report.entries.length === 0 ? (
        <tbody>
          <tr>
            <Td colSpan={7} className="text-center text-muted-foreground">
              No entries for these filters.
            </Td>
          </tr>
        </tbody>
      ) : null}
      {report.entries.map((entry) => (
        <tbody key={entry.id}>
          <tr className="bg-muted/30">
            <Td className="whitespace-nowrap tabular-nums font-medium">{entry.date}</Td>
            <Td>
              <EntryLink id={entry.id} number={entry.number} />
            </Td>
            <Td className="text-muted-foreground">
              {entry.source_label}
              {entry.basis !== 'BOTH' ? ` · ${entry.basis.toLowerCase()} basis only` : ''}
              {entry.created_by_name ? ` · ${entry.created_by_name}` : ''}
            </Td>
            <Td colSpan={2} className="font-medium">
              {entry.memo}
            </Td>
            <Amount value={entry.total_debit} href={entryHref(entry.id)} label={`entry ${entry.number}, debits`} strong />
            <Amount value={entry.total_credit} href={entryHref(entry.id)} label={`entry ${entry.number}, credits`} strong />
          </tr>
          {entry.lines.map((line, i) => (
            <tr key={i}>
              <Td />
              <Td />
              <Td className="pl-6">{line.account_label}</Td>
              <Td>{line.memo}</Td>
              <Td>{[line.property_group_label, line.rental_unit_label].filter(Boolean).join(', ')}</Td>
              <Amount value={line.debit} />
              <Amount value={line.credit} />
            </tr>
          ))}
        </tbody>
      ))}
      <tfoot>
        <tr>
          <Td colSpan={5} className="font-semibold">
            Total of {report.entry_count} entries
          </Td>
          <Amount value={report.total_debit} strong />
          <Amount value={report.total_credit} strong />
        </tr>
      </tfoot>
    </StatementTable>
  )
}
