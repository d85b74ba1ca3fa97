/*
 * A letter as Lintel prints it (a notice of rent increase, a pre-authorized debit agreement): who it
 * is from, its title, its sections (labelled facts and paragraphs) and the lines people sign. Pure
 * data, written by the domain's own rules; the PDF renderer (~/utils/letter-pdf.server) only lays
 * it out, so what a letter says is tested without a PDF.
 */

export type LetterSection = {
  heading?: string
  /** Labelled facts, one a line: ["New rent", "$1,537.50 per month"]. */
  rows?: readonly (readonly [label: string, value: string])[]
  paragraphs?: readonly string[]
}

export type Letter = {
  /** Who it comes from, one line each, above the title. */
  letterhead: readonly string[]
  title: string
  subtitle?: string
  sections: readonly LetterSection[]
  /** The words under each line left to sign or fill in by hand: "Signature of the account holder", "Date". */
  signatures: readonly string[]
}

/** A letter's words in order, as one text: what an e-mail carrying it says, and what tests read. */
export function letterText(letter: Letter) {
  const parts = [...letter.letterhead, '', letter.title, ...(letter.subtitle ? [letter.subtitle] : []), '']
  for (const section of letter.sections) {
    if (section.heading) parts.push(section.heading)
    for (const [label, value] of section.rows ?? []) parts.push(`${label}: ${value}`)
    for (const paragraph of section.paragraphs ?? []) parts.push(paragraph)
    parts.push('')
  }
  return parts.join('\n').trim()
}
