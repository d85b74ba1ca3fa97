import type { FieldMetadata } from '@conform-to/react'
import type { ReferenceChoices } from '~/resources/engine/pages.server'
import { PICKER_LIMIT, type FieldView } from '~/resources/engine/view'
import { Button } from '../ui/button'
import { Input, Select } from '../ui/input'
import { searchable, useReferenceSearch } from './reference-search'

/**
 * The search box (where the target is large) and the select of a reference input, named as its input
 * is (`unit_id`, or a line's `lines[2].rental_unit_id`): its search travels as `{name}__search`, its
 * Find button as `find:{name}`. `current` is the name of the record it is set to, offered even when
 * the choices hold no such record.
 */
export function ReferencePicker({ field, meta, choices, select, current }: { field: FieldView; meta: FieldMetadata<unknown>; choices: ReferenceChoices; select: React.SelectHTMLAttributes<HTMLSelectElement>; current?: string }) {
  const { search, setSearch, shown } = useReferenceSearch(field, choices)
  const given = meta.initialValue == null ? '' : String(meta.initialValue)
  const options = current && given && !shown.options.some((o) => o.value === given) ? [{ value: given, label: current }, ...shown.options] : shown.options
  // A required choice with one record to choose from is that record (a company's one bank account).
  const selected = given || (field.required && !searchable(choices) && options.length === 1 ? options[0].value : '')
  return (
    <>
      {searchable(choices) ? (
        <div className="flex gap-2">
          <Input
            aria-label={`Search ${field.label.toLowerCase()}`}
            name={`${meta.name}__search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            // The list narrows as you type; Enter here must not send the form.
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            placeholder={`Search ${field.targetSingular?.toLowerCase() ?? 'records'}…`}
          />
          {/* What the choices below were narrowed by: text typed past it (Enter in the box, without JavaScript) is searched, not saved. */}
          <input type="hidden" name={`${meta.name}__searched`} value={search} />
          <Button type="submit" name="intent" value={`find:${meta.name}`} variant="secondary" formNoValidate>
            Find
          </Button>
        </div>
      ) : null}
      <Select {...select} key={options.map((o) => o.value).join()} defaultValue={selected}>
        <option value="">{options.length ? (field.required ? 'Choose…' : '—') : `No ${field.targetSingular?.toLowerCase() ?? 'record'} found`}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {shown.more ? <p className="text-xs text-muted-foreground">Showing the first {PICKER_LIMIT}; search to narrow the list.</p> : null}
    </>
  )
}
