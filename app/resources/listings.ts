import type { Executor } from '~/db/client.server'
import { rentalUnitListings, waitlistSubscribers } from '~/db/schema'
import { LISTING_STATUSES, PET_POLICIES } from '~/domain/leasing/listings'
import { checkListing, checkSubscriber, emailWaitlist, publishListing } from '~/leasing/listings.server'
import { defineResource } from './engine/define'
import { boolean, date, email, longText, money, number, phone, reference, select, text } from './engine/fields'

/*
 * Listings (issue 17 item 1): a unit advertised to the public, with its photos in order (the
 * record's photos). Drafted, published (shown at /listings/{id}/ and on the company's page at
 * /{company}/), unpublished once let. The rules are the services of ~/leasing/listings.server.
 */
export const listingsResource = defineResource({
  name: 'rental-unit-listings',
  singular: 'Listing',
  plural: 'Listings',
  description: 'Units advertised to the public: each with its photos, rent, deposit and the day it is available, shown on its own public page and on your company’s page once published.',
  group: 'Leasing',
  permission: 'leasing',
  table: rentalUnitListings,
  fields: {
    rentalUnitId: reference('Unit', 'rental-units', { required: true }),
    title: text('Title', { required: true, max: 120, help: 'What the public reads first: “Bright two-bedroom near the canal”' }),
    description: longText('Description', { max: 5000, help: 'Needed to publish it' }),
    rent: money('Rent a month', { required: true, min: 1 }),
    deposit: money('Deposit', { help: 'In Ontario, at most one month’s rent (last month’s rent deposit)' }),
    availableOn: date('Available on', { help: 'Needed to publish it' }),
    leaseTerm: text('Lease term', { max: 120, help: 'One year, then month to month' }),
    amenities: longText('Amenities', { max: 2000, help: 'One a line: in-suite laundry, balcony, dishwasher' }),
    petPolicy: select('Pets', PET_POLICIES),
    petTerms: text('Pet terms', { max: 300 }),
    parking: text('Parking', { max: 300, help: 'What parking goes with it, and at what price' }),
    utilitiesIncluded: text('Utilities included', { max: 300, help: 'Heat, water, hydro…' }),
    contactEmail: email('Contact e-mail', { help: 'Empty: the company’s' }),
    contactPhone: phone('Contact phone', { help: 'Empty: the company’s' }),
    applicationFormId: reference('Application form', 'rental-application-forms', { help: 'What its Apply button opens; empty: applicants write to the contact e-mail' }),
    status: select('Status', LISTING_STATUSES, { readOnly: true }),
    publishedOn: date('Published on', { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['title', 'rentalUnitId', 'rent', 'availableOn', 'status'],
  search: ['title', 'label', 'description'],
  filters: ['status', 'rentalUnitId', 'applicationFormId'],
  ordering: '-created_at',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  states: {
    field: 'status',
    initial: 'DRAFT',
    transitions: [
      ['DRAFT', 'PUBLISHED'],
      ['PUBLISHED', 'UNPUBLISHED'],
      ['UNPUBLISHED', 'PUBLISHED'],
    ],
    deletable: ['DRAFT', 'UNPUBLISHED'],
  },
  actions: {
    publish: {
      label: 'Publish',
      from: ['DRAFT', 'UNPUBLISHED'],
      to: 'PUBLISHED',
      done: 'Listing published: anyone can see it at its public page and on your company’s page.',
      run: ({ tx, companyId, record }) => publishListing(tx as Executor, companyId, record),
    },
    'email-waitlist': {
      label: 'E-mail the waitlist',
      from: ['PUBLISHED'],
      done: 'The waitlist subscribers it suits are e-mailed its address.',
      run: ({ tx, companyId, record, origin, afterCommit }) => emailWaitlist(tx as Executor, companyId, record, origin, afterCommit),
    },
    unpublish: {
      label: 'Unpublish',
      from: ['PUBLISHED'],
      to: 'UNPUBLISHED',
      done: 'Listing unpublished: the public no longer sees it.',
    },
  },
  rules: {
    validate: ({ tx, companyId, values }) => checkListing(tx as Executor, companyId, values),
  },
  page: {
    links: [{ label: 'Public page', href: '/listings/{id}/' }],
    sections: [
      { kind: 'fields', fields: ['rentalUnitId', 'title', 'rent', 'deposit', 'availableOn', 'leaseTerm', 'applicationFormId', 'status', 'publishedOn'] },
      { kind: 'fields', label: 'What the public reads', fields: ['description', 'amenities', 'petPolicy', 'petTerms', 'parking', 'utilitiesIncluded', 'contactEmail', 'contactPhone'] },
      { kind: 'actions' },
      { kind: 'related', related: { resource: 'rental-applications', field: 'listingId', label: 'Applications' } },
      { kind: 'attachments' },
      { kind: 'history' },
      { kind: 'notes' },
    ],
  },
})

/** The waitlist (issue 17 item 5): people who asked to hear of a home, from the public waitlist page or entered by staff; kept as given (no update). */
export const waitlistSubscribersResource = defineResource({
  name: 'waitlist-subscribers',
  singular: 'Waitlist Subscriber',
  plural: 'Waitlist',
  description: 'People who asked to hear when a home comes free, with what they look for: from your public waitlist page, or entered here. A published listing e-mails those it suits.',
  group: 'Leasing',
  permission: 'leasing',
  table: waitlistSubscribers,
  fields: {
    firstName: text('First name', { required: true, max: 100 }),
    lastName: text('Last name', { required: true, max: 100 }),
    email: email('E-mail', { required: true }),
    phone: phone('Phone'),
    bedrooms: number('Bedrooms needed', { max: 10, help: 'The fewest; 0 for a studio' }),
    maxRent: money('Most rent a month'),
    moveInDate: date('Move-in date'),
    propertyGroupId: reference('Property wanted', 'property-groups', { help: 'Empty: any' }),
    notes: longText('Notes', { max: 2000 }),
    consented: boolean('Agrees to be e-mailed about homes', { required: true, help: 'Needed: the waitlist only writes to those who asked' }),
    source: select('From', [
      { value: 'PUBLIC', label: 'Waitlist page' },
      { value: 'STAFF', label: 'Entered by staff' },
    ], { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['label', 'bedrooms', 'maxRent', 'moveInDate', 'propertyGroupId', 'source'],
  search: ['label', 'phone', 'notes'],
  filters: ['propertyGroupId', 'source'],
  ordering: '-created_at',
  methods: ['list', 'create', 'get', 'delete'],
  rules: {
    validate: async ({ values }) => checkSubscriber(values),
  },
})
