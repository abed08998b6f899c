import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Shared machines run many suites at once; give async UI a little longer than the default second.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())
