import { describe, expectTypeOf, it } from 'vitest'
import type { Client, components, ListPaths } from '../../clients/typescript/src/index.js'

/** Compile-time checks of the typed client (tsc runs them; the calls below are never made). */
describe('the typed client', () => {
  it('types answers, list items and paths from the OpenAPI document', () => {
    const retrieve = (client: Client) => client.get('/v1/users/{id}', { params: { path: { id: 'usr_1' } } })
    expectTypeOf<Awaited<ReturnType<typeof retrieve>>>().toEqualTypeOf<components['schemas']['User']>()
    expectTypeOf<'/v1/users'>().toExtend<ListPaths>()
    expectTypeOf<'/v1/users/{id}'>().not.toExtend<ListPaths>()
    const misuse = async (client: Client) => {
      // @ts-expect-error an undocumented path does not compile
      await client.get('/v1/nothing')
      // @ts-expect-error a body field of the wrong type does not compile
      await client.post('/v1/users', { body: { email: 42 } })
      // @ts-expect-error PATCH is not a method of /v1/events
      await client.patch('/v1/events', {})
    }
    expectTypeOf(misuse).toBeFunction()
  })
})
