import { createRoute, z } from '@hono/zod-openapi'
import {
  COUNTRIES,
  COUNTRY_CODES,
  countryOfDivision,
  divisionsOf,
  findCities,
  isDivisionOf,
  ISO_COUNTRIES,
  parseCities,
  type CityIndex,
} from '~/domain/geo'
import {
  APPLIANCE_TYPES,
  DAYS_OF_WEEK,
  DOCUMENT_TYPES,
  PARKING_SPACE_TYPES,
  PAYMENT_FREQUENCIES,
  PET_TYPES,
  UNIT_TYPES,
  valuesOf,
  type Choice,
} from '~/domain/reference-data'
import { VENDOR_CREDIT_TYPES } from '~/domain/payables/vendor-credits'
import { createRouter } from '../create-app'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, page, pageOf } from '../pagination'

const TAGS = ['Reference data']

export const router = createRouter()

/** One fixed list: `GET {path}` answers every entry, in the order a form should offer them. */
function choiceList<S extends z.ZodType>(path: string, summary: string, item: S, entries: z.infer<S>[]) {
  router.openapi(
    createRoute({
      method: 'get',
      path,
      tags: TAGS,
      summary,
      ...signedIn(),
      responses: { 200: jsonResponse(z.array(item), 'Every entry; `value` is what other resources store'), ...errorResponses(401) },
    }),
    (c) => c.json(entries, 200),
  )
}

const choiceItem = <E extends z.ZodRawShape>(list: readonly Choice[], name: string, extra?: E) =>
  z
    .object({ value: z.enum(valuesOf(list)), label: z.string().openapi({ description: 'For people; may be reworded' }), ...(extra as E) })
    .openapi(name)
const plain = (list: readonly Choice[]) => list.map(({ value, label }) => ({ value, label }))

choiceList('/unit-types', 'The kinds of rental unit', choiceItem(UNIT_TYPES, 'UnitType'), plain(UNIT_TYPES))
choiceList('/pet-types', 'The kinds of pet a resident may keep', choiceItem(PET_TYPES, 'PetType'), plain(PET_TYPES))
choiceList('/document-types', 'The kinds of document that can be stored', choiceItem(DOCUMENT_TYPES, 'DocumentType'), plain(DOCUMENT_TYPES))
choiceList('/appliance-types', 'The kinds of appliance a unit can have', choiceItem(APPLIANCE_TYPES, 'ApplianceType'), plain(APPLIANCE_TYPES))
choiceList(
  '/parking-space-types',
  'The kinds of parking space',
  choiceItem(PARKING_SPACE_TYPES, 'ParkingSpaceType'),
  plain(PARKING_SPACE_TYPES),
)
choiceList(
  '/payment-frequencies',
  'How often a recurring amount falls due',
  choiceItem(PAYMENT_FREQUENCIES, 'PaymentFrequency', {
    periods_per_year: z.number().int().nullable().openapi({ description: 'How many times a year it falls due; null for one-time' }),
  }),
  PAYMENT_FREQUENCIES.map(({ value, label, periodsPerYear }) => ({ value, label, periods_per_year: periodsPerYear })),
)
choiceList('/vendor-credit-types', 'Why a vendor gives a credit: a vendor credit’s `credit_type`', choiceItem(VENDOR_CREDIT_TYPES, 'VendorCreditType'), plain(VENDOR_CREDIT_TYPES))
choiceList(
  '/days-of-week',
  'The days of the week, Monday first',
  choiceItem(DAYS_OF_WEEK, 'DayOfWeek', {
    iso_weekday: z.number().int().min(1).max(7).openapi({ description: 'ISO 8601: Monday 1 … Sunday 7' }),
  }),
  DAYS_OF_WEEK.map(({ value, label, isoWeekday }) => ({ value, label, iso_weekday: isoWeekday })),
)

const Country = z.object({ code: z.string().openapi({ example: 'CA' }), name: z.string() }).openapi('Country')
const State = z.object({ code: z.string().openapi({ example: 'ON' }), name: z.string(), country: z.enum(COUNTRY_CODES) }).openapi('State')
const City = z.object({ name: z.string(), state: z.string(), country: z.enum(COUNTRY_CODES) }).openapi('City')

/** Query values are read case-insensitively, and an empty one (a form left on "Any") means no filter. */
const code = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v)
const CountryFilter = z
  .preprocess(code, z.enum(COUNTRY_CODES, { error: 'Country must be CA (Canada) or US (United States).' }).optional())
  .openapi({ param: { description: 'CA or US' }, type: 'string', enum: [...COUNTRY_CODES] })
const StateFilter = z
  .preprocess(code, z.string().optional())
  .openapi({ param: { description: 'A province or state code such as ON or NY' }, type: 'string' })

router.openapi(
  createRoute({
    method: 'get',
    path: '/geo/countries',
    tags: TAGS,
    summary: 'Every ISO 3166-1 country, Canada and the United States first',
    ...signedIn(),
    responses: { 200: jsonResponse(z.array(Country), 'Every country'), ...errorResponses(401) },
  }),
  (c) => c.json([...ISO_COUNTRIES], 200),
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/geo/states',
    tags: TAGS,
    summary: 'The provinces and territories of Canada and the states, DC and territories of the United States',
    ...signedIn(),
    request: { query: z.object({ country: CountryFilter }) },
    responses: { 200: jsonResponse(z.array(State), 'Canada first, then the United States'), ...errorResponses(400, 401) },
  }),
  (c) => c.json(divisionsOf(c.req.valid('query').country), 200),
)

const CityQuery = ListQuery.pick({ page: true, page_size: true, search: true })
  .extend({ country: CountryFilter, state: StateFilter })
  .superRefine((query, ctx) => {
    if (!query.state) return
    const country = COUNTRIES.find((c) => c.code === query.country)
    if (country && !isDivisionOf(country.code, query.state)) {
      const where = country.code === 'US' ? 'the United States' : country.name
      ctx.addIssue({ code: 'custom', path: ['state'], message: `${query.state} is not a ${country.divisionLabel.toLowerCase()} of ${where}.` })
    } else if (!countryOfDivision(query.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'State must be a Canadian province or territory or a US state code, such as ON or NY.' })
    }
  })

let cities: Promise<CityIndex> | undefined
/** The cities file (about 20,000 places, 330 KB) is read once per process, on the first search. */
function cityIndex() {
  cities ??= import('~/data/cities-ca-us.tsv?raw')
    .then((file) => parseCities(file.default))
    .catch((error: unknown) => {
      cities = undefined
      throw error
    })
  return cities
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/geo/cities',
    tags: TAGS,
    summary: 'Cities and towns of Canada and the United States',
    description:
      'Every place GeoNames counts with more than 1,000 people or as the seat of a division. `search` matches anywhere in the name, ignoring case and accents. Exact names come first, then names starting with the search, then the rest; most populous first within each.',
    ...signedIn(),
    request: { query: CityQuery },
    responses: { 200: jsonResponse(pageOf(City, 'CityPage'), 'A page of places'), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const matches = findCities(await cityIndex(), query)
    const start = offsetOf(query)
    return c.json(page(c, query, matches.length, matches.slice(start, start + query.page_size)), 200)
  },
)
