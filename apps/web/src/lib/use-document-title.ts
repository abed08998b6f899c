import { useEffect } from 'react'
import { pageTitle } from './route-meta.ts'

/** Sets the page title ('route title - Spellboard') for screens whose title comes from data. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title)
  }, [title])
}
