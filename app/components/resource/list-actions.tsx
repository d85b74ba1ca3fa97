import { Form, Link, useNavigation } from 'react-router'
import type { ListAction } from '~/resources/engine/define'
import type { ResourceView } from '~/resources/engine/view'
import { IdempotencyKey } from '../idempotency-key'
import { Button, buttonVariants } from '../ui/button'
import { yes } from './detail-sections'

/*
 * What is done to a list's records together (ListAction): a button in the list's header, or, for
 * one that asks to confirm, a link to its confirmation step (`?confirm={path}`), which the page
 * shows above the list. Both are plain links and forms, so they work without JavaScript.
 */

const intentOf = (action: ListAction) => `list:${action.path}`

function RunButton({ action, confirming }: { action: ListAction; confirming?: boolean }) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === intentOf(action)
  return (
    <Form method="post" aria-label={action.label}>
      <IdempotencyKey form={intentOf(action)} />
      <Button type="submit" name="intent" value={intentOf(action)} disabled={sending} variant={confirming ? 'default' : 'outline'}>
        {confirming ? yes(action.label) : action.label}
      </Button>
    </Form>
  )
}

/** The list's actions, for its header. */
export function ListActionButtons({ view }: { view: ResourceView }) {
  return view.listActions.map((action) =>
    action.confirm ? (
      <Link key={action.path} to={`${view.path}?confirm=${action.path}`} className={buttonVariants({ variant: 'outline' })}>
        {action.label}
      </Link>
    ) : (
      <RunButton key={action.path} action={action} />
    ),
  )
}

/** The confirmation step of the action the page's `?confirm=` names: what it will do, and Yes or Cancel. */
export function ListActionConfirmation({ view, confirming }: { view: ResourceView; confirming: string | null }) {
  const action = view.listActions.find((a) => a.confirm && a.path === confirming)
  if (!action) return null
  return (
    <section aria-label={action.label} className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <p className="font-medium">{action.confirm}</p>
      <div className="flex flex-wrap items-center gap-3">
        <RunButton action={action} confirming />
        <Link to={view.path} className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
      </div>
    </section>
  )
}
