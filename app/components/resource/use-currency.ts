import { useMemo } from 'react'
import { useRouteLoaderData } from 'react-router'
import { displayMoney, type NumberFormat } from '~/domain/money'
import type { loader as staffLayoutLoader } from '~/routes/app/layout'
import type { loader as residentLayoutLoader } from '~/routes/rc/layout'

// The company's settings come from the area layout's data (no extra request): the staff area's, or the resident center's.
function useCompany() {
  const staff = useRouteLoaderData<typeof staffLayoutLoader>('routes/app/layout')
  const resident = useRouteLoaderData<typeof residentLayoutLoader>('routes/rc/layout')
  return (staff ?? resident)?.me.company
}

/** The company's currency. */
export function useCurrency() {
  return useCompany()?.currency ?? 'CAD'
}

/** How the company writes numbers: forms read and show amounts this way. */
export function useNumberFormat(): NumberFormat {
  return useCompany()?.number_format ?? 'en'
}

/** `displayMoney` in the company's currency and number format: "$1,250.00" or "1 250,00 $". */
export function useDisplayMoney() {
  return useCompanyNumbers().money
}

/**
 * The company's number format and its money display in one read of the layout's data: a list
 * renders a value for every cell, so each cell asks once, and the display function is made once
 * per company setting, not once per cell.
 */
export function useCompanyNumbers() {
  const company = useCompany()
  const currency = company?.currency ?? 'CAD'
  const numbers: NumberFormat = company?.number_format ?? 'en'
  return useMemo(() => ({ numbers, money: (amount: string | null | undefined) => displayMoney(amount, currency, numbers) }), [currency, numbers])
}
