import { useNavigate } from 'react-router'

/**
 * Client-side navigation for the plain anchors inside an element, from one click handler on it.
 * A router Link runs several hooks to render, which adds up over the sidebar's sixty links or a
 * list's rows; an anchor costs nothing, and without JavaScript it is an ordinary link anyway.
 * `after` runs when it starts a navigation (the sidebar closes itself when narrow).
 */
export function useLinkNavigation(after?: () => void) {
  const navigate = useNavigate()
  return (event: React.MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a')
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
    // mailto:, tel: and other sites are left to the browser.
    const target = new URL(link.href)
    if (target.origin !== window.location.origin) return
    event.preventDefault()
    after?.()
    navigate(target.pathname + target.search + target.hash)
  }
}
