import { createHash } from 'node:crypto'

/** RFC 7636 S256: the challenge sent with the authorization request, from the verifier we keep. */
export const pkceChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url')
