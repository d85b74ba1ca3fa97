import { displayPercent, showDecimal } from '~/domain/money'
import { optionLabel, type Address } from '~/resources/engine/fields'
import { fill, type FieldView } from '~/resources/engine/view'
import { documentDownloadPath } from './attachments'
import { LinesView } from './lines'
import { useCompanyNumbers } from './use-currency'

export function formatAddress(address: Address | null | undefined) {
  if (!address) return ''
  return [address.street, address.street2, address.city, `${address.province} ${address.postal_code}`.trim(), address.country].filter(Boolean).join(', ')
}

/**
 * A field's value as people read it: amounts in the company's currency and number format, choices by label, references
 * as links. Those are plain anchors, cheap in a long table: the page around them navigates
 * client-side (useLinkNavigation).
 */
export function FieldValue({ field, record }: { field: FieldView; record: Record<string, unknown> }) {
  const { money, numbers } = useCompanyNumbers()
  const value = record[field.name]
  if (value === null || value === undefined || value === '') return <span className="text-muted-foreground">—</span>
  if (field.link)
    return (
      <a href={fill(field.link.href, record)} className="text-primary underline">
        {fill(field.link.text, record)}
      </a>
    )
  switch (field.kind) {
    case 'money':
      return <span className="tabular-nums">{money(String(value))}</span>
    case 'percent':
      return <span className="tabular-nums">{displayPercent(String(value), numbers)}</span>
    case 'number':
      return (
        <span className="tabular-nums">
          {field.decimals ? showDecimal(String(value), numbers, field.decimals) : String(value)}
          {field.unit ? ` ${field.unit}` : ''}
        </span>
      )
    case 'boolean':
      return <>{value ? 'Yes' : 'No'}</>
    case 'select':
      return <>{optionLabel(field.options, value)}</>
    case 'address':
      return <>{formatAddress(value as Address)}</>
    case 'email':
      return (
        <a href={`mailto:${String(value)}`} className="text-primary underline">
          {String(value)}
        </a>
      )
    case 'phone':
      return (
        <a href={`tel:${String(value).replace(/[^\d+]/g, '')}`} className="text-primary underline">
          {String(value)}
        </a>
      )
    case 'reference': {
      const label = (field.labelKey ? record[field.labelKey] : null) ?? String(value)
      return field.targetPath ? (
        <a href={`${field.targetPath}${String(value)}/`} className="text-primary underline">
          {String(label) || field.targetSingular}
        </a>
      ) : (
        <>{String(label)}</>
      )
    }
    case 'date':
      return <span className="tabular-nums">{String(value)}</span>
    case 'longText':
      return <span className="whitespace-pre-wrap">{String(value)}</span>
    case 'file':
      // The document holding the file, saved under its name; the store answers it sandboxed.
      return (
        <a href={documentDownloadPath(String(value))} download className="text-primary underline">
          Download
        </a>
      )
    case 'text':
    case 'secret':
      return <>{String(value)}</>
    case 'lines':
      return <LinesView field={field} lines={value as Record<string, unknown>[]} />
  }
  // Every kind is shown above: a new one fails to compile here until it is.
  return field satisfies never
}
