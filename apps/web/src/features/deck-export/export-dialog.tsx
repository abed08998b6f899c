import { deckExportText, type ExportableDeck } from '@spellboard/core/deck-text'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState } from 'react'
import { latestPublicSnapshotQuery } from '../../api/decks.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Toggle } from '../../components/ui/checkbox.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { copyText } from './copy-text.ts'
import styles from './export-dialog.module.css'
import { publicDeckUrl, shareUrl } from './share-url.ts'

/** A deck as the dialog shares it: the share link only exists once the deck is saved. */
export type ShareableDeck = ExportableDeck & {
  /** Null while the builder's deck is not saved yet. */
  id?: number | null
  /** A snapshot's working deck. */
  source_id?: number | null
  direct_share_uuid?: string | null
  is_snapshot?: boolean
  is_public?: boolean
}

/**
 * The public page of a deck that has been published: a public snapshot is its own; for a
 * working deck or a private snapshot it is the working deck's latest public snapshot.
 */
function usePublicUrl(deck: ShareableDeck, origin: string, open: boolean): string | null {
  const own = deck.is_snapshot && deck.is_public && deck.id ? deck.id : null
  const workingId = deck.is_snapshot ? deck.source_id : deck.id
  const latest = useQuery({
    ...latestPublicSnapshotQuery(workingId ?? 0),
    enabled: open && own === null && Boolean(workingId),
  })
  const id = own ?? (workingId ? latest.data : null)
  return id ? publicDeckUrl(origin, id) : null
}

/** An address to hand out, in a field that selects itself, with a button that copies it. */
function CopyableUrl({
  label,
  url,
  copyLabel,
  copied,
}: {
  label: string
  url: string
  copyLabel: string
  /** The toast once copied. */
  copied: string
}) {
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const copy = async () => {
    if (await copyText(url, field.current)) notify.success(copied)
  }
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.urlRow}>
        <input
          ref={field}
          id={id}
          className={styles.url}
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <Button onClick={() => void copy()}>{copyLabel}</Button>
      </div>
    </>
  )
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
  const publicUrl = usePublicUrl(deck, origin, open)

  const copyDeckText = async () => {
    if (await copyText(text, textRef.current)) {
      setCopied(true)
      window.setTimeout(() => setCopied(false), 2000)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share and export"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {publicUrl ? (
        <div className={styles.share}>
          <p className={styles.hint}>
            Your deck is published: anyone can find its latest published version at this address.
          </p>
          <CopyableUrl
            label="Public URL"
            url={publicUrl}
            copyLabel="Copy public URL"
            copied="Public URL copied!"
          />
        </div>
      ) : null}
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
          <CopyableUrl
            label="Share URL"
            url={url}
            copyLabel="Copy share URL"
            copied="Share URL copied!"
          />
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
