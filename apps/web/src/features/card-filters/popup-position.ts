import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react'

/** Room kept between the popup and the edges of the window. */
const EDGE_PX = 8

/**
 * Where the popup goes: under the button, flipped above it or shifted sideways when the window
 * (narrowed by the builder pane, or a phone's) has no room, and never taller or wider than the
 * room there is, so it always opens inside the viewport.
 */
export function usePopupPosition(open: boolean) {
  return useFloating({
    open,
    placement: 'bottom-end',
    strategy: 'fixed',
    middleware: [
      offset(4),
      flip({ padding: EDGE_PX }),
      shift({ padding: EDGE_PX }),
      size({
        padding: EDGE_PX,
        apply({ availableWidth, availableHeight, elements }) {
          const style = elements.floating.style
          style.setProperty('--popup-max-width', `${Math.floor(availableWidth)}px`)
          style.setProperty('--popup-max-height', `${Math.max(160, Math.floor(availableHeight))}px`)
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  })
}
