import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { ChangePasswordBody } from '~/api/platform/auth'
import { requireSession, type PageArgs } from './api-client.server'
import { reply, replyWithApiError } from './forms.server'
import { redirectWithToast } from './toast.server'

const ChangePasswordForm = ChangePasswordBody.and(z.object({ confirm_password: z.string() })).superRefine((v, ctx) => {
  if (v.new_password !== v.confirm_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'The two passwords do not match.' })
})

const SECRET_FIELDS = ['current_password', 'new_password', 'confirm_password']

/** The action behind every area's change-password page; `home` is where to go afterwards. */
export async function changePasswordAction({ request, url }: PageArgs, home: string) {
  const { api } = await requireSession({ request, url })
  const submission = parseWithZod(await request.formData(), { schema: ChangePasswordForm })
  if (submission.status !== 'success') return reply(submission, { hide: SECRET_FIELDS })
  const { current_password, new_password } = submission.value
  const result = await api.send('PUT', 'auth/change-password', { current_password, new_password })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status, { hide: SECRET_FIELDS })
  throw await redirectWithToast(home, { type: 'success', description: 'Your password has been changed; your other sessions are signed out.' })
}
