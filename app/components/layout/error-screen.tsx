import { isRouteErrorResponse } from 'react-router'
import { NotFoundContent } from './not-found'

/**
 * What a failed page shows (SPEC.md §8): its status and message under "Unexpected Application
 * Error!", or the 404 page. The root shows it alone; the staff area inside its shell, so
 * someone refused a page (403) keeps their sidebar.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent detail={(error.data as { detail?: string } | null)?.detail} />
  let status: number | string = 'Error'
  let message = 'Something went wrong.'
  if (isRouteErrorResponse(error)) {
    status = error.status
    message = (error.data as { detail?: string } | null)?.detail ?? error.statusText ?? message
  } else if (error instanceof Error) {
    message = error.message
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-lg">
        <span className="font-mono font-semibold" data-testid="error-status">
          {status}
        </span>{' '}
        <span data-testid="error-message">{message}</span>
      </p>
      <p>
        <a className="text-primary underline" href="/">
          Go to the home page
        </a>
      </p>
    </div>
  )
}
