import { Link } from 'react-router'

export const meta = () => [{ title: 'Bare page' }]

export function loader() {
  return { greeting: 'Hello from a bare React Router page' }
}

export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
  return (
    <main>
      <h1>{loaderData.greeting}</h1>
      <p>One route, one loader, server-rendered: the baseline for the Lintel page benchmark.</p>
      <ul>
        <li>
          <Link to="/">Home</Link>
        </li>
      </ul>
    </main>
  )
}
