import { data } from 'react-router'
import { NotFound } from '~/components/layout/not-found'

export function loader() {
  throw data({ detail: 'Page not found.' }, { status: 404 })
}

export default function NotFoundRoute() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
