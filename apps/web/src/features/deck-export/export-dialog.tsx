import { deckExportText, type ExportableDeck } from '@spellboard/core/deck-text'
import { useMemo, useRef, useState } from 'react'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Toggle } from '../../components/ui/checkbox.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { copyText } from './copy-text.ts'
import styles from './export-dialog.module.css'
import { shareUrl } from './share-url.ts'

/** A deck as the dialog shares it: the share link only exists once the deck is saved. */
export type ShareableDeck = ExportableDeck & {
  direct_share_uuid?: string | null
  is_snapshot?: boolean
  is_public?: boolean
}

type ExportDialogProps = {
  open: boolean
  onClose: () => void
  deck: ShareableDeck
}

/** Share link and plain-text export of a deck, with the text options kept as preferences. */
export function ExportDialog({ open, onClose, deck }: ExportDialogProps) {
  const preferences = useAppStore((state) => state.preferences)
  const setPreference = useAppStore((state) => state.setPreference)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const urlRef = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  const origin = window.location.origin

  const text = useMemo(
    () =>
      deckExportText(deck, {
        showCardCounts: preferences.exportShowCardCounts,
        sortByType: preferences.exportSortByType,
        showAttribution: preferences.exportShowAttribution,
        origin,
      }),
    [deck, preferences, origin],
  )
  const url = deck.direct_share_uuid ? shareUrl(origin, deck.direct_share_uuid) : null

  const copyDeckText = async () => {
    if (await copyText(text, textRef.current)) {
      setCopied(true)
      window.setTimeout(() => setCopied(false), 2000)
    }
  }

  const copyShareUrl = async () => {
    if (url && (await copyText(url, urlRef.current))) notify.success('Share URL copied!')
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share and export"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {url ? (
        <div className={styles.share}>
          {deck.is_snapshot ? (
            <p className={styles.hint}>
              Use this link to {deck.is_public ? '' : 'privately share your deck or '}import it into
              other tools.
            </p>
          ) : (
            <Alert tone="warning">
              <strong>Warning:</strong> anyone with this link can see the most recent saved copy of
              your deck!
            </Alert>
          )}
          <label htmlFor="share-url" className={styles.label}>
            Share URL
          </label>
          <div className={styles.urlRow}>
            <input
              ref={urlRef}
              id="share-url"
              className={styles.url}
              value={url}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            <Button onClick={() => void copyShareUrl()}>Copy share URL</Button>
          </div>
        </div>
      ) : null}

      <div className={styles.options}>
        <Toggle
          label="Card counts"
          checked={preferences.exportShowCardCounts}
          onChange={(event) => setPreference('exportShowCardCounts', event.target.checked)}
        />
        <Toggle
          label="Sort by type"
          checked={preferences.exportSortByType}
          onChange={(event) => setPreference('exportSortByType', event.target.checked)}
        />
        <Toggle
          label="Attribution"
          checked={preferences.exportShowAttribution}
          onChange={(event) => setPreference('exportShowAttribution', event.target.checked)}
        />
      </div>

      <label htmlFor="deck-export-text" className={styles.label}>
        Deck text
      </label>
      <textarea
        ref={textRef}
        id="deck-export-text"
        className={styles.text}
        value={text}
        readOnly
        rows={12}
        onClick={(event) => event.currentTarget.select()}
      />
      <div className={styles.copyRow}>
        <Button variant="primary" onClick={() => void copyDeckText()}>
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
    </Dialog>
  )
}
