import { useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'

/**
 * A box to draw a signature in with a finger, pen or mouse, which puts the drawing into a hidden
 * input (`name`) as a PNG data URL. It is made by JavaScript only: without it the page shows
 * `fallback` instead, and the typed name is the signature.
 */
export function SignaturePad({ name, label, fallback }: { name: string; label: string; fallback: React.ReactNode }) {
  const [enhanced, setEnhanced] = useState(false)
  const [value, setValue] = useState('')
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawing = useRef(false)

  useEffect(() => setEnhanced(true), [])

  useEffect(() => {
    const element = canvas.current
    if (!element) return
    // Drawn at the screen's own resolution, so a phone's strokes stay sharp.
    const ratio = window.devicePixelRatio || 1
    element.width = element.clientWidth * ratio
    element.height = element.clientHeight * ratio
    const context = element.getContext('2d')
    if (!context) return
    context.scale(ratio, ratio)
    context.lineWidth = 2.2
    context.lineCap = 'round'
    context.lineJoin = 'round'
    context.strokeStyle = '#111827'
  }, [enhanced])

  const at = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return [event.clientX - box.left, event.clientY - box.top] as const
  }
  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d')
    if (!context) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drawing.current = true
    const [x, y] = at(event)
    context.beginPath()
    context.moveTo(x, y)
    context.lineTo(x + 0.1, y + 0.1)
    context.stroke()
  }
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    const context = event.currentTarget.getContext('2d')
    const [x, y] = at(event)
    context?.lineTo(x, y)
    context?.stroke()
  }
  const end = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    drawing.current = false
    setValue(event.currentTarget.toDataURL('image/png'))
  }
  const clear = () => {
    const element = canvas.current
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height)
    setValue('')
  }

  if (!enhanced) return <>{fallback}</>
  return (
    <div className="flex flex-col gap-2">
      <span id={`${name}-label`} className="text-sm font-medium">
        {label}
      </span>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={`${name}-label`}
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-md border-2 border-dashed border-input bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
      />
      <input type="hidden" name={name} value={value} />
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{value ? 'Signature drawn.' : 'Optional: your typed name is your signature either way.'}</span>
        <Button type="button" variant="outline" size="sm" onClick={clear}>
          Clear
        </Button>
      </div>
    </div>
  )
}
