import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The API package's folder (`apps/api`), for the files the server reads at run time. This file
 * sits directly in `src/`, and production runs the bundle `dist/server.js` from the folder
 * beside it: one level up is `apps/api` from both.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..')

/** The original demo card set shipped with the project. */
export const DEMO_DATA_DIR = path.join(API_ROOT, 'demo-data')

/**
 * A new embedded database, already migrated, made by `npm run build` (db/template.ts): a new
 * data folder starts as a copy of it instead of running initdb and every migration.
 */
export const EMBEDDED_TEMPLATE_DIR = path.join(API_ROOT, 'dist', 'pglite-template')

/** Spellboard's version, from the package file: other sites see it in our `User-Agent`. */
export const SPELLBOARD_VERSION: string = (
  JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { version: string }
).version
