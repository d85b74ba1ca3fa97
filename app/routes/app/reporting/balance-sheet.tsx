import { Amount, dayBefore, ledgerHref, reportHref, StatementPage, StatementTable, Td, Th, Unbalanced } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/balance-sheet'

export const meta: Route.MetaFunction = () => [{ title: title('Balance Sheet') }]

type BalanceSheet = Statement<'balance-sheet'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'balance-sheet', ['as_of', 'property_group_id', 'basis'])

export default function BalanceSheetPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="balance-sheet" fields={['as_of', 'property', 'basis']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <BalanceSheetTable report={report} /> : null}
    </StatementPage>
  )
}

function BalanceSheetTable({ report }: { report: BalanceSheet }) {
  const { basis, property_group_id } = report.filters
  const drill = (line: BalanceSheet['sections'][number]['groups'][number]['lines'][number]) => {
    if (line.account_id) return ledgerHref({ account_id: line.account_id, date_from: report.year_start, date_to: report.as_of, property_group_id, basis })
    if (line.computed === 'PRIOR_YEARS_EARNINGS') return reportHref('income-statement', { date_from: report.books_begin, date_to: dayBefore(report.year_start), property_group_id, basis })
    return reportHref('income-statement', { date_from: report.year_start, date_to: report.as_of, property_group_id, basis })
  }
  return (
    <>
      {report.balanced ? null : <Unbalanced difference={report.difference} />}
      <StatementTable caption={`Balance sheet as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Account</Th>
            <Th numeric>Amount</Th>
          </tr>
        </thead>
        {report.sections.map((section) => (
          <tbody key={section.type}>
            <tr>
              <th scope="rowgroup" colSpan={2} className="border-b bg-muted/30 px-3 py-2 text-left text-base font-semibold">
                {section.label}
              </th>
            </tr>
            {section.groups.length === 0 ? (
              <tr>
                <Td colSpan={2} className="pl-6 text-muted-foreground">
                  None
                </Td>
              </tr>
            ) : null}
            {section.groups.map((group) => [
              <tr key={`${group.subtype}-head`}>
                <Td colSpan={2} className="pl-6 font-medium">
                  {group.label}
                </Td>
              </tr>,
              ...group.lines.map((line) => (
                <tr key={line.account_id ?? line.computed}>
                  <Td className="pl-10">{line.number ? `${line.number} · ${line.name}` : line.name}</Td>
                  <Amount value={line.amount} href={drill(line)} label={line.name} />
                </tr>
              )),
              <tr key={`${group.subtype}-total`}>
                <Td className="pl-6">Total {group.label.toLowerCase()}</Td>
                <Amount value={group.total} strong />
              </tr>,
            ])}
            <tr>
              <Td className="font-semibold">Total {section.label.toLowerCase()}</Td>
              <Amount value={section.total} strong />
            </tr>
          </tbody>
        ))}
        <tfoot>
          <tr>
            <Td className="font-semibold">Total liabilities and equity</Td>
            <Amount value={report.total_liabilities_and_equity} strong />
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}
