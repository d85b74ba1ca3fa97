const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text made safe inside an XML element or attribute. */
export function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c])
}
