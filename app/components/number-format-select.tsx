import { Label, Select } from '~/components/ui/input'
import { NUMBER_FORMATS, type NumberFormat } from '~/domain/money'
import { useNumberFormat } from './resource/use-currency'

/** How a file the person brings writes its amounts (English 1,250.00 or French 1 250,00), sent as `number_format`; at first the company's own. */
export function NumberFormatSelect({ id, label, defaultValue, className }: { id: string; label: string; defaultValue?: NumberFormat; className?: string }) {
  const company = useNumberFormat()
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name="number_format" defaultValue={defaultValue ?? company} className={className}>
        {NUMBER_FORMATS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </Select>
    </>
  )
}
