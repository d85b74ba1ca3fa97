import { parseWithZod } from '@conform-to/zod/v4'
import { NewResidentComment, NewResidentWorkOrder } from '~/api/maintenance/resident-work-orders'
import { requireSession, type PageArgs } from './api-client.server'
import { idempotencyKeyOf, reply, replyWithApiError } from './forms.server'
import { redirectWithToast } from './toast.server'

/*
 * The resident center's work order forms (/rc/work-orders/new/ and a work order's comment form):
 * checked with the API's own schemas, sent to the API, and on a refusal shown again with the API's
 * errors beside their fields and what was typed kept. Plain form posts, so they work without
 * JavaScript.
 */

// A chosen file cannot be put back into a file input: the person picks the photos again.
const HIDE_PHOTOS = { hide: ['photos'] }

/** Reports a work order from the new work order page, then opens it. */
export async function reportWorkOrderAction({ request, url }: PageArgs) {
  const { api } = await requireSession({ request, url })
  const submission = parseWithZod(await request.formData(), { schema: NewResidentWorkOrder })
  if (submission.status !== 'success') return reply(submission, HIDE_PHOTOS)
  const { photos, ...values } = submission.value
  const body = new FormData()
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'boolean') {
      if (value) body.append(name, 'on')
    } else if (value !== undefined) body.append(name, value)
  }
  for (const photo of photos) body.append('photos', photo)
  const result = await api.send<{ id: string }>('POST', 'resident-center/work-orders/', body)
  if (!result.ok) return replyWithApiError(submission, result.error, result.status, HIDE_PHOTOS)
  throw await redirectWithToast(`/rc/work-orders/${result.data.id}/`, { type: 'success', description: 'Thank you: your work order is with the office.' })
}

/** Adds the resident's comment to one of their work orders, then shows it there. */
export async function commentAction({ request, url }: PageArgs, workOrderId: string) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: NewResidentComment })
  if (submission.status !== 'success') return reply(submission)
  const page = `/rc/work-orders/${encodeURIComponent(workOrderId)}/`
  // Sent twice (a double tap, a slow connection), it is one comment: the API answers the repeat.
  const result = await api.send('POST', `resident-center/work-orders/${encodeURIComponent(workOrderId)}/comments/`, submission.value, { idempotencyKey: idempotencyKeyOf(formData) })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast(`${page}#comments`, { type: 'success', description: 'Comment added.' })
}
