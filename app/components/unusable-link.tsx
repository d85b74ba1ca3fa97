import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/** The page a mailed link opens once it is used, expired or unknown: why, and where to go instead. */
export function UnusableLink({ heading, problem, links }: { heading: string; problem: string; links: { to: string; label: string }[] }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{heading}</CardTitle>
          <CardDescription role="alert">{problem}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {links.map((link) => (
            <Link key={link.to} className="text-primary underline" to={link.to}>
              {link.label}
            </Link>
          ))}
        </CardContent>
      </Card>
    </div>
  )
}
