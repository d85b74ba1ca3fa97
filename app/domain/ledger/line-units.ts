/*
 * A journal line's unit, as a person types it on the entry grid: its unit number ("204"), or,
 * where that number is used in more than one building, the number and the building
 * ("204 · North Tower"). The page looks up the units that could be meant; this decides which.
 */

/** A unit that could be meant, with its building. */
export type UnitCandidate = { id: string; unitNumber: string; buildingId: string; buildingName: string }

export type UnitChoice = { unit: UnitCandidate } | { error: string }

const SEPARATOR = /\s*·\s*/

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** The unit number part of what was typed: what to search the units for. */
export function typedUnitNumber(typed: string) {
  return typed.split(SEPARATOR)[0].trim()
}

/** How a unit is written when its number alone is not enough. */
export const unitWithBuilding = (unit: Pick<UnitCandidate, 'unitNumber' | 'buildingName'>) => `${unit.unitNumber} · ${unit.buildingName}`

/**
 * The one unit `typed` names among `candidates` (already limited to the line's property, named
 * `propertyName`, when the line has one), or why there is none: no unit with that number, or
 * several, each then listed (by building) the way to type it.
 */
export function chooseUnit(typed: string, candidates: UnitCandidate[], propertyName?: string): UnitChoice {
  const [number, building] = typed.split(SEPARATOR).map(normal)
  const matches = candidates.filter((u) => normal(u.unitNumber) === number && (!building || normal(u.buildingName) === building))
  if (matches.length === 1) return { unit: matches[0] }
  const where = propertyName ? ` at ${propertyName}` : ''
  if (!matches.length) {
    return { error: building ? `no unit ${typed.trim()}${where}: check the unit number and the building.` : `no unit numbered "${typed.trim()}"${where}.` }
  }
  const ways = matches
    .sort((a, b) => a.buildingName.localeCompare(b.buildingName))
    .slice(0, 3)
    .map((u) => `"${unitWithBuilding(u)}"`)
  const more = matches.length > 3 ? `, or another of the ${matches.length}` : ''
  return {
    error: `${matches.length} units are numbered "${matches[0].unitNumber}"${where}: type ${ways.join(', ')}${more}${propertyName ? '' : ', or choose the line’s property'}.`,
  }
}
