import { describe, expect, it } from 'vitest'
import { finalizeProblems, itemsForUnit, sideBySide, worsened, type ItemToFinalize } from './inspections'

const form = [
  { room: 'Kitchen', item: 'Sink', repeat: 'ONCE', photoRequired: true },
  { room: 'Kitchen', item: 'Stove', repeat: 'ONCE', photoRequired: false },
  { room: 'Bedroom', item: 'Walls', repeat: 'EACH_BEDROOM', photoRequired: false },
  { room: 'Bedroom', item: 'Closet', repeat: 'EACH_BEDROOM', photoRequired: false },
  { room: 'Bathroom', item: 'Toilet', repeat: 'EACH_BATHROOM', photoRequired: true },
]

describe('itemsForUnit', () => {
  it('repeats a room for each bedroom and bathroom, numbered, keeping its items together', () => {
    const items = itemsForUnit(form, { bedrooms: 2, bathrooms: 1.5 })
    expect(items.map((i) => `${i.room}/${i.item}`)).toEqual([
      'Kitchen/Sink',
      'Kitchen/Stove',
      'Bedroom 1/Walls',
      'Bedroom 1/Closet',
      'Bedroom 2/Walls',
      'Bedroom 2/Closet',
      'Bathroom 1/Toilet',
      'Bathroom 2/Toilet',
    ])
    expect(items.find((i) => i.item === 'Toilet')!.photoRequired).toBe(true)
  })

  it('names a single repeated room without a number, and leaves out bedrooms of a studio', () => {
    expect(itemsForUnit(form, { bedrooms: 0, bathrooms: 1 }).map((i) => i.room)).toEqual(['Kitchen', 'Kitchen', 'Bathroom'])
    expect(itemsForUnit(form, { bedrooms: 1, bathrooms: null }).map((i) => i.room)).toContain('Bedroom')
  })
})

describe('finalizeProblems', () => {
  const item = (over: Partial<ItemToFinalize>): ItemToFinalize => ({ room: 'Kitchen', item: 'Sink', rating: 'GOOD', photoRequired: false, followUp: 'NONE', chargeAmount: null, photos: 0, ...over })

  it('asks for every item rated, a required photo of a damaged item, and an amount to charge', () => {
    expect(finalizeProblems([item({})])).toEqual([])
    expect(finalizeProblems([item({ rating: null })])).toEqual(['Kitchen: Sink is not rated.'])
    expect(finalizeProblems([item({ rating: 'DAMAGED', photoRequired: true })])).toEqual(['Kitchen: Sink is rated damaged and needs a photo.'])
    expect(finalizeProblems([item({ rating: 'DAMAGED', photoRequired: true, photos: 1 })])).toEqual([])
    expect(finalizeProblems([item({ rating: 'GOOD', photoRequired: true })])).toEqual([])
    expect(finalizeProblems([item({ followUp: 'CHARGE' })])).toEqual(['Kitchen: Sink is to be charged to the resident: give the amount.'])
    expect(finalizeProblems([])).toHaveLength(1)
  })
})

describe('sideBySide', () => {
  it('pairs items by room and name, whatever their case, then lists what only the move-in had', () => {
    const moveIn = [
      { room: 'Kitchen', item: 'Sink', rating: 'GOOD' },
      { room: 'Kitchen', item: 'Fridge', rating: 'NEW' },
      { room: 'bedroom', item: 'walls', rating: 'GOOD' },
    ]
    const moveOut = [
      { room: 'Bedroom', item: 'Walls', rating: 'DAMAGED' },
      { room: 'Kitchen', item: 'Sink', rating: 'FAIR' },
      { room: 'Balcony', item: 'Door', rating: 'GOOD' },
    ]
    const rows = sideBySide(moveIn, moveOut)
    expect(rows.map((r) => [r.room, r.item, r.moveIn?.rating ?? null, r.moveOut?.rating ?? null])).toEqual([
      ['Bedroom', 'Walls', 'GOOD', 'DAMAGED'],
      ['Kitchen', 'Sink', 'GOOD', 'FAIR'],
      ['Balcony', 'Door', null, 'GOOD'],
      ['Kitchen', 'Fridge', 'NEW', null],
    ])
  })

  it('says an item worsened only when both ratings are on the scale and the later is lower', () => {
    expect(worsened('GOOD', 'DAMAGED')).toBe(true)
    expect(worsened('FAIR', 'GOOD')).toBe(false)
    expect(worsened(null, 'DAMAGED')).toBe(false)
    expect(worsened('GOOD', 'NOT_APPLICABLE')).toBe(false)
  })
})
