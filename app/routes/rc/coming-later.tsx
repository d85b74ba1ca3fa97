import { ComingLater, comingLaterLoader, comingLaterMeta } from '~/components/layout/coming-later'
import { RESIDENT_LATER } from '~/domain/pages'
import type { Route } from './+types/coming-later'

export const loader = ({ url }: Route.LoaderArgs) => comingLaterLoader(RESIDENT_LATER, url)
export const meta: Route.MetaFunction = ({ loaderData }) => comingLaterMeta(loaderData?.page)

export default function ResidentComingLater({ loaderData }: Route.ComponentProps) {
  return <ComingLater page={loaderData.page} />
}
