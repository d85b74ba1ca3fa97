import { describe, expect, it } from 'vitest'
import { RESOURCES } from '~/resources'
import type { Field } from './fields'
import { FIELD_KINDS, kindOf } from './kinds'

const everyField = RESOURCES.flatMap((resource) => Object.entries(resource.fields).flatMap(([key, field]) => (field ? [{ name: `${resource.name}.${key}`, key, field: field as Field }] : [])))

describe('field kinds', () => {
  it('the resources use kinds the table knows', () => {
    for (const { name, field } of everyField) expect(FIELD_KINDS[field.kind], name).toBeDefined()
  })

  it.each(everyField.map((f) => [f.name, f] as const))('a sample of %s is a value its own kind accepts', (_name, { key, field }) => {
    const sample = kindOf(field).sample(field, key, 'x1')
    if (sample === undefined) return
    const parsed = kindOf(field).input(field).safeParse(sample)
    expect(parsed.error?.issues ?? []).toEqual([])
  })

  it('a form reads amounts in the format they were typed in, and leaves a blank secret alone on edit', () => {
    expect(FIELD_KINDS.money.fromForm('1 250,50', { kind: 'money', label: 'Rent' }, { mode: 'create', numbers: 'fr' })).toBe('1250.50')
    expect(FIELD_KINDS.money.fromForm('  ', { kind: 'money', label: 'Rent' }, { mode: 'create', numbers: 'en' })).toBeNull()
    expect(FIELD_KINDS.secret.fromForm('', { kind: 'secret', label: 'Account' }, { mode: 'update', numbers: 'en' })).toBeUndefined()
    expect(FIELD_KINDS.secret.fromForm('', { kind: 'secret', label: 'Account' }, { mode: 'create', numbers: 'en' })).toBeNull()
    expect(FIELD_KINDS.boolean.fromForm('on', { kind: 'boolean', label: 'Pets' }, { mode: 'create', numbers: 'en' })).toBe(true)
  })
})
