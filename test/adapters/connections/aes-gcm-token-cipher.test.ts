import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AesGcmTokenCipher, parseTokenKey } from '../../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { tokenCipherContract } from '../../contracts/token-cipher.contract.js'

const key = randomBytes(32)
tokenCipherContract(
  'AesGcmTokenCipher',
  () => new AesGcmTokenCipher(key),
  () => new AesGcmTokenCipher(randomBytes(32)),
)

describe('CONNECTION_TOKEN_KEY parsing', () => {
  it('takes 64 hex digits or base64 of 32 bytes, nothing else', () => {
    expect(parseTokenKey('00'.repeat(32))?.length).toBe(32)
    expect(parseTokenKey(randomBytes(32).toString('base64'))?.length).toBe(32)
    expect(parseTokenKey(randomBytes(16).toString('base64'))).toBeNull()
    expect(parseTokenKey('short')).toBeNull()
  })

  it('refuses a key of the wrong size at construction', () => {
    expect(() => new AesGcmTokenCipher(randomBytes(16))).toThrow(/32-byte/)
  })
})
