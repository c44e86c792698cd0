import type { FastifyInstance } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { preferencesFromWire, renderUser } from '../../../contracts/users.js'
import { whenReady } from '../../../core/shared/maybe-promise.js'
import { ok, type Result } from '../../../core/shared/result.js'
import type { User } from '../../../core/user/user.js'
import type { UserService } from '../../../core/user/user-service.js'
import { defineRoute, fromRecord, listBody, type RecordOutput, type RouteOptions } from '../route.js'

const rendered = <E>(result: Result<User, E>): Result<{ body: ReturnType<typeof renderUser> }, E> =>
  result.ok ? ok({ body: renderUser(result.value) }) : result

const asRecord = <E>(result: Result<User, E>): Result<RecordOutput, E> =>
  result.ok ? ok(fromRecord(result.value, renderUser)) : result

export const userRoutes = (app: FastifyInstance, options: RouteOptions & { users: UserService }): void => {
  const { users } = options

  defineRoute(app, Endpoints.createUser, options, async ({ body, scope }) => {
    const result = await users.create(scope, { ...preferencesFromWire(body), email: body.email })
    return result.ok ? ok({ body: renderUser(result.value.user), status: result.value.created ? 201 : 200 }) : result
  })

  defineRoute(app, Endpoints.listUsers, options, async ({ query, scope, request }) => {
    const page = pageRequestOf(query)
    const result = await users.list(scope, { email: query.email }, page)
    return result.ok ? ok({ body: listBody(request, result.value.data.map(renderUser), result.value.hasMore) }) : result
  })

  // The hottest read: answered without a promise when the repository answers at once, and from the text kept for
  // the stored user object when the repository hands out the same one (see `RecordOutput`).
  defineRoute(app, Endpoints.retrieveUser, options, ({ params, scope }) =>
    whenReady(users.retrieve(scope, params.id), asRecord),
  )
  defineRoute(app, Endpoints.updateUser, options, async ({ params, body, scope }) =>
    rendered(await users.update(scope, params.id, preferencesFromWire(body))),
  )
  defineRoute(app, Endpoints.deactivateUser, options, async ({ params, scope }) =>
    rendered(await users.deactivate(scope, params.id)),
  )
  defineRoute(app, Endpoints.reactivateUser, options, async ({ params, scope }) =>
    rendered(await users.reactivate(scope, params.id)),
  )
  defineRoute(app, Endpoints.deleteUser, options, async ({ params, scope }) => {
    const result = await users.delete(scope, params.id)
    return result.ok ? ok({ body: { ...renderUser(result.value), deleted: true } }) : result
  })
}
