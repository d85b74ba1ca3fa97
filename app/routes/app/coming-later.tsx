import { ComingLater, comingLaterLoader, comingLaterMeta } from '~/components/layout/coming-later'
import { STAFF_LATER } from '~/domain/pages'
import { requireGroupOfPage } from '~/utils/permissions.server'
import type { Route } from './+types/coming-later'

export async function loader({ request, url }: Route.LoaderArgs) {
  const data = comingLaterLoader(STAFF_LATER, url)
  await requireGroupOfPage({ request, url })
  return data
}
export const meta: Route.MetaFunction = ({ loaderData }) => comingLaterMeta(loaderData?.page)

export default function StaffComingLater({ loaderData }: Route.ComponentProps) {
  return <ComingLater page={loaderData.page} />
}
