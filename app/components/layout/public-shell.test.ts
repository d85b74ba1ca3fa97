import { describe, expect, it } from 'vitest'
import { isOwnerPortal } from './public-shell'

describe('the public footer', () => {
  it('is left out in the owner portal only, not on other addresses that start with “op”', () => {
    expect(isOwnerPortal('/op')).toBe(true)
    expect(isOwnerPortal('/op/')).toBe(true)
    expect(isOwnerPortal('/op/statements/')).toBe(true)
    expect(isOwnerPortal('/open-api/')).toBe(false)
    expect(isOwnerPortal('/owner-portal/')).toBe(false)
    expect(isOwnerPortal('/')).toBe(false)
  })
})
