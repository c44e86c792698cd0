import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { expectOk } from '../../core/shared/result.js'
import { CONNECTION_TOKEN_KEY_FILE, connectionTokenKey } from '../../hosts/composition/connection-token-key.js'
import { OAUTH_SIGNING_KEY_FILE, oauthSigningKey } from '../../hosts/composition/oauth.js'
import { loadConfig } from '../../hosts/config.js'

describe('CONNECTION_TOKEN_KEY on the embedded default', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'token-key-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  it('is generated once into DATA_DIR, readable by its owner only, and reused: a sealed token opens after a restart', () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    const first = connectionTokenKey(config, false)
    const path = join(dataDir, CONNECTION_TOKEN_KEY_FILE)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toEqual(Buffer.from(first))
    const sealed = new AesGcmTokenCipher(first).seal('refresh-token-1')
    // A second process on the same directory.
    const second = connectionTokenKey(loadConfig({ DATA_DIR: dataDir }), false)
    expect(Buffer.from(second)).toEqual(Buffer.from(first))
    expect(expectOk(new AesGcmTokenCipher(second).open(sealed))).toBe('refresh-token-1')
  })

  it('uses the configured key and writes no file; the tests ephemeral storage gets a random key and no file', () => {
    const configured = loadConfig({ DATA_DIR: dataDir, CONNECTION_TOKEN_KEY: 'cd'.repeat(32) })
    expect(Buffer.from(connectionTokenKey(configured, false))).toEqual(Buffer.alloc(32, 0xcd))
    const ephemeral = loadConfig({ DATA_DIR: dataDir })
    expect(Buffer.from(connectionTokenKey(ephemeral, true))).not.toEqual(
      Buffer.from(connectionTokenKey(ephemeral, true)),
    )
    expect(() => statSync(join(dataDir, CONNECTION_TOKEN_KEY_FILE))).toThrow(/ENOENT/)
  })

  it('refuses a damaged key file rather than replacing it (the tokens sealed with it would be lost)', () => {
    writeFileSync(join(dataDir, CONNECTION_TOKEN_KEY_FILE), 'not a key\n', { mode: 0o600 })
    expect(() => connectionTokenKey(loadConfig({ DATA_DIR: dataDir }), false)).toThrow(/32-byte/)
  })
})

describe('OAUTH_SIGNING_KEY on the embedded default (the same key file rules)', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'signing-key-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  it('is generated once into DATA_DIR (mode 0600) and reused after a restart', () => {
    const first = oauthSigningKey(loadConfig({ DATA_DIR: dataDir }), false)
    expect(statSync(join(dataDir, OAUTH_SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600)
    expect(Buffer.from(oauthSigningKey(loadConfig({ DATA_DIR: dataDir }), false))).toEqual(Buffer.from(first))
  })

  it('refuses a file that holds no 32-byte key, naming it, instead of replacing it', () => {
    const path = join(dataDir, OAUTH_SIGNING_KEY_FILE)
    writeFileSync(path, 'c2hvcnQ=\n', { mode: 0o600 })
    expect(() => oauthSigningKey(loadConfig({ DATA_DIR: dataDir }), false)).toThrow(/oauth-signing\.key.*32-byte/)
    expect(readFileSync(path, 'utf8')).toBe('c2hvcnQ=\n')
  })
})
