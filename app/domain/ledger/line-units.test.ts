import { describe, expect, it } from 'vitest'
import { chooseUnit, typedUnitNumber, type UnitCandidate } from './line-units'

const unit = (id: string, unitNumber: string, buildingName: string): UnitCandidate => ({ id, unitNumber, buildingId: `b-${buildingName}`, buildingName })
const units = [unit('a', '101', 'North Tower'), unit('b', '101', 'South Tower'), unit('c', '1101', 'North Tower'), unit('d', 'PH-1', 'North Tower')]

describe('chooseUnit', () => {
  it('takes the one unit with the number typed, whatever the case and spacing, and not one that only contains it', () => {
    expect(chooseUnit('1101', units)).toEqual({ unit: units[2] })
    expect(chooseUnit('  ph-1 ', units)).toEqual({ unit: units[3] })
  })

  it('asks for the building when the number is used in several, and takes it once given', () => {
    const choice = chooseUnit('101', units)
    expect(choice).toEqual({ error: '2 units are numbered "101": type "101 · North Tower", "101 · South Tower", or choose the line’s property.' })
    expect(chooseUnit('101 · south tower', units)).toEqual({ unit: units[1] })
    expect(chooseUnit('101·North  Tower', units)).toEqual({ unit: units[0] })
  })

  it('names the property it looked in, and says when nothing matches', () => {
    expect(chooseUnit('204', units, 'Maple Court')).toEqual({ error: 'no unit numbered "204" at Maple Court.' })
    expect(chooseUnit('101 · East Tower', units)).toEqual({ error: 'no unit 101 · East Tower: check the unit number and the building.' })
    expect(chooseUnit('101', units.slice(0, 1), 'Maple Court')).toEqual({ unit: units[0] })
  })

  it('lists three ways to type it at most, by building', () => {
    const many = ['E', 'B', 'D', 'A', 'C'].map((b) => unit(b, '1', b))
    expect(chooseUnit('1', many, 'Elm')).toEqual({ error: '5 units are numbered "1" at Elm: type "1 · A", "1 · B", "1 · C", or another of the 5.' })
  })
})

describe('typedUnitNumber', () => {
  it('is the number before the building', () => {
    expect(typedUnitNumber(' 101 · North Tower')).toBe('101')
    expect(typedUnitNumber('PH-1')).toBe('PH-1')
  })
})
