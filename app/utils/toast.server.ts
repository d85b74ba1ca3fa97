import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import { secureCookies } from './session.server'

export const ToastSchema = z.object({
  /** Each toast's own: a page that shows a second toast draws it afresh, so its 5 s start again. */
  id: z.string().optional(),
  type: z.enum(['success', 'error', 'info']).default('info'),
  title: z.string().optional(),
  description: z.string(),
})
export type Toast = z.infer<typeof ToastSchema>

const toastCookie = createCookie('lintel_toast', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60, secure: secureCookies() })

export async function toastHeader(toast: z.input<typeof ToastSchema>) {
  return toastCookie.serialize(JSON.stringify(ToastSchema.parse({ ...toast, id: toast.id ?? crypto.randomUUID() })))
}

/** A redirect that shows a toast on the next page, however many redirects later. */
export async function redirectWithToast(url: string, toast: z.input<typeof ToastSchema>, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers)
  headers.append('set-cookie', await toastHeader(toast))
  return redirect(url, { headers })
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const header = request.headers.get('cookie')
  if (!header?.includes('lintel_toast=')) return { toast: null, clear: null }
  const raw = await toastCookie.parse(header)
  const parsed = typeof raw === 'string' ? ToastSchema.safeParse(safeJson(raw)) : null
  return { toast: parsed?.success ? parsed.data : null, clear: await toastCookie.serialize('', { maxAge: 0 }) }
}

function safeJson(s: string) {
  try {
    return JSON.parse(s)
  } catch {
    return null
  }
}
