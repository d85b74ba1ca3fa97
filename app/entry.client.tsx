import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// A screen whose code cannot be loaded (usually a deploy replaced it) reloads
// the page once, onto the new version, instead of leaving a broken screen.
const RELOADED = 'lintel:reloaded-after-chunk-error'
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault()
  if (sessionStorage.getItem(RELOADED)) return
  sessionStorage.setItem(RELOADED, String(Date.now()))
  window.location.reload()
})
window.setTimeout(() => sessionStorage.removeItem(RELOADED), 10_000)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
