import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import type { ReferenceChoices } from '~/resources/engine/pages.server'
import type { FieldView } from '~/resources/engine/view'

/** Whether a reference is chosen by searching: its target has more records than a select holds, or it was searched already. */
export const searchable = (choices: ReferenceChoices) => choices.more || !!choices.search

/**
 * The search box of a reference picker (a form's input or a list's filter): with JavaScript the
 * choices narrow as you type, from the target's `options/` route; without it, the form sends the
 * text and the page comes back with the choices narrowed on the server.
 */
export function useReferenceSearch(field: FieldView, choices: ReferenceChoices) {
  const fetcher = useFetcher<ReferenceChoices>()
  const [search, setSearch] = useState(choices.search ?? '')
  const target = field.kind === 'reference' ? field.resource : ''
  useEffect(() => {
    if (!searchable(choices)) return
    const timer = setTimeout(() => {
      if (search !== (choices.search ?? '')) fetcher.load(`${field.targetPath ?? `/app/${target}/`}options/?search=${encodeURIComponent(search)}`)
    }, 200)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed search triggers a load
  }, [search])
  // Back to what the page was sent once the search is as it was (a filter's chosen record, say).
  const shown = search === (choices.search ?? '') ? choices : (fetcher.data ?? choices)
  return { search, setSearch, shown }
}
