import { Amount, ledgerHref, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/income-statement'

export const meta: Route.MetaFunction = () => [{ title: title('Income Statement') }]

type IncomeStatement = Statement<'income-statement'>
type Figure = IncomeStatement['net_income']

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'income-statement', ['date_from', 'date_to', 'property_group_id', 'basis', 'compare'])

export default function IncomeStatementPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="income-statement"
      fields={['range', 'property', 'basis', 'compare']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? <IncomeStatementTable report={report} /> : null}
    </StatementPage>
  )
}

function IncomeStatementTable({ report }: { report: IncomeStatement }) {
  const { basis, property_group_id } = report.filters
  const comparison = report.comparison
  // A figure opens the general ledger of the accounts it adds up, over its own period.
  const drill = (accountIds: string[], previous = false) =>
    accountIds.length
      ? ledgerHref({
          account_id: accountIds.join(','),
          date_from: previous ? comparison?.date_from : report.date_from,
          date_to: previous ? comparison?.date_to : report.date_to,
          property_group_id,
          basis,
        })
      : undefined
  const figures = (figure: Figure, accountIds: string[], label: string, strong = false) => (
    <>
      <Amount value={figure.amount} href={drill(accountIds)} label={label} strong={strong} />
      {comparison ? (
        <>
          <Amount value={figure.previous} href={drill(accountIds, true)} label={`${label}, ${comparison.date_from} to ${comparison.date_to}`} strong={strong} />
          <Amount value={figure.change} strong={strong} />
        </>
      ) : null}
    </>
  )
  const columns = comparison ? 4 : 2
  const idsOf = (keys: string[]) => report.sections.filter((s) => keys.includes(s.key)).flatMap((s) => s.rows.map((r) => r.account_id))
  const total = (label: string, figure: Figure, ids: string[]) => (
    <tr>
      <Td className="font-semibold">{label}</Td>
      {figures(figure, ids, label, true)}
    </tr>
  )
  return (
    <StatementTable caption={`Income statement, ${report.date_from} to ${report.date_to}`}>
      <thead>
        <tr>
          <Th>Account</Th>
          <Th numeric>
            {report.date_from} to {report.date_to}
          </Th>
          {comparison ? (
            <>
              <Th numeric>
                {comparison.date_from} to {comparison.date_to}
              </Th>
              <Th numeric>Change</Th>
            </>
          ) : null}
        </tr>
      </thead>
      {report.sections.map((section) => (
        <tbody key={section.key}>
          <tr>
            <th scope="rowgroup" colSpan={columns} className="border-b bg-muted/30 px-3 py-2 text-left font-semibold">
              {section.label}
            </th>
          </tr>
          {section.rows.length === 0 ? (
            <tr>
              <Td colSpan={columns} className="pl-6 text-muted-foreground">
                None
              </Td>
            </tr>
          ) : null}
          {section.rows.map((row) => (
            <tr key={row.account_id}>
              <Td className="pl-6">
                {row.number} · {row.name}
              </Td>
              {figures(row, [row.account_id], row.name)}
            </tr>
          ))}
          {total(`Total ${section.label.toLowerCase()}`, section.total, section.rows.map((r) => r.account_id))}
          {section.key === 'operating_expenses' ? total('Net operating income', report.net_operating_income, idsOf(['income', 'operating_expenses'])) : null}
        </tbody>
      ))}
      <tfoot>{total('Net income', report.net_income, idsOf(report.sections.map((s) => s.key)))}</tfoot>
    </StatementTable>
  )
}
