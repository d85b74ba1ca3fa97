import { Amount, EntryLink, entryHref, LedgerEndRow, LedgerStartRow, PagedReport, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/general-ledger'

export const meta: Route.MetaFunction = () => [{ title: title('General Ledger') }]

type GeneralLedger = Statement<'general-ledger'>

export const loader = ({ request, url }: Route.LoaderArgs) =>
  loadStatement({ request, url }, 'general-ledger', ['date_from', 'date_to', 'account_id', 'property_group_id', 'basis', 'page', 'page_size'], { accounts: 'all' })

export default function GeneralLedgerPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  // Several accounts (from a statement's total) are a filter the single-account select cannot show: keep it as it came.
  const several = values.account_id?.includes(',')
  return (
    <StatementPage
      name="general-ledger"
      fields={several ? ['range', 'property', 'basis'] : ['range', 'account', 'property', 'basis']}
      hidden={several ? { account_id: values.account_id } : undefined}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {several ? <p className="text-sm text-muted-foreground">Showing the {report?.accounts.length ?? ''} accounts behind the figure you followed.</p> : null}
      {report ? <GeneralLedgerTables report={report} /> : null}
    </StatementPage>
  )
}

function GeneralLedgerTables({ report }: { report: GeneralLedger }) {
  if (!report.accounts.length) return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No lines and no balance for these filters.</p>
  return (
    <PagedReport pagination={report.pagination}>
      <div className="flex flex-col gap-6">
        {report.accounts.map((account) => (
          <section key={account.account_id} aria-labelledby={`account-${account.account_id}`} className="flex flex-col gap-2">
            <h2 id={`account-${account.account_id}`} className="text-lg font-semibold">
              {account.number} · {account.name}
            </h2>
            <StatementTable caption={`General ledger of ${account.number} ${account.name}, ${report.date_from} to ${report.date_to}`}>
              <thead>
                <tr>
                  <Th>Date</Th>
                  <Th>Entry</Th>
                  <Th>Source</Th>
                  <Th>Memo</Th>
                  <Th>Property, unit, person</Th>
                  <Th numeric>Debit</Th>
                  <Th numeric>Credit</Th>
                  <Th numeric>Balance</Th>
                </tr>
              </thead>
              <tbody>
                <LedgerStartRow slice={account} dateFrom={report.date_from} labelSpan={4} />
                {account.lines.map((line) => (
                  <tr key={line.id}>
                    <Td className="whitespace-nowrap tabular-nums">{line.date}</Td>
                    <Td>
                      <EntryLink id={line.entry_id} number={line.entry_number} />
                    </Td>
                    <Td>{line.source_label}</Td>
                    <Td>{line.memo}</Td>
                    <Td>{[line.property_group_label, line.rental_unit_label, line.resident_label, line.property_owner_label].filter(Boolean).join(', ')}</Td>
                    <Amount value={line.debit} href={entryHref(line.entry_id)} label={`entry ${line.entry_number}, debit`} />
                    <Amount value={line.credit} href={entryHref(line.entry_id)} label={`entry ${line.entry_number}, credit`} />
                    <Amount value={line.balance} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <LedgerEndRow slice={account} dateTo={report.date_to} columns={8}>
                  <tr>
                    <Td className="tabular-nums">{report.date_to}</Td>
                    <Td colSpan={4} className="font-semibold">
                      Closing balance ({account.normal_balance === 'DEBIT' ? 'debit' : 'credit'})
                    </Td>
                    <Amount value={account.total_debit} strong />
                    <Amount value={account.total_credit} strong />
                    <Amount value={account.closing} strong />
                  </tr>
                </LedgerEndRow>
              </tfoot>
            </StatementTable>
          </section>
        ))}
      </div>
    </PagedReport>
  )
}
