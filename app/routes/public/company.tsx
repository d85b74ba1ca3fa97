import { data, Link } from 'react-router'
import type { PublicCompany } from '~/api/platform/workspace'
import { PageIntro, PublicPage } from '~/components/marketing'
import { displayMoney } from '~/domain/money'
import { publicMeta } from '~/marketing/meta'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import type { Route } from './+types/company'

/*
 * A company's public page at /{its address}/ (issue 17 item 1): its published listings, soonest
 * available first, each linking to its own page. Plain HTML, no JavaScript needed. An address no
 * company has is a 404.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await callApi(`property-management-company/${encodeURIComponent(params.companySlug)}/`, { request })
  if (!response.ok) throw data({ detail: 'No company has this address.' }, { status: 404 })
  return { company: await readBody<Answer<typeof PublicCompany>>(response) }
}

export const meta: Route.MetaFunction = (args) => {
  const company = args.loaderData?.company
  if (!company) return [{ title: 'Page not found | Lintel' }]
  const count = company.listings.length
  return publicMeta(args, {
    title: `Homes for rent from ${company.name}`,
    description: `${count ? `${count} home${count === 1 ? '' : 's'} for rent` : 'Homes for rent'} from ${company.name}${company.city ? ` in ${company.city}` : ''}: photos, rent and how to apply.`,
  })
}

export default function CompanyListings({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData
  return (
    <PublicPage className="gap-10">
      <PageIntro
        title={`Homes for rent from ${company.name}`}
        lead={
          <>
            {[company.city, company.province].filter(Boolean).join(', ')}
            {company.phone ? ` · ${company.phone}` : ''}
            {company.email ? (
              <>
                {' · '}
                <a className="underline" href={`mailto:${company.email}`}>
                  {company.email}
                </a>
              </>
            ) : null}
          </>
        }
      />
      {company.listings.length ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Listings">
          {company.listings.map((listing, i) => (
            <li key={listing.id} className="flex flex-col overflow-hidden rounded-lg border">
              {listing.photo_url ? (
                <img src={listing.photo_url} alt="" className="aspect-[4/3] w-full bg-muted object-cover" width={400} height={300} loading={i < 3 ? 'eager' : 'lazy'} decoding="async" />
              ) : (
                <div className="aspect-[4/3] w-full bg-muted" aria-hidden />
              )}
              <div className="flex flex-col gap-1 p-4">
                <h2 className="text-lg font-semibold">
                  <Link className="underline-offset-4 hover:underline" to={`/listings/${listing.id}/`}>
                    {listing.title}
                  </Link>
                </h2>
                <p className="font-semibold">{displayMoney(listing.rent, company.currency)} a month</p>
                <p className="text-sm text-muted-foreground">
                  {[
                    listing.bedrooms === null ? null : listing.bedrooms === 0 ? 'Studio' : `${listing.bedrooms} bed`,
                    listing.bathrooms === null ? null : `${Number(listing.bathrooms)} bath`,
                    listing.city,
                    listing.available_on ? `available ${listing.available_on}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">
          No homes are available right now.{' '}
          <Link className="underline" to={`/${company.slug}/waitlist/`}>
            Join the waitlist
          </Link>{' '}
          to hear when one is.
        </p>
      )}
    </PublicPage>
  )
}
