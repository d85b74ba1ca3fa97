import { Link } from 'react-router'
import { BankingTabs } from '~/components/ledger/banking'
import { Breadcrumbs, EmptyState } from '~/components/list'
import { ResourceForm, type FormActionData } from '~/components/resource/resource-form'
import { Card, CardContent } from '~/components/ui/card'
import { lookupResource, referenceChoices, saveForm } from '~/resources/engine/pages.server'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/new'

/*
 * Starting a reconciliation is the definition's own new form (the API's fields, read and
 * checked as every resource form is), on a page of the banking section.
 */

export const meta: Route.MetaFunction = () => [{ title: title('Reconcile a Statement') }]

function reconciliations(url: URL) {
  const found = lookupResource('bank-reconciliations', url)
  if ('comingLater' in found) throw new Response('Not found', { status: 404 })
  return found
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { view } = reconciliations(url)
  const { api } = await requireSession({ request, url })
  const chosen = url.searchParams.get('bank_account_id')
  const choices = await referenceChoices(api, view.fields, { selected: { bank_account_id: chosen } })
  // The bank account asked for (from its statement page), else the first one.
  const bank = chosen || choices.bank_account_id?.options[0]?.value
  return { view, choices, preset: bank ? { bank_account_id: bank } : undefined }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { resource, view } = reconciliations(url)
  const { api } = await requireSession({ request, url })
  return saveForm(api, request, resource, view)
}

export default function NewReconciliation({ loaderData, actionData }: Route.ComponentProps) {
  const { view, choices, preset } = loaderData
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: 'Reconciliations', href: '/app/accounting/bank-reconciliations/' }, { label: 'New' }]} />
      <BankingTabs />
      <h1 className="text-2xl font-bold">Reconcile a Statement</h1>
      {preset ? (
        <Card>
          <CardContent className="pt-6">
            <ResourceForm view={view} record={preset} choices={choices} actionData={actionData as FormActionData} submitLabel="Start reconciling" />
          </CardContent>
        </Card>
      ) : (
        <EmptyState title="No bank accounts yet">
          <Link to="/app/accounting/bank-accounts/new/" className="text-primary underline">
            Add a bank account
          </Link>
        </EmptyState>
      )}
    </div>
  )
}
