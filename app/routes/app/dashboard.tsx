import { Link, useRouteLoaderData } from 'react-router'
import { WarningsList, type WorkspaceWarning } from '~/components/layout/workspace-warnings'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Property Manager Dashboard') }]

type DashboardFigures = { team: { property_managers: number; maintenance_technicians: number; invited: number } | null }

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  return api.get<DashboardFigures>('dashboard/')
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/app/layout')
  const me = layout?.me
  const warnings: WorkspaceWarning[] = layout?.warnings ?? []
  const { team } = loaderData
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Property Manager Dashboard</h1>
        <p className="text-muted-foreground">
          Welcome, {me?.user.first_name}. This is {me?.company.name}’s workspace.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {team ? (
          <Card>
            <CardHeader>
              <CardTitle>Your team</CardTitle>
              <CardDescription>People who can sign in to this workspace.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-2 text-sm">
              <p>
                <Link className="text-primary underline" to="/app/property-managers/">
                  {team.property_managers} property manager{team.property_managers === 1 ? '' : 's'}
                </Link>
              </p>
              <p>
                <Link className="text-primary underline" to="/app/maintenance-technicians/">
                  {team.maintenance_technicians} maintenance technician{team.maintenance_technicians === 1 ? '' : 's'}
                </Link>
                {team.invited ? ` and ${team.invited} invited` : ''}
              </p>
            </CardContent>
          </Card>
        ) : null}
        <Card className="md:col-span-1 xl:col-span-2">
          <CardHeader>
            <CardTitle>Workspace warnings</CardTitle>
            <CardDescription>Things in your setup that need attention.</CardDescription>
          </CardHeader>
          <CardContent>
            <WarningsList warnings={warnings} />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
