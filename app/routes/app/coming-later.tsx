import { ComingLater, comingLaterLoader, comingLaterMeta } from '~/components/layout/coming-later'
import { STAFF_LATER } from '~/domain/pages'
import type { Route } from './+types/coming-later'

export const loader = ({ request }: Route.LoaderArgs) => comingLaterLoader(STAFF_LATER, request)
export const meta: Route.MetaFunction = ({ loaderData }) => comingLaterMeta(loaderData?.page)

export default function StaffComingLater({ loaderData }: Route.ComponentProps) {
  return <ComingLater page={loaderData.page} />
}
