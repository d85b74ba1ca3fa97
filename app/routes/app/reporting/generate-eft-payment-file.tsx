import { data, Form } from 'react-router'
import { Breadcrumbs, EmptyState, PageHeader, Table, Td, Th, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/generate-eft-payment-file'

/*
 * The EFT payment file (issue 16 item 3): choose the bank account, tick the EFT payments waiting to
 * be sent, and download its next CPA-005 file for the bank's portal (eft-file-download.ts). A payment whose vendor's bank
 * details the bank would reject is listed with what is missing, and cannot be ticked. Plain forms:
 * the download is a native form submission, with or without JavaScript.
 */

type Waiting = { id: string; label: string; date: string; amount: string; vendor_id: string; vendor_label: string; problems: string[] }
type Bank = { id: string; name: string; eft_originator_id: string | null }

export const meta: Route.MetaFunction = () => [{ title: title('EFT Payment File') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const banks = (await api.get<Page<Bank>>('bank-accounts/?is_active=true&page_size=100')).results
  // The account set up for EFT, where one is.
  const chosen = url.searchParams.get('bank_account_id') ?? banks.find((b) => b.eft_originator_id)?.id ?? (banks.length === 1 ? banks[0].id : null)
  const waiting = chosen ? await api.send<{ bank_account_label: string; last_file_number: number; results: Waiting[] }>('GET', `reporting/eft-payments/?bank_account_id=${encodeURIComponent(chosen)}`) : null
  if (waiting && !waiting.ok) throw data(waiting.error, { status: typeof waiting.status === 'number' ? waiting.status : 500 })
  return { banks, chosen, waiting: waiting?.ok ? waiting.data : null }
}

export default function EftPaymentFilePage({ loaderData }: Route.ComponentProps) {
  const { banks, chosen, waiting } = loaderData
  const money = useDisplayMoney()
  const ready = waiting?.results.filter((p) => !p.problems.length) ?? []
  const held = waiting?.results.filter((p) => p.problems.length) ?? []
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Reports', href: '/app/reporting/generate-report/' }, { label: 'EFT Payment File' }]} />
      <PageHeader title="EFT Payment File" />
      <p className="text-sm text-muted-foreground">The bill payments made by EFT and not yet sent to the bank, as a CPA-005 file for your bank’s portal. Each file takes the account’s next file number; a payment goes in one file only.</p>
      <Card>
        <CardContent className="pt-6">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Paid from
              <select name="bank_account_id" defaultValue={chosen ?? ''} className="h-10 rounded-md border bg-background px-3 text-sm">
                <option value="">Choose…</option>
                {banks.map((bank) => (
                  <option key={bank.id} value={bank.id}>
                    {bank.name}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="outline">
              Show payments
            </Button>
          </Form>
        </CardContent>
      </Card>
      {waiting ? (
        <Card>
          <CardContent className="flex flex-col gap-4 pt-6">
            <h2 className="text-lg font-semibold">
              Waiting to be sent from {waiting.bank_account_label} <span className="text-sm font-normal text-muted-foreground">(last file: {waiting.last_file_number || 'none yet'})</span>
            </h2>
            {ready.length ? (
              <Form method="post" action="/app/reporting/generate-eft-payment-file/download/" reloadDocument className="flex flex-col gap-4">
                <input type="hidden" name="bank_account_id" value={chosen ?? ''} />
                <Table>
                  <thead>
                    <tr>
                      <Th>
                        <span className="sr-only">Send</span>
                      </Th>
                      <Th>Paid on</Th>
                      <Th>Vendor</Th>
                      <Th numeric>Amount</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {ready.map((payment) => (
                      <tr key={payment.id} className="border-t">
                        <Td>
                          <input type="checkbox" name="bill_payment_ids" value={payment.id} defaultChecked aria-label={`Send: ${payment.label}, ${money(payment.amount)}`} className="size-4 accent-primary" />
                        </Td>
                        <Td>{payment.date}</Td>
                        <Td>{payment.vendor_label}</Td>
                        <Td className="text-right tabular-nums">{money(payment.amount)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
                <Button type="submit" className="self-start">
                  Download the EFT file
                </Button>
              </Form>
            ) : (
              <EmptyState title="Nothing to send">No EFT payment from this account is waiting.</EmptyState>
            )}
            {held.length ? (
              <section aria-label="Held back" className="flex flex-col gap-2">
                <h3 className="text-base font-semibold">Held back: the bank would reject them</h3>
                <ul className="list-disc pl-5 text-sm">
                  {held.map((payment) => (
                    <li key={payment.id}>
                      <a className="underline" href={`/app/vendors/${payment.vendor_id}/`}>
                        {payment.vendor_label}
                      </a>{' '}
                      ({payment.label}, {money(payment.amount)}): {payment.problems.join(', ')}.
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </div>
  )
}
