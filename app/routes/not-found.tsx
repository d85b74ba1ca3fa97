import { data } from 'react-router'
import { NotFound } from '~/components/layout/not-found'
import { title } from '~/utils/misc'

export const meta = () => [{ title: title('Page not found') }]

export function loader() {
  throw data({ detail: 'Page not found.' }, { status: 404 })
}

export default function NotFoundRoute() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
