import { Link } from 'react-router'
import type { MaintenanceTechnician } from '~/api/platform/people'
import type { Answer } from '~/utils/api-client.server'
import { Instant } from '~/components/instant'
import { Table, Td, Th } from './list'
import { Badge } from './ui/card'
import { fullName } from '~/utils/misc'

/** A staff member as the API lists them (a manager has more: permissions and admin). */
export type Person = Omit<Answer<typeof MaintenanceTechnician>, 'hourly_rate'>

export const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  options: [
    { value: 'active', label: 'Active' },
    { value: 'invited', label: 'Invited' },
    { value: 'inactive', label: 'Inactive' },
  ],
}

export function StatusBadge({ status }: { status: Person['status'] }) {
  return <Badge tone={status === 'active' ? 'success' : status === 'invited' ? 'warning' : 'neutral'}>{status[0].toUpperCase() + status.slice(1)}</Badge>
}

/** Managers and technicians are listed the same way; `basePath` is where their pages live. */
export function PeopleTable({ people, basePath }: { people: Person[]; basePath: string }) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>E-mail</Th>
          <Th>Phone</Th>
          <Th>Status</Th>
          <Th>Last login</Th>
        </tr>
      </thead>
      <tbody>
        {people.map((p) => (
          <tr key={p.id}>
            <Td>
              <Link to={`${basePath}${p.id}/`} className="font-medium text-primary underline">
                {fullName(p)}
              </Link>
            </Td>
            <Td>{p.email}</Td>
            <Td>{p.phone ?? '—'}</Td>
            <Td>
              <StatusBadge status={p.status} />
            </Td>
            <Td><Instant at={p.last_login_at} /></Td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
