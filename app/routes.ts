import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'
import { FEATURE_PAGES } from './marketing/features'

export default [
  route('resources/frontend-refresh', 'routes/resources/frontend-refresh.ts'),
  route('logout', 'routes/auth/logout.ts'),
  route('robots.txt', 'routes/public/robots.ts'),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  route('blog/rss.xml', 'routes/public/blog/rss.ts'),

  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('features', 'routes/public/features.tsx'),
    route('pricing', 'routes/public/pricing.tsx'),
    route('integrations', 'routes/public/integrations.tsx'),
    route('faqs', 'routes/public/faqs.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('blog', 'routes/public/blog/index.tsx'),
    route('blog/:slug', 'routes/public/blog/post.tsx'),
    route('careers', 'routes/public/careers/index.tsx'),
    route('careers/sales-director', 'routes/public/careers/sales-director.tsx'),
    route('referral-program', 'routes/public/referral-program.tsx'),
    route('open-api', 'routes/public/open-api.tsx'),
    // One module for the twelve feature pages; each finds its content by its address.
    ...FEATURE_PAGES.map((page) => route(page.slug, 'routes/public/feature-page.tsx', { id: `feature-${page.slug}` })),
    route('login', 'routes/auth/login.tsx'),
    route('signup', 'routes/auth/signup.tsx'),
    route('signup/confirm', 'routes/auth/signup-confirm.tsx'),
    route('reset-password', 'routes/auth/reset-password.tsx'),
    route('accept-invitation/:invitationId', 'routes/auth/accept-invitation.tsx'),
    route('listings/:listingId', 'routes/public/coming-later.tsx', { id: 'public-listing' }),
    route('apply/:applicationSlug', 'routes/public/coming-later.tsx', { id: 'public-application' }),
    route(':companySlug/waitlist', 'routes/public/coming-later.tsx', { id: 'public-waitlist' }),
  ]),

  route('app', 'routes/app/layout.tsx', [
    index('routes/app/dashboard.tsx'),
    route('search', 'routes/app/search.tsx'),
    route('user-settings', 'routes/app/user-settings.tsx'),
    route('management-company', 'routes/app/management-company.tsx'),
    route('account/change-password', 'routes/app/change-password.tsx'),
    ...prefix('property-managers', [
      index('routes/app/property-managers/list.tsx'),
      route('new', 'routes/app/property-managers/new.tsx'),
      route(':id', 'routes/app/property-managers/detail.tsx'),
    ]),
    ...prefix('maintenance-technicians', [
      index('routes/app/maintenance-technicians/list.tsx'),
      route('invite', 'routes/app/maintenance-technicians/invite.tsx', { id: 'technician-invite' }),
      route('new', 'routes/app/maintenance-technicians/invite.tsx', { id: 'technician-new' }),
      route(':id', 'routes/app/maintenance-technicians/detail.tsx'),
    ]),
    ...prefix('api-keys', [
      index('routes/app/api-keys/list.tsx'),
      route('new', 'routes/app/api-keys/new.tsx'),
      route(':id', 'routes/app/api-keys/detail.tsx'),
    ]),
    ...prefix('email-messages', [
      index('routes/app/email-messages/list.tsx'),
      route('new', 'routes/app/coming-later.tsx', { id: 'email-messages-new' }),
      route(':id', 'routes/app/email-messages/detail.tsx'),
    ]),
    route('documents/:id/download', 'routes/app/files/document-download.ts'),
    route('photos/:id/download', 'routes/app/files/photo-download.ts'),
    // The financial statements (the other reports are still to come, on the generic coming-later page).
    ...prefix('reporting', [
      route('generate-report', 'routes/app/reporting/generate-report.tsx'),
      route('trial-balance', 'routes/app/reporting/trial-balance.tsx'),
      route('balance-sheet', 'routes/app/reporting/balance-sheet.tsx'),
      route('income-statement', 'routes/app/reporting/income-statement.tsx'),
      route('general-ledger', 'routes/app/reporting/general-ledger.tsx'),
      route('transaction-register', 'routes/app/reporting/transaction-register.tsx'),
      route('journal-transactions', 'routes/app/reporting/journal-transactions.tsx'),
      route('chart-of-accounts', 'routes/app/reporting/chart-of-accounts.tsx'),
      route(':report/export', 'routes/app/reporting/export.ts'),
    ]),
    route(':resource/import', 'routes/app/import.tsx'),
    route('accounting/settings', 'routes/app/accounting/settings.tsx'),
    ...prefix('accounting/journal-entries', [
      index('routes/app/accounting/journal-entries/list.tsx'),
      route('new', 'routes/app/accounting/journal-entries/new.tsx'),
      route(':id', 'routes/app/accounting/journal-entries/detail.tsx'),
      route(':id/edit', 'routes/app/accounting/journal-entries/edit.tsx'),
    ]),
    route('accounting/ledger-integrity', 'routes/app/accounting/ledger-integrity.tsx'),
    route('accounting/transactions', 'routes/app/accounting/transactions/list.tsx'),
    route('accounting/transactions/new', 'routes/app/accounting/transactions/entry.ts', { id: 'transaction-new' }),
    route('accounting/transactions/:id', 'routes/app/accounting/transactions/entry.ts', { id: 'transaction-detail' }),
    route('recurring-journal-entries/*', 'routes/app/accounting/spec-address.ts', { id: 'spec-recurring-journal-entries' }),
    route('bank-deposits/*', 'routes/app/accounting/spec-address.ts', { id: 'spec-bank-deposits' }),
    ...prefix('notes', [
      index('routes/app/notes/list.tsx'),
      route('new', 'routes/app/coming-later.tsx', { id: 'notes-new' }),
      route(':id', 'routes/app/notes/detail.tsx'),
    ]),
    ...prefix('documents', [
      index('routes/app/documents/list.tsx'),
      route('new', 'routes/app/coming-later.tsx', { id: 'documents-new' }),
      route(':id', 'routes/app/documents/detail.tsx'),
    ]),
    route('rent-payments/bulk-mark-as-paid', 'routes/app/rent-payments/bulk-mark-as-paid.tsx'),
    route('accounting/bank-reconciliations/:id/pdf', 'routes/app/accounting/bank-reconciliations/pdf.ts'),
    route('accounting/bank-accounts/:id/statement', 'routes/app/accounting/bank-accounts/statement.tsx'),
    // Every resource of the engine (app/resources/): one set of generic pages, no route per resource;
    // the accounting area's resources sit under /app/accounting/.
    ...prefix('accounting/:resource', [
      index('routes/app/resource/list.tsx', { id: 'accounting-resource-list' }),
      route('new', 'routes/app/resource/new.tsx', { id: 'accounting-resource-new' }),
      route('export', 'routes/app/resource/export.ts', { id: 'accounting-resource-export' }),
      route('options', 'routes/app/resource/options.ts', { id: 'accounting-resource-options' }),
      route(':id', 'routes/app/resource/detail.tsx', { id: 'accounting-resource-detail' }),
      route(':id/edit', 'routes/app/resource/edit.tsx', { id: 'accounting-resource-edit' }),
    ]),
    ...prefix(':resource', [
      index('routes/app/resource/list.tsx'),
      route('new', 'routes/app/resource/new.tsx'),
      route('export', 'routes/app/resource/export.ts'),
      route('options', 'routes/app/resource/options.ts'),
      route(':id', 'routes/app/resource/detail.tsx'),
      route(':id/edit', 'routes/app/resource/edit.tsx'),
    ]),
    route('*', 'routes/app/coming-later.tsx'),
  ]),

  route('rc', 'routes/rc/layout.tsx', [
    index('routes/rc/dashboard.tsx'),
    route('account/change-password', 'routes/rc/change-password.tsx'),
    route('*', 'routes/rc/coming-later.tsx'),
  ]),

  route('mt', 'routes/mt/layout.tsx', [
    index('routes/mt/dashboard.tsx'),
    route('account/change-password', 'routes/mt/change-password.tsx'),
    route('*', 'routes/mt/coming-later.tsx'),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
