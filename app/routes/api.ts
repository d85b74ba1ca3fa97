import { getApi } from '~/api'
import type { Route } from './+types/api'

// Every method of /api/* goes to the Hono app unchanged.
export const loader = ({ request }: Route.LoaderArgs) => getApi().fetch(request)
export const action = ({ request }: Route.ActionArgs) => getApi().fetch(request)
