import { Link } from 'react-router'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { Card, CardContent } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/remittance-letters-new'

/*
 * Where SPEC.md §2 puts a new remittance letter: there is none to write by hand, since every bill
 * payment has its letter; the page says so and leads to paying bills.
 */

export const meta: Route.MetaFunction = () => [{ title: title('New Remittance Letter') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireSession({ request, url })
  return null
}

export default function NewRemittanceLetter() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Remittance Letters', href: '/app/accounting/remittance-letters/' }, { label: 'New' }]} />
      <PageHeader title="New Remittance Letter" />
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6 text-sm">
          <p>Every bill payment has its remittance letter: pay the bills, and each payment’s letter is ready to download or e-mail to its vendor.</p>
          <p className="flex flex-wrap gap-4">
            <Link className="underline" to="/app/accounting/bills/bulk-pay/">
              Pay bills
            </Link>
            <Link className="underline" to="/app/accounting/bills/">
              Open bills
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
