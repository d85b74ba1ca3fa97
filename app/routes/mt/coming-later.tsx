import { ComingLater, comingLaterLoader, comingLaterMeta } from '~/components/layout/coming-later'
import { TECHNICIAN_LATER } from '~/domain/pages'
import type { Route } from './+types/coming-later'

export const loader = ({ url }: Route.LoaderArgs) => comingLaterLoader(TECHNICIAN_LATER, url)
export const meta: Route.MetaFunction = ({ loaderData }) => comingLaterMeta(loaderData?.page)

export default function TechnicianComingLater({ loaderData }: Route.ComponentProps) {
  return <ComingLater page={loaderData.page} />
}
