import { z } from '@hono/zod-openapi'
import { and, eq, ne, sum } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import {
  appliances,
  buildings,
  feeSchedules,
  parkingSpaces,
  propertyGroups,
  propertyOwners,
  propertyOwnerships,
  rentalUnits,
  residentPets,
  residents,
  residentVehicles,
} from '~/db/schema'
import { APPLIANCE_TYPES, PARKING_SPACE_TYPES, PET_TYPES, UNIT_TYPES } from '~/domain/reference-data'
import { RESIDENT_CENTER_STATUSES } from '~/domain/leasing/resident-center'
import { inviteResident, residentCenterStatuses } from '~/leasing/resident-invitations.server'
import { formatPercent } from '~/domain/money'
import { RESIDENT_TABS } from '~/domain/navigation'
import { defineResource } from './engine/define'
import { address, boolean, date, email, longText, money, number, percent, phone, reference, secret, select, text } from './engine/fields'

/*
 * The Properties group (SPEC.md §2): the portfolio itself. Fee schedules sit
 * under Management Company in the sidebar but belong with the properties they
 * price. Each definition lists the fields a property manager keeps, as the
 * leading products do.
 */

export const PROPERTY_TYPES = [
  { value: 'RESIDENTIAL', label: 'Residential' },
  { value: 'COMMERCIAL', label: 'Commercial' },
  { value: 'MIXED', label: 'Mixed use' },
  { value: 'STORAGE', label: 'Self storage' },
] as const

export const UNIT_STATUSES = [
  { value: 'VACANT', label: 'Vacant' },
  { value: 'OCCUPIED', label: 'Occupied' },
  { value: 'NOTICE', label: 'On notice' },
  { value: 'DOWN', label: 'Down (not rentable)' },
] as const

export const RESIDENT_TYPES = [
  { value: 'CURRENT_RESIDENT', label: 'Current resident' },
  { value: 'FUTURE_RESIDENT', label: 'Future resident' },
  { value: 'FORMER_RESIDENT', label: 'Former resident' },
  { value: 'APPLICANT', label: 'Applicant' },
] as const

export const OWNER_TYPES = [
  { value: 'PERSON', label: 'Person' },
  { value: 'COMPANY', label: 'Company' },
] as const

export const FEE_TYPES = [
  { value: 'PERCENT_OF_COLLECTED', label: 'Percent of collected income' },
  { value: 'FLAT', label: 'Flat monthly fee' },
  { value: 'PERCENT_WITH_MINIMUM', label: 'Percent of collected income, with a monthly minimum' },
] as const

export const TAX_FORMS = [
  { value: 'NONE', label: 'None' },
  { value: 'NR4', label: 'NR4 (non-resident of Canada)' },
  { value: 'T5', label: 'T5 / T776 statement (Canada)' },
  { value: '1099_MISC', label: '1099-MISC (US)' },
] as const

export const PAYMENT_METHODS = [
  { value: 'EFT', label: 'EFT / direct deposit' },
  { value: 'CHEQUE', label: 'Cheque' },
  { value: 'HOLD', label: 'Hold distributions' },
] as const

export const feeSchedulesResource = defineResource({
  name: 'fee-schedules',
  apiPath: 'property-management-fee-schedules',
  singular: 'Fee Schedule',
  plural: 'Fee Schedules',
  description: 'What you charge owners for managing their properties: a percentage of collected income, a flat fee, or a percentage with a minimum.',
  group: 'Management Company',
  permission: 'management_company',
  table: feeSchedules,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    feeType: select('Fee type', FEE_TYPES, { required: true }),
    percentage: percent('Management fee', { help: 'Percent of collected income' }),
    flatAmount: money('Flat monthly fee'),
    minimumAmount: money('Monthly minimum', { help: 'Charged when the percentage comes to less' }),
    leasingFeePercentage: percent('Leasing fee', { help: "Percent of the first month's rent on a new lease" }),
    renewalFeeAmount: money('Renewal fee'),
    description: longText('Description'),
  },
  title: ['name'],
  columns: ['name', 'feeType', 'percentage', 'flatAmount', 'minimumAmount'],
  search: ['name', 'description'],
  filters: ['feeType'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  related: [{ resource: 'property-groups', field: 'feeScheduleId', label: 'Properties on this schedule' }],
  rules: {
    async validate({ values }) {
      const errors: Record<string, string[]> = {}
      const type = values.feeType
      if ((type === 'PERCENT_OF_COLLECTED' || type === 'PERCENT_WITH_MINIMUM') && values.percentage == null) errors.percentage = ['Management fee is required for a percentage schedule.']
      if (type === 'FLAT' && values.flatAmount == null) errors.flat_amount = ['Flat monthly fee is required for a flat schedule.']
      if (type === 'PERCENT_WITH_MINIMUM' && values.minimumAmount == null) errors.minimum_amount = ['Monthly minimum is required for this schedule.']
      return errors
    },
  },
})

export const propertyOwnersResource = defineResource({
  name: 'property-owners',
  singular: 'Property Owner',
  plural: 'Property Owners',
  description: 'The people and companies who own the properties you manage, with where their statements and distributions go.',
  group: 'Properties',
  table: propertyOwners,
  fields: {
    ownerType: select('Owner type', OWNER_TYPES, { required: true }),
    companyName: text('Company name', { help: 'For an owner that is a company or trust' }),
    firstName: text('First name', { help: 'For a person, or the contact at the company' }),
    lastName: text('Last name'),
    email: email('E-mail'),
    phone: phone('Phone'),
    alternatePhone: phone('Alternate phone'),
    mailingAddress: address('Mailing address'),
    taxId: secret('Tax id (SIN, BN, SSN or EIN)', { help: 'Stored encrypted; only the last four characters are ever shown.' }),
    taxForm: select('Year-end tax form', TAX_FORMS),
    paymentMethod: select('Distributions by', PAYMENT_METHODS),
    reserveAmount: money('Reserve', { help: 'Cash kept back in the property account before a distribution' }),
  },
  title: ['companyName', 'firstName', 'lastName'],
  columns: ['companyName', 'firstName', 'lastName', 'email', 'phone', 'ownerType'],
  search: ['companyName', 'firstName', 'lastName', 'email', 'phone'],
  filters: ['ownerType'],
  ordering: 'last_name,company_name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  related: [{ resource: 'property-ownerships', field: 'propertyOwnerId', label: 'Properties owned' }],
  rules: {
    async validate({ values }) {
      if (values.ownerType === 'COMPANY' && !values.companyName) return { company_name: ['Company name is required for a company owner.'] }
      if (values.ownerType === 'PERSON' && (!values.firstName || !values.lastName)) {
        const errors: Record<string, string[]> = {}
        if (!values.firstName) errors.first_name = ['First name is required for a person.']
        if (!values.lastName) errors.last_name = ['Last name is required for a person.']
        return errors
      }
      return undefined
    },
  },
})

export const propertyGroupsResource = defineResource({
  name: 'property-groups',
  singular: 'Property',
  plural: 'Properties',
  description: 'Each property you manage: its type, address, owners and the fee schedule you charge them.',
  group: 'Properties',
  table: propertyGroups,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    propertyType: select('Property type', PROPERTY_TYPES, { required: true }),
    address: address('Address'),
    feeScheduleId: reference('Fee schedule', 'fee-schedules'),
    yearBuilt: number('Year built', { min: 1600, max: 2100 }),
    reserveAmount: money('Operating reserve', { help: 'Minimum cash the property account keeps' }),
    description: longText('Description'),
  },
  title: ['name'],
  columns: ['name', 'propertyType', 'address', 'feeScheduleId'],
  search: ['name'],
  filters: ['propertyType', 'feeScheduleId'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  related: [
    { resource: 'buildings', field: 'propertyGroupId' },
    { resource: 'property-ownerships', field: 'propertyGroupId', label: 'Owners' },
    { resource: 'parking-spaces', field: 'propertyGroupId' },
  ],
})

/** A property's owners never hold more than 100% between them. */
async function ownershipWithinWhole(tx: Executor, companyId: string, id: string | undefined, values: Record<string, unknown>) {
  const [others] = await tx
    .select({ total: sum(propertyOwnerships.percentage).mapWith(Number) })
    .from(propertyOwnerships)
    .where(
      and(
        eq(propertyOwnerships.companyId, companyId),
        eq(propertyOwnerships.propertyGroupId, String(values.propertyGroupId)),
        id ? ne(propertyOwnerships.id, id) : undefined,
      ),
    )
  const total = (others.total ?? 0) + Number(values.percentage ?? 0)
  if (total > 10_000) return { percentage: [`Ownership would add up to ${formatPercent(total)}%; a property's owners can hold at most 100%.`] }
  return undefined
}

export const propertyOwnershipsResource = defineResource({
  name: 'property-ownerships',
  singular: 'Ownership',
  plural: 'Ownerships',
  description: 'Who owns each property, and what share.',
  group: 'Properties',
  table: propertyOwnerships,
  fields: {
    propertyGroupId: reference('Property', 'property-groups', { required: true }),
    propertyOwnerId: reference('Owner', 'property-owners', { required: true }),
    percentage: percent('Ownership', { required: true, help: 'Share of the property, e.g. 50.00' }),
  },
  title: [],
  columns: ['propertyGroupId', 'propertyOwnerId', 'percentage'],
  search: [],
  filters: ['propertyGroupId', 'propertyOwnerId'],
  ordering: 'property_group_id',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  palette: false,
  attachments: false,
  rules: {
    async validate({ tx, companyId, id, values }) {
      return ownershipWithinWhole(tx as Executor, companyId, id, values)
    },
  },
})

export const buildingsResource = defineResource({
  name: 'buildings',
  singular: 'Building',
  plural: 'Buildings',
  description: 'The buildings of each property, with their rental units.',
  group: 'Properties',
  table: buildings,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    propertyGroupId: reference('Property', 'property-groups', { required: true }),
    address: address('Address'),
    yearBuilt: number('Year built', { min: 1600, max: 2100 }),
    floors: number('Floors', { min: 0, max: 200 }),
    description: longText('Description'),
  },
  title: ['name'],
  columns: ['name', 'propertyGroupId', 'address', 'yearBuilt'],
  search: ['name'],
  filters: ['propertyGroupId'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update'],
  related: [{ resource: 'rental-units', field: 'buildingId' }],
})

export const rentalUnitsResource = defineResource({
  name: 'rental-units',
  singular: 'Rental Unit',
  plural: 'Rental Units',
  description: 'Every unit you rent out, with its size, market rent and whether it is occupied.',
  group: 'Properties',
  table: rentalUnits,
  fields: {
    unitNumber: text('Unit number', { required: true, max: 30 }),
    buildingId: reference('Building', 'buildings', { required: true }),
    label: text('Name', { readOnly: true, help: 'The unit number with its building, as every page shows the unit' }),
    unitType: select('Unit type', UNIT_TYPES, { required: true }),
    status: select('Status', UNIT_STATUSES, { required: true }),
    bedrooms: number('Bedrooms', { max: 20 }),
    bathrooms: number('Bathrooms', { decimals: 1, max: 20 }),
    areaSqFt: number('Area', { unit: 'sq ft', max: 1_000_000 }),
    marketRent: money('Market rent', { help: 'Monthly asking rent' }),
    description: longText('Description'),
  },
  title: ['unitNumber'],
  label: 'label',
  columns: ['unitNumber', 'buildingId', 'unitType', 'bedrooms', 'bathrooms', 'marketRent', 'status'],
  search: ['label', 'description'],
  filters: ['status', 'unitType', 'buildingId'],
  defaultFilters: { unit_type: 'ALL' },
  ordering: 'label',
  methods: ['list', 'create', 'get', 'update'],
  related: [
    { resource: 'leases', field: 'rentalUnitId' },
    { resource: 'residents', field: 'rentalUnitId' },
    { resource: 'appliances', field: 'rentalUnitId' },
    { resource: 'parking-spaces', field: 'rentalUnitId', label: 'Assigned parking' },
  ],
})

export const residentsResource = defineResource({
  name: 'residents',
  singular: 'Resident',
  plural: 'Residents',
  description: 'Current, future and former residents and applicants, with how to reach them and who to call in an emergency.',
  group: 'Properties',
  table: residents,
  fields: {
    firstName: text('First name', { required: true, max: 100 }),
    lastName: text('Last name', { required: true, max: 100 }),
    residentType: select('Resident type', RESIDENT_TYPES, { required: true }),
    rentalUnitId: reference('Rental unit', 'rental-units'),
    email: email('E-mail'),
    phone: phone('Phone'),
    alternatePhone: phone('Alternate phone'),
    dateOfBirth: date('Date of birth', { notFuture: true }),
    moveInDate: date('Move-in date'),
    moveOutDate: date('Move-out date', { notBefore: 'moveInDate' }),
    emergencyContactName: text('Emergency contact'),
    emergencyContactPhone: phone('Emergency contact phone'),
    emergencyContactRelationship: text('Relationship', { max: 60 }),
    forwardingAddress: address('Forwarding address', { help: 'Where a former resident gets their deposit statement' }),
  },
  title: ['firstName', 'lastName'],
  columns: ['firstName', 'lastName', 'rentalUnitId', 'email', 'phone', 'residentType'],
  search: ['firstName', 'lastName', 'email', 'phone'],
  filters: ['residentType', 'rentalUnitId'],
  namedInLines: { leaseId: { resource: 'leases', field: 'residentId' } },
  defaultFilters: { resident_type: 'CURRENT_RESIDENT' },
  tabs: RESIDENT_TABS,
  presets: [
    { path: '/app/future-residents/', plural: 'Future Residents', description: 'People who have signed to rent a unit and have not moved in yet.', filters: { resident_type: 'FUTURE_RESIDENT' }, columns: ['firstName', 'lastName', 'rentalUnitId', 'moveInDate', 'email', 'phone'] },
    { path: '/app/former-residents/', plural: 'Former Residents', description: 'Residents who have moved out, with where to reach them (a deposit statement goes to their forwarding address).', filters: { resident_type: 'FORMER_RESIDENT' }, columns: ['firstName', 'lastName', 'rentalUnitId', 'moveOutDate', 'email', 'phone'] },
    { path: '/app/rental-applicants/', plural: 'Rental Applicants', description: 'People who have applied to rent and are not on a lease yet.', filters: { resident_type: 'APPLICANT' }, columns: ['firstName', 'lastName', 'rentalUnitId', 'email', 'phone'] },
  ],
  ordering: 'last_name,first_name',
  methods: ['list', 'create', 'get', 'update'],
  related: [
    // Through the lease's lines: every lease the resident is on, with its status, dates, rent and balance.
    { resource: 'leases', field: 'residentId', label: 'Leases' },
    { resource: 'resident-pets', field: 'residentId', label: 'Pets' },
    { resource: 'resident-vehicles', field: 'residentId', label: 'Vehicles' },
  ],
  // The resident center (SPEC.md §6): residents are invited one by one from their page, or all at once from the list.
  actions: {
    'invite-to-resident-center': {
      label: 'Invite to resident center',
      done: 'Invitation e-mailed: the resident chooses a password from its link and signs in to the resident center.',
      async run({ tx, companyId, userId, record, origin }) {
        if (!origin) throw new Error('An invitation is sent from a request: its link needs the site’s address.')
        await inviteResident(tx as Executor, companyId, String(record.id), { invitedById: userId, origin })
      },
    },
  },
  listActions: [
    {
      label: 'Invite all residents',
      path: 'invite-all-residents',
      confirm:
        'Every current and future resident with an e-mail who does not use the resident center yet is e-mailed an invitation; those invited before get a new link, and their old one stops working.',
    },
  ],
  outputs: {
    detail: {
      schema: {
        resident_center: z.enum(RESIDENT_CENTER_STATUSES.map((s) => s.value)).openapi({ description: 'Whether they are invited to the resident center, and whether they use it' }),
      },
      fields: { resident_center: select('Resident center', RESIDENT_CENTER_STATUSES) },
      load: async ({ tx, companyId, records }) => {
        const statuses = await residentCenterStatuses(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        )
        return new Map([...statuses].map(([id, status]) => [id, { resident_center: status }]))
      },
    },
  },
})

export const residentPetsResource = defineResource({
  name: 'resident-pets',
  singular: 'Pet',
  plural: 'Resident Pets',
  description: "Residents' pets, for pet rent, deposits and the vaccination records your pet policy asks for.",
  group: 'Properties',
  table: residentPets,
  fields: {
    name: text('Name', { required: true, max: 60 }),
    residentId: reference('Resident', 'residents', { required: true }),
    petType: select('Pet type', PET_TYPES, { required: true }),
    breed: text('Breed', { max: 80 }),
    color: text('Colour', { max: 60 }),
    weightLbs: number('Weight', { unit: 'lb', max: 400 }),
    isServiceAnimal: boolean('Service or support animal', { help: 'Not charged pet rent or pet deposits' }),
    isVaccinated: boolean('Vaccinations up to date'),
    licenseNumber: text('Licence number', { max: 60 }),
  },
  title: ['name'],
  columns: ['name', 'residentId', 'petType', 'breed', 'isServiceAnimal'],
  search: ['name', 'breed'],
  filters: ['petType', 'residentId'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update'],
})

export const parkingSpacesResource = defineResource({
  name: 'parking-spaces',
  singular: 'Parking Space',
  plural: 'Parking Spaces',
  description: 'Parking stalls of each property, their monthly rent and the unit they are assigned to.',
  group: 'Properties',
  table: parkingSpaces,
  fields: {
    spaceNumber: text('Space number', { required: true, max: 30 }),
    propertyGroupId: reference('Property', 'property-groups', { required: true }),
    parkingSpaceType: select('Type', PARKING_SPACE_TYPES, { required: true }),
    monthlyRent: money('Monthly rent'),
    rentalUnitId: reference('Assigned to unit', 'rental-units'),
    description: longText('Description'),
  },
  title: ['spaceNumber'],
  columns: ['spaceNumber', 'propertyGroupId', 'parkingSpaceType', 'monthlyRent', 'rentalUnitId'],
  search: ['spaceNumber'],
  filters: ['parkingSpaceType', 'propertyGroupId', 'rentalUnitId'],
  ordering: 'space_number',
  methods: ['list', 'create', 'get', 'update'],
  related: [{ resource: 'resident-vehicles', field: 'parkingSpaceId', label: 'Vehicles parked here' }],
})

export const residentVehiclesResource = defineResource({
  name: 'resident-vehicles',
  singular: 'Vehicle',
  plural: 'Resident Vehicles',
  description: "Residents' vehicles and plates, so you know whose car is in which space.",
  group: 'Properties',
  table: residentVehicles,
  fields: {
    licensePlate: text('Licence plate', { required: true, max: 15 }),
    residentId: reference('Resident', 'residents', { required: true }),
    make: text('Make', { required: true, max: 40 }),
    model: text('Model', { required: true, max: 40 }),
    year: number('Year', { min: 1900, max: 2100 }),
    color: text('Colour', { max: 40 }),
    plateRegion: text('Plate province or state', { max: 40 }),
    parkingSpaceId: reference('Parking space', 'parking-spaces'),
  },
  title: ['licensePlate'],
  columns: ['licensePlate', 'residentId', 'make', 'model', 'color', 'parkingSpaceId'],
  search: ['licensePlate', 'make', 'model'],
  filters: ['residentId', 'parkingSpaceId'],
  ordering: 'license_plate',
  methods: ['list', 'create', 'get', 'update'],
})

export const appliancesResource = defineResource({
  name: 'appliances',
  singular: 'Appliance',
  plural: 'Appliances',
  description: 'Appliances in each unit, with model and serial numbers and warranties, for work orders and make-readies.',
  group: 'Properties',
  table: appliances,
  fields: {
    applianceType: select('Appliance', APPLIANCE_TYPES, { required: true }),
    rentalUnitId: reference('Rental unit', 'rental-units', { required: true }),
    brand: text('Brand', { max: 60 }),
    modelNumber: text('Model number', { max: 60 }),
    serialNumber: text('Serial number', { max: 60 }),
    installedOn: date('Installed on'),
    warrantyExpiresOn: date('Warranty expires on', { notBefore: 'installedOn' }),
    description: longText('Notes'),
  },
  title: ['brand', 'modelNumber'],
  columns: ['applianceType', 'rentalUnitId', 'brand', 'modelNumber', 'warrantyExpiresOn'],
  search: ['brand', 'modelNumber', 'serialNumber'],
  filters: ['applianceType', 'rentalUnitId'],
  ordering: 'appliance_type',
  methods: ['list', 'create', 'get', 'update'],
})
