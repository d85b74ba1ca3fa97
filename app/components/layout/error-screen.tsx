import { isRouteErrorResponse } from 'react-router'
import { NotFoundContent } from './not-found'

/**
 * What the error screen's heading (and the page's title) says: a page the person may not open
 * (403) is no crash, and says so plainly; anything else falls back to the generic screen.
 */
export function errorHeading(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) return 'Page not found'
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) return 'You do not have access to this page'
  return 'Unexpected Application Error!'
}

/**
 * What a failed page shows (SPEC.md §8): its status and message under "Unexpected Application
 * Error!", or the 404 page; a page refused for a permission under a heading that says so. The root
 * shows it alone; the staff area inside its shell, so someone refused a page (403) keeps their sidebar.
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
      <h1 className="text-2xl font-bold">{errorHeading(error)}</h1>
      <p className="text-lg">
        <span className="font-mono font-semibold" data-testid="error-status">
          {status}
        </span>{' '}
        <span data-testid="error-message">{message}</span>
      </p>
      {isRouteErrorResponse(error) && error.status === 403 ? <p className="text-muted-foreground">A company administrator can give you the permission under Management Company, Property Managers.</p> : null}
      <p>
        <a className="text-primary underline" href="/">
          Go to the home page
        </a>
      </p>
    </div>
  )
}
