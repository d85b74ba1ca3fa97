import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'
import { Button } from './ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card'
import { Field, ErrorSummary } from './ui/field'

/** The change-password page, the same in all three areas. */
export function ChangePasswordForm({ result }: { result?: SubmissionResult<string[]> }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'change-password', lastResult: result })
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6">
      <h1 className="text-2xl font-bold">Change Password</h1>
      <Card>
        <CardHeader>
          <CardTitle>Choose a new password</CardTitle>
          <CardDescription>You stay signed in here; use the new password next time.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <Field label="Current password" meta={fields.current_password} type="password" autoComplete="current-password" required />
            <Field label="New password" meta={fields.new_password} type="password" autoComplete="new-password" help="At least 8 characters." required />
            <Field label="Repeat the new password" meta={fields.confirm_password} type="password" autoComplete="new-password" required />
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              Change password
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
