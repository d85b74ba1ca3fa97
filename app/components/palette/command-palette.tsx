import { Command } from 'cmdk'
import { useEffect, useState } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import type { PaletteEntry } from '~/domain/navigation'

const DEBOUNCE_MS = 120

/**
 * The command palette (SPEC.md §2). Entries come from the server, already
 * filtered by the same case-insensitive substring rule, so records beyond the
 * first screenful are found too. Without JavaScript, /app/search/ answers the same query.
 */
export default function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState('')
  const fetcher = useFetcher<{ entries: PaletteEntry[] }>()
  const navigate = useNavigate()
  const { load } = fetcher

  useEffect(() => {
    const id = window.setTimeout(() => void load(`/app/search/?q=${encodeURIComponent(query)}`), query ? DEBOUNCE_MS : 0)
    return () => window.clearTimeout(id)
  }, [query, load])

  const entries = fetcher.data?.entries ?? []
  const settled = fetcher.state === 'idle' && fetcher.data !== undefined
  // Each new answer selects its first entry, so Enter opens the first result (cmdk would keep a
  // selection that is no longer in the list, and Enter would do nothing).
  const [selected, setSelected] = useState('')
  const first = entries[0] ? valueOf(entries[0]) : ''
  useEffect(() => setSelected(first), [fetcher.data, first])
  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Search"
      shouldFilter={false}
      value={selected}
      onValueChange={setSelected}
      overlayClassName="fixed inset-0 z-50 bg-black/40"
      contentClassName="fixed left-1/2 top-[15vh] z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg border bg-background shadow-2xl"
    >
      <Command.Input
        value={query}
        onValueChange={setQuery}
        placeholder="Search"
        aria-label="Search"
        className="h-12 w-full border-b bg-transparent px-4 text-base outline-none"
      />
      <Command.List className="max-h-[18rem] overflow-y-auto p-2" data-testid="palette-results">
        {settled && entries.length === 0 ? <Command.Empty className="p-4 text-center text-sm text-muted-foreground">No matches found.</Command.Empty> : null}
        {entries.map((entry) => (
          <Command.Item
            key={`${entry.object_type}:${entry.url}:${entry.name}`}
            value={valueOf(entry)}
            onSelect={() => {
              onOpenChange(false)
              navigate(entry.url)
            }}
            className="flex cursor-pointer items-center justify-between gap-4 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-accent"
          >
            <span>{entry.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{entry.object_type}</span>
          </Command.Item>
        ))}
      </Command.List>
    </Command.Dialog>
  )
}

/** An entry's value for cmdk: unique in the list (a name can repeat, its address cannot). */
const valueOf = (entry: PaletteEntry) => `${entry.name} ${entry.url}`
