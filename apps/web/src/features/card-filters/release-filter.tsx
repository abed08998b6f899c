import { useMergeRefs } from '@floating-ui/react'
import type { Release } from '@spellboard/core/card-schemas'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { collectionQuery, releasesQuery, useSaveCollection } from '../../api/releases.ts'
import { Icon } from '../../components/icons/icon.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox, Toggle } from '../../components/ui/checkbox.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'
import { notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { usePopupPosition } from './popup-position.ts'
import { ReleaseBoxes } from './release-boxes.tsx'
import styles from './release-filter.module.css'

type Tab = 'all' | 'mine'

// The core boxes hold far more cards than an expansion; they get a full row in the picker.
const WIDE_RELEASES = new Set(['master-set', 'core-set'])

type ReleaseFilterProps = {
  legacy: boolean
  /** The releases picked under All (`r` in the URL); empty shows everything. */
  selected: string[]
  disabled: boolean
  onApply: (stubs: string[]) => void
}

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index])

/**
 * The Releases popup. Under All: everything, or the releases picked. Under Mine (players only,
 * Reborn only): the boxes of each release the player owns, saved to their account. Closing it
 * applies.
 */
export function ReleaseFilter({ legacy, selected, disabled, onApply }: ReleaseFilterProps) {
  const session = useAppStore((state) => state.session)
  const releaseFilter = useAppStore((state) => state.preferences.releaseFilter)
  const setPreference = useAppStore((state) => state.setPreference)
  const viewer = session?.badge ?? null
  const canUseMine = session !== null && !legacy
  const mineActive = canUseMine && releaseFilter === 'mine'

  const [open, setOpen] = useState(false)
  const [tab, setTab] = useState<Tab>('all')
  const [showEverything, setShowEverything] = useState(true)
  const [picked, setPicked] = useState<Set<string>>(new Set())
  /** Boxes owned per release under Mine, once the collection has arrived. */
  const [boxes, setBoxes] = useState<Record<string, number> | null>(null)
  const releases = useQuery({ ...releasesQuery(legacy, viewer), enabled: open })
  const collection = useQuery({ ...collectionQuery(viewer), enabled: open && canUseMine })
  const save = useSaveCollection(viewer)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const position = usePopupPosition(open)
  const buttonRef = useMergeRefs([button, position.refs.setReference])
  const panelRef = useMergeRefs([panel, position.refs.setFloating])

  // Under Mine the boxes start from the collection, which arrives after the popup opens.
  useEffect(() => {
    if (open && tab === 'mine' && boxes === null && collection.data && !collection.isFetching) {
      setBoxes({ ...collection.data.releases })
    }
  }, [open, tab, boxes, collection.data, collection.isFetching])

  const openPopup = () => {
    const startTab: Tab = mineActive ? 'mine' : 'all'
    setTab(startTab)
    setShowEverything(selected.length === 0)
    setPicked(new Set(startTab === 'all' ? selected : []))
    setBoxes(null)
    setOpen(true)
  }

  const ordered = useCallback(
    (stubs: Set<string>) => {
      const order = (releases.data ?? []).map((release) => release.stub)
      return [...stubs].sort((a, b) => order.indexOf(a) - order.indexOf(b))
    },
    [releases.data],
  )

  const closePopup = useCallback(() => {
    setOpen(false)
    if (tab === 'mine') {
      if (boxes) save.mutate(boxes, { onError: notifyApiError })
      if (releaseFilter !== 'mine') setPreference('releaseFilter', 'mine')
      return
    }
    const stubs = showEverything ? [] : ordered(picked)
    if (releaseFilter !== 'all') setPreference('releaseFilter', 'all')
    if (!sameList(stubs, selected)) onApply(stubs)
  }, [
    tab,
    boxes,
    picked,
    showEverything,
    selected,
    releaseFilter,
    ordered,
    save,
    setPreference,
    onApply,
  ])

  // Escape or a press outside the popup closes it, like the button does.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (panel.current?.contains(target) || button.current?.contains(target)) return
      closePopup()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      closePopup()
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open, closePopup])

  const switchTab = (next: Tab) => {
    setTab(next)
    if (next === 'mine') {
      setBoxes(null)
    } else {
      setPicked(new Set(selected))
    }
  }

  const toggle = (stub: string) =>
    setPicked((current) => {
      const next = new Set(current)
      if (next.has(stub)) next.delete(stub)
      else next.add(stub)
      return next
    })

  const active = mineActive || selected.length > 0
  const checkboxesOff = tab === 'all' && showEverything

  return (
    <div className={styles.wrapper}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        data-active={active}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled && !open}
        onClick={() => (open ? closePopup() : openPopup())}
      >
        <Icon name="filter" />
        Releases
        {active ? <span className="visually-hidden"> (active)</span> : null}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          className={styles.panel}
          style={position.floatingStyles}
          role="dialog"
          aria-label="Filter by release"
        >
          <Tabs<Tab>
            label="Show cards from"
            value={tab}
            onChange={switchTab}
            items={[
              { value: 'all', label: 'All' },
              { value: 'mine', label: 'Mine', disabled: !canUseMine },
            ]}
          >
            <div className={styles.body}>
              {tab === 'all' ? (
                <Toggle
                  label="Show everything"
                  checked={showEverything}
                  onChange={(event) => setShowEverything(event.target.checked)}
                />
              ) : (
                <p className={styles.hint}>Choose the releases you own, and how many boxes:</p>
              )}
              {tab === 'mine' ? (
                <ReleaseBoxes
                  releases={releases.data}
                  loading={releases.isPending || collection.isPending}
                  boxes={boxes}
                  onChange={setBoxes}
                />
              ) : (
                <ReleaseList
                  releases={releases.data}
                  loading={releases.isPending}
                  picked={picked}
                  disabled={checkboxesOff}
                  onToggle={toggle}
                />
              )}
              <div className={styles.footer}>
                <Button variant="primary" size="sm" onClick={closePopup}>
                  Done
                </Button>
              </div>
            </div>
          </Tabs>
        </div>
      ) : null}
    </div>
  )
}

type ReleaseListProps = {
  releases: Release[] | undefined
  loading: boolean
  picked: Set<string>
  disabled: boolean
  onToggle: (stub: string) => void
}

function ReleaseList({ releases, loading, picked, disabled, onToggle }: ReleaseListProps) {
  if (!releases) {
    return (
      <p className={styles.hint}>
        {loading ? 'Loading releases...' : 'Releases could not be loaded.'}
      </p>
    )
  }
  return (
    <ul className={styles.list}>
      {releases.map((release) => (
        <li
          key={release.stub}
          className={WIDE_RELEASES.has(release.stub) ? styles.wide : undefined}
        >
          <Checkbox
            label={release.name}
            checked={picked.has(release.stub)}
            disabled={disabled}
            onChange={() => onToggle(release.stub)}
          />
        </li>
      ))}
    </ul>
  )
}
