import { ChangePasswordForm } from '~/components/change-password'
import { changePasswordAction } from '~/utils/change-password.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/change-password'

export const meta: Route.MetaFunction = () => [{ title: title('Change Password') }]
export const action = ({ request, url }: Route.ActionArgs) => changePasswordAction({ request, url }, '/mt/')

export default function MTChangePassword({ actionData }: Route.ComponentProps) {
  return <ChangePasswordForm result={actionData?.result} />
}
