/** An ILIKE pattern matching `search` anywhere, with its own % and _ taken literally. */
export function containsPattern(search: string | undefined) {
  return search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined
}
