import { data } from 'react-router'
import { ComingLater, comingLaterMeta } from '~/components/layout/coming-later'
import type { PublicCompany } from '~/api/platform/workspace'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import type { Route } from './+types/coming-later'

/*
 * SPEC.md §2's public pages whose capability is not built yet: a company's waitlist answers with
 * its real title; an application form cannot exist yet, so its address is a 404 that says which
 * record is missing.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  if (params.applicationSlug) throw data({ detail: 'No such rental application form.' }, { status: 404 })
  const response = await callApi(`property-management-company/${encodeURIComponent(params.companySlug ?? '')}/`, { request })
  if (!response.ok) throw data({ detail: 'No such company.' }, { status: 404 })
  const company = await readBody<Answer<typeof PublicCompany>>(response)
  return { page: `${company.name} Waitlist` }
}

export const meta: Route.MetaFunction = ({ loaderData }) => comingLaterMeta(loaderData?.page)

export default function PublicComingLater({ loaderData }: Route.ComponentProps) {
  return (
    <div className="px-4 py-10">
      <ComingLater page={loaderData.page} />
    </div>
  )
}
