/*
 * The dimensions a journal line can be tagged with (DESIGN.md §6, ADR 013), in one table: the
 * line schemas, the names joined beside them, the check that each id is the company's and the
 * journal form's columns all read it. A new dimension is a line here and its column on
 * journal_lines. Pure data: the journal form reads it in the browser too.
 */

export const LINE_DIMENSIONS = [
  // key: the column of journal_lines; name: the API's; resource: the engine resource an id names.
  {
    key: 'propertyGroupId',
    name: 'property_group_id',
    labelName: 'property_group_label',
    label: 'Property',
    resource: 'property-groups',
  },
  {
    key: 'rentalUnitId',
    name: 'rental_unit_id',
    labelName: 'rental_unit_label',
    label: 'Rental unit',
    resource: 'rental-units',
  },
  {
    key: 'leaseId',
    name: 'lease_id',
    labelName: 'lease_label',
    label: 'Lease',
    resource: 'leases',
  },
  {
    key: 'residentId',
    name: 'resident_id',
    labelName: 'resident_label',
    label: 'Resident',
    resource: 'residents',
  },
  {
    key: 'vendorId',
    name: 'vendor_id',
    labelName: 'vendor_label',
    label: 'Vendor',
    resource: 'vendors',
  },
  {
    key: 'propertyOwnerId',
    name: 'property_owner_id',
    labelName: 'property_owner_label',
    label: 'Property owner',
    resource: 'property-owners',
  },
] as const

export type LineDimension = (typeof LINE_DIMENSIONS)[number]
export type DimensionKey = LineDimension['key']
export type DimensionName = LineDimension['name']
export type DimensionLabelName = LineDimension['labelName']

/** A line's dimensions by column key, each an id or nothing. */
export type Dimensions = { [K in DimensionKey]?: string | null }

export const DIMENSIONS = LINE_DIMENSIONS.map((d) => d.key)

/** A line's dimensions as the API writes them (`property_group_id`), from their column keys. */
export function dimensionsJson(line: Dimensions): Record<DimensionName, string | null> {
  return Object.fromEntries(LINE_DIMENSIONS.map((d) => [d.name, line[d.key] ?? null])) as Record<DimensionName, string | null>
}

/** A line's dimensions by column key, from the API's names; a name left out stays out (undefined). */
export function dimensionsFromJson(body: Partial<Record<DimensionName, string | null | undefined>>): Dimensions {
  return Object.fromEntries(LINE_DIMENSIONS.map((d) => [d.key, body[d.name]])) as Dimensions
}
