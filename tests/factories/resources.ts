import { apiPathOf } from '~/resources/engine/api.server'
import type { AnyResource } from '~/resources/engine/define'
import { apiName, type Field } from '~/resources/engine/fields'
import { resourceNamed } from '~/resources'
import { api, unique } from './api'

/** A value a manager could have typed into this field, valid for its kind. */
function sampleValue(field: Field, key: string): unknown {
  switch (field.kind) {
    case 'text':
    case 'longText':
      return `${field.label} ${unique()}`.slice(0, field.max ?? 200)
    case 'secret':
      return '123-456-789'
    case 'email':
      return `${key.toLowerCase()}-${unique()}@example.test`
    case 'phone':
      return '416-555-0134'
    case 'number':
      return String(field.min ?? 1)
    case 'money':
      return '125.50'
    case 'percent':
      return '10.00'
    case 'date':
      return '2026-03-01'
    case 'select':
      return field.options[0].value
    case 'boolean':
      return true
    case 'address':
      return { street: '100 Queen Street', city: 'Ottawa', province: 'ON', postal_code: 'K1P 1J9', country: 'CA' }
    default:
      return undefined
  }
}

/**
 * Creates a valid record of any resource through the API, first creating the
 * records it refers to. Every field is filled, so every kind is exercised.
 */
export async function createSample(resource: AnyResource, token: string): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(resource.fields)) {
    if (!field || field.readOnly || field.kind === 'file') continue
    if (field.kind === 'reference') {
      const target = resourceNamed(field.resource)!
      body[apiName(key)] = (await createSample(target, token)).id
    } else body[apiName(key)] = sampleValue(field, key)
  }
  const created = await api('POST', `${apiPathOf(resource)}/`, { token, body })
  if (created.status !== 201) throw new Error(`creating a sample ${resource.name} failed: ${JSON.stringify(created.body)}`)
  return created.body
}
