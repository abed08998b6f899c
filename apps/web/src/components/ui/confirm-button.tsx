import { TIMINGS } from '@spellboard/core/limits'
import { useEffect, useRef, useState } from 'react'
import { Button, type ButtonProps } from './button.tsx'

type ConfirmButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** Runs on the second click. */
  onConfirm: () => void
}

/**
 * The ask-once step of a destructive action: the first press sets `confirming` for 3 seconds,
 * and only a second press within that time runs `onConfirm`.
 */
export function useConfirmStep(onConfirm: () => void): { confirming: boolean; press: () => void } {
  const [confirming, setConfirming] = useState(false)
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const press = () => {
    window.clearTimeout(timer.current)
    if (!confirming) {
      setConfirming(true)
      timer.current = window.setTimeout(() => setConfirming(false), TIMINGS.deleteConfirmMs)
      return
    }
    setConfirming(false)
    onConfirm()
  }
  return { confirming, press }
}

/**
 * A destructive action that asks once: the first click turns the button into 'Confirm?' (in the
 * danger look) for 3 seconds, and only a second click within that time runs `onConfirm`.
 */
export function ConfirmButton({
  onConfirm,
  variant = 'secondary',
  children,
  ...rest
}: ConfirmButtonProps) {
  const { confirming, press: onClick } = useConfirmStep(onConfirm)
  return (
    <Button {...rest} variant={confirming ? 'danger' : variant} onClick={onClick}>
      {confirming ? 'Confirm?' : children}
    </Button>
  )
}
