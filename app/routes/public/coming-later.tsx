import { data } from 'react-router'
import { ComingLater, comingLaterMeta } from '~/components/layout/coming-later'
import type { Route } from './+types/coming-later'

/*
 * SPEC.md §2's public page whose capability is not built yet: an application form cannot exist
 * yet, so its address is a 404 that says which record is missing.
 */

export function loader(): { page: string } {
  throw data({ detail: 'No such rental application form.' }, { status: 404 })
}

export const meta: Route.MetaFunction = ({ loaderData }) => comingLaterMeta(loaderData?.page)

export default function PublicComingLater({ loaderData }: Route.ComponentProps) {
  return (
    <div className="px-4 py-10">
      <ComingLater page={loaderData.page} />
    </div>
  )
}
