import { data, Link } from 'react-router'
import type { PublicListingOutput } from '~/api/leasing/listings'
import { PublicPage } from '~/components/marketing'
import { listingStructuredData, PET_POLICIES } from '~/domain/leasing/listings'
import { displayMoney } from '~/domain/money'
import { optionLabel } from '~/resources/engine/fields'
import { UNIT_TYPES } from '~/domain/reference-data'
import { originOf, publicMeta } from '~/marketing/meta'
import { callApi, readBody, type Answer } from '~/utils/api-client.server'
import type { Route } from './+types/listing'

/*
 * A published listing's public page (issue 17 item 1): its photos, rent and details, the address
 * without a map, and how to apply. Plain HTML, no JavaScript needed; search engines read its
 * structured data. A draft or unpublished listing is a 404.
 */

type Listing = Answer<typeof PublicListingOutput>

export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await callApi(`listings/${encodeURIComponent(params.listingId)}/`, { request })
  if (!response.ok) throw data({ detail: 'No such listing. It may have been let already.' }, { status: 404 })
  return { listing: await readBody<Listing>(response) }
}

const rooms = (listing: Pick<Listing, 'bedrooms' | 'bathrooms' | 'area_sq_ft'>) =>
  [
    listing.bedrooms === null ? null : listing.bedrooms === 0 ? 'Studio' : `${listing.bedrooms} bedroom${listing.bedrooms === 1 ? '' : 's'}`,
    listing.bathrooms === null ? null : `${Number(listing.bathrooms)} bath${listing.bathrooms === '1.0' ? '' : 's'}`,
    listing.area_sq_ft ? `${listing.area_sq_ft.toLocaleString('en-CA')} sq ft` : null,
  ].filter(Boolean)

export const meta: Route.MetaFunction = (args) => {
  const listing = args.loaderData?.listing
  if (!listing) return [{ title: 'No such listing | Lintel' }]
  const where = [listing.city, listing.province].filter(Boolean).join(', ')
  return publicMeta(args, {
    title: `${listing.title}${where ? `, ${where}` : ''}`,
    description: `${[...rooms(listing), `${displayMoney(listing.rent, listing.company.currency)} a month`].join(' · ')}. ${listing.description?.slice(0, 140) ?? ''}`.trim(),
  })
}

export default function PublicListingPage({ loaderData, matches }: Route.ComponentProps) {
  const { listing } = loaderData
  const origin = originOf(matches)
  const money = (amount: string | null) => displayMoney(amount, listing.company.currency)
  const address = [listing.street, listing.city, [listing.province, listing.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const structured = listingStructuredData({
    url: `${origin}/listings/${listing.id}/`,
    title: listing.title,
    description: listing.description,
    rent: listing.rent,
    currency: listing.company.currency,
    availableOn: listing.available_on,
    unitType: listing.unit_type,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    areaSqFt: listing.area_sq_ft,
    petPolicy: listing.pet_policy,
    street: listing.street,
    city: listing.city,
    province: listing.province,
    postalCode: listing.postal_code,
    photoUrls: listing.photos.map((p) => origin + p.url),
    companyName: listing.company.name,
  })
  const details: [string, string | null][] = [
    ['Rent', `${money(listing.rent)} a month`],
    ['Deposit', listing.deposit ? money(listing.deposit) : null],
    ['Available', listing.available_on],
    ['Lease', listing.lease_term],
    ['Home', optionLabel(UNIT_TYPES, listing.unit_type)],
    ['Pets', [listing.pet_policy ? optionLabel(PET_POLICIES, listing.pet_policy) : null, listing.pet_terms].filter(Boolean).join('. ') || null],
    ['Parking', listing.parking],
    ['Included', listing.utilities_included],
  ]
  const subject = encodeURIComponent(`Applying for ${listing.title}`)
  return (
    <PublicPage className="gap-10">
      {/* Search engines read the listing from here; `<` is escaped so no text in it can close the script. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, '\\u003c') }} />
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <Link className="underline" to={`/${listing.company.slug}/`}>
          {listing.company.name}
        </Link>{' '}
        / Listing
      </nav>
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{listing.title}</h1>
        <p className="text-lg text-muted-foreground">{address}</p>
        <p className="text-2xl font-semibold">
          {money(listing.rent)} <span className="text-base font-normal text-muted-foreground">a month</span>
        </p>
        <p className="text-muted-foreground">{[...rooms(listing), listing.available_on ? `available ${listing.available_on}` : null].filter(Boolean).join(' · ')}</p>
      </header>

      {listing.photos.length ? (
        <section aria-label="Photos" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {listing.photos.map((photo, i) => (
            <figure key={photo.id} className={i === 0 ? 'sm:col-span-2 lg:col-span-2 lg:row-span-2' : undefined}>
              <img
                src={photo.url}
                alt={photo.caption ?? `${listing.title}, photo ${i + 1}`}
                className="aspect-[4/3] w-full rounded-lg bg-muted object-cover"
                width={800}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
              />
              {photo.caption ? <figcaption className="mt-1 text-sm text-muted-foreground">{photo.caption}</figcaption> : null}
            </figure>
          ))}
        </section>
      ) : null}

      <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-8">
          {listing.description ? (
            <section aria-labelledby="about-heading" className="flex flex-col gap-3">
              <h2 id="about-heading" className="text-xl font-semibold">
                About this home
              </h2>
              {listing.description.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </section>
          ) : null}
          {listing.amenities.length ? (
            <section aria-labelledby="amenities-heading" className="flex flex-col gap-3">
              <h2 id="amenities-heading" className="text-xl font-semibold">
                Amenities
              </h2>
              <ul className="grid list-disc gap-1 pl-5 sm:grid-cols-2">
                {listing.amenities.map((amenity) => (
                  <li key={amenity}>{amenity}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside aria-labelledby="details-heading" className="flex flex-col gap-4 rounded-lg border p-5">
          <h2 id="details-heading" className="text-xl font-semibold">
            Details
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {details
              .filter(([, value]) => value)
              .map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-medium text-muted-foreground">{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <div className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold">Apply</h2>
            {listing.apply_url ? (
              <Link className="inline-flex items-center justify-center rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground" to={listing.apply_url}>
                Apply online
              </Link>
            ) : null}
            {listing.contact_email && !listing.apply_url ? (
              <a className="inline-flex items-center justify-center rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground" href={`mailto:${listing.contact_email}?subject=${subject}`}>
                Apply by e-mail
              </a>
            ) : null}
            {listing.contact_email && listing.apply_url ? (
              <p className="text-sm">
                Questions? <a className="underline" href={`mailto:${listing.contact_email}?subject=${subject}`}>{listing.contact_email}</a>
              </p>
            ) : null}
            {listing.contact_phone ? (
              <p className="text-sm">
                Or call <a className="underline" href={`tel:${listing.contact_phone.replace(/[^\d+]/g, '')}`}>{listing.contact_phone}</a>.
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">Listed by {listing.company.name}.</p>
          </div>
        </aside>
      </div>
    </PublicPage>
  )
}
