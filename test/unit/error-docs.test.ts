import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../contracts/errors.js'

describe('docs/errors.md documents every error code', () => {
  it('has a row with status, type and code for each code the API can answer', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'errors.md'), 'utf8')
    for (const [code, { status, type }] of Object.entries(ERROR_CODES)) {
      expect(doc).toContain(`| ${status} | \`${type}\` | \`${code}\` |`)
    }
  })
})
