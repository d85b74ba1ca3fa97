import { requireSession } from '~/utils/api-client.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/eft-file-download'

/**
 * The EFT payment file's form posts here: the file from the API, passed through as a download (a
 * native form submission, so it works with and without JavaScript). A refusal goes back to the
 * page with what the API said.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const form = await request.formData()
  const bankAccountId = String(form.get('bank_account_id') ?? '')
  const body = { bank_account_id: bankAccountId, bill_payment_ids: form.getAll('bill_payment_ids').map(String) }
  const response = await api.raw('reporting/generate-eft-payment-file/', 'POST', body)
  if (response.ok) return new Response(response.body, { headers: { 'content-type': response.headers.get('content-type')!, 'content-disposition': response.headers.get('content-disposition')! } })
  const error = (await response.json()) as { detail?: string; errors?: Record<string, string[]> }
  const description = [...new Set([error.detail, ...Object.values(error.errors ?? {}).flat()].filter(Boolean))].join(' ')
  throw await redirectWithToast(`/app/reporting/generate-eft-payment-file/?bank_account_id=${encodeURIComponent(bankAccountId)}`, { type: 'error', description })
}
