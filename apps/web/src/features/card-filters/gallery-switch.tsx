import { Icon } from '../../components/icons/icon.tsx'
import type { Preferences } from '../../store/preferences-slice.ts'
import segmented from './segmented.module.css'

type GallerySwitchProps = {
  value: Preferences['galleryStyle']
  disabled: boolean
  onChange: (value: Preferences['galleryStyle']) => void
}

/** List rows or a binder of card pictures. */
export function GallerySwitch({ value, disabled, onChange }: GallerySwitchProps) {
  return (
    <fieldset className={segmented.fieldset} disabled={disabled}>
      <legend className="visually-hidden">Card display</legend>
      <div className={segmented.group}>
        <button
          type="button"
          className={segmented.segment}
          aria-pressed={value === 'list'}
          onClick={() => onChange('list')}
        >
          <Icon name="list" />
          List
        </button>
        <button
          type="button"
          className={segmented.segment}
          aria-pressed={value === 'binder'}
          onClick={() => onChange('binder')}
        >
          <Icon name="binder" />
          Binder
        </button>
      </div>
    </fieldset>
  )
}
