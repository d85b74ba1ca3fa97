import { redirect } from 'react-router'

/** SPEC.md §2's Record Expense page: an expense is recorded in one step on the expenses' own form. */
export function loader() {
  throw redirect('/app/accounting/expenses/new/')
}
