import { useRouteLoaderData } from 'react-router'
import { allows } from '~/domain/permissions'
import type { ReferenceChoices } from '~/resources/engine/pages.server'
import type { FieldView } from '~/resources/engine/view'
import type { loader as staffLayoutLoader } from '~/routes/app/layout'

/** Whether a picker has nothing to offer at all: its target has no records (not merely none matching a search). */
export const nothingToPick = (choices: ReferenceChoices) => !choices.options.length && !choices.more && !choices.search

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`

/**
 * Said in place of an empty select: there is nothing to choose yet, and a link to where one is
 * made when this person may make one.
 */
export function EmptyPicker({ field, id }: { field: FieldView; id?: string }) {
  const me = useRouteLoaderData<typeof staffLayoutLoader>('routes/app/layout')?.me
  const noun = field.targetSingular?.toLowerCase() ?? 'record'
  const add = field.targetNew && me && allows(me, field.targetNew) ? field.targetNew : null
  return (
    <p id={id} className="text-sm text-muted-foreground">
      No {noun} yet.{' '}
      {add ? (
        <a href={add.href} className="font-medium text-primary underline">
          Add {withArticle(noun)}
        </a>
      ) : null}
    </p>
  )
}
