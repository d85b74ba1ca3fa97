import { and, eq, ne } from 'drizzle-orm'
import { crossCompany, getDb, type Executor } from '~/db/client.server'
import { companies, rentalApplicationForms } from '~/db/schema'
import { formSlug, questionErrors } from '~/domain/leasing/applications'

type Row = Record<string, unknown>

/*
 * Rental application forms' services (issue 17 item 2): what the definition of
 * ~/resources/applications runs in its record's transaction.
 */

/**
 * A form as it will be stored: its public address given (lowercase letters, digits and hyphens) or
 * made from the company's and the form's names, and taken by no other form of any company; its
 * questions whole (`questionErrors`).
 */
export async function checkForm(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined) {
  const errors: Record<string, string[]> = lines ? questionErrors(lines) : {}
  let slug = String(values.slug ?? '').trim().toLowerCase()
  if (!slug) {
    const [company] = await tx.select({ slug: companies.slug }).from(companies).where(eq(companies.id, companyId))
    slug = formSlug(company?.slug ?? 'company', String(values.name ?? ''))
  }
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) errors.slug = ['Use lowercase letters, digits and single hyphens.']
  else {
    // Another company's forms are not this company's to see: the addresses are public, so it is asked as the tables' owner.
    const [taken] = await crossCompany(() =>
      getDb()
        .select({ id: rentalApplicationForms.id })
        .from(rentalApplicationForms)
        .where(and(eq(rentalApplicationForms.slug, slug), id ? ne(rentalApplicationForms.id, id) : undefined)),
    )
    if (taken) errors.slug = [`The address /apply/${slug}/ is taken; choose another.`]
  }
  values.slug = slug
  return Object.keys(errors).length ? errors : undefined
}
