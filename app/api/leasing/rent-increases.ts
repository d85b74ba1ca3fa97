import { createRoute, z } from '@hono/zod-openapi'
import { formatMoney, formatPercent } from '~/domain/money'
import { eligibleLeases } from '~/leasing/rent-increases.server'
import { reference } from '~/resources/engine/fields'
import { unknownReferences } from '~/resources/engine/references.server'
import { badRequest } from '../errors'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { ListQuery, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * What rent increases answer beyond their definitions (app/resources/rent-increases.ts): the leases
 * whose rent may rise now, or by a date, and by how much (SPEC.md §7 eligible-rent-increases/).
 */

const EligibleLease = z
  .object({
    lease_id: z.string(),
    lease_label: z.string(),
    property_group_id: z.string().nullable(),
    resident_names: z.string().openapi({ description: 'The tenants, primary first' }),
    province: z.string().nullable(),
    rent_frequency: z.string(),
    current_rent: z.string(),
    move_in_date: z.string(),
    last_increase_date: z.string().nullable().openapi({ description: 'When its latest applied increase took effect; null when it has had none' }),
    eligible_from: z.string().openapi({ description: 'Twelve months after its last increase, or its move-in' }),
    earliest_effective_date: z.string().openapi({ description: 'The first day on or after `as_of` an increase may take effect, with notice given today' }),
    guideline_percent: z.string().nullable().openapi({ description: 'The province’s guideline for that day’s year; null where it sets none' }),
    guideline_year: z.number().int().nullable().openapi({ description: 'The year whose guideline it is (the latest known, for a year not announced yet)' }),
    maximum_rent: z.string().nullable().openapi({ description: 'The most the rent may become then without the board’s approval; null where there is no cap' }),
    notice_period: z.string().nullable().openapi({ description: 'The written notice the province asks: “90 days”, “3 months”' }),
  })
  .openapi('EligibleRentIncrease')

const EligibleQuery = ListQuery.pick({ page: true, page_size: true }).extend({
  as_of: dateInput('As of').optional().openapi({ description: 'Leases whose twelve months are up by this day; today when not given' }),
  property_group_id: z.uuid({ error: 'Property must be an id.' }).optional(),
})

const PROPERTY = reference('Property', 'property-groups')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/eligible-rent-increases',
    tags: ['Leasing'],
    summary: 'Leases whose rent may rise now (or by `as_of`): active, no increase under way, twelve months after the last increase or the move-in; each with its current rent, last increase and the most it may become',
    ...signedIn(requireStaff('leasing')),
    request: { query: EligibleQuery },
    responses: { 200: jsonResponse(pageOf(EligibleLease, 'EligibleRentIncreasePage'), 'Soonest eligible first'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const query = c.req.valid('query')
    // Another company's property is refused as it is in a body, with the same words.
    const unknown = await unknownReferences(t.db, t.companyId, [{ name: 'property_group_id', field: PROPERTY, id: query.property_group_id }])
    if (Object.keys(unknown).length) throw badRequest(unknown.property_group_id[0], unknown)
    const { results, total } = await eligibleLeases(t.db, t.companyId, { asOf: query.as_of, propertyGroupId: query.property_group_id, limit: query.page_size, offset: (query.page - 1) * query.page_size })
    return c.json(
      page(
        c,
        { ...query, ordering: undefined, search: undefined },
        total,
        results.map((r) => ({
          lease_id: r.leaseId,
          lease_label: r.leaseLabel,
          property_group_id: r.propertyGroupId,
          resident_names: r.residentNames,
          province: r.province,
          rent_frequency: r.rentFrequency,
          current_rent: formatMoney(r.currentRent),
          move_in_date: r.moveInDate,
          last_increase_date: r.lastIncreaseDate,
          eligible_from: r.eligibleFrom,
          earliest_effective_date: r.earliestEffectiveDate,
          guideline_percent: r.guidelinePercent === null ? null : formatPercent(r.guidelinePercent),
          guideline_year: r.guidelineYear,
          maximum_rent: r.maximumRent === null ? null : formatMoney(r.maximumRent),
          notice_period: r.noticePeriod,
        })),
      ),
      200,
    )
  },
)
