import { describe, expect, it } from 'vitest'
import { downgradeResource, downgradeResponse, upgradeRequest, type VersionChange } from '../../contracts/versions.js'

// Two synthetic changes, to check the mechanism independently of the real history.
const changes: VersionChange[] = [
  {
    version: '2026-03-04',
    description: 'thing.size renamed thing.dimensions',
    downgradeResource: { thing: ({ dimensions, ...rest }) => ({ ...rest, size: dimensions }) },
    upgradeRequest: {
      'POST /v1/things': ({ size, ...rest }) => (size === undefined ? rest : { ...rest, dimensions: size }),
    },
    downgradeResponse: {
      'POST /v1/things': (response) => ({
        statusCode: 200,
        headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'Location')),
      }),
    },
  },
  {
    version: '2026-05-20',
    description: 'thing.label added',
    downgradeResource: { thing: ({ label: _label, ...rest }) => rest },
  },
]

describe('Version changes: ordered transformations of requests and responses', () => {
  const latest = { object: 'thing', id: 't_1', dimensions: 3, label: 'x' }

  it('leaves the latest version untouched', () => {
    expect(downgradeResource(latest, '2026-05-20', changes)).toEqual(latest)
  })

  it('applies every newer change, newest first', () => {
    expect(downgradeResource(latest, '2026-03-04', changes)).toEqual({ object: 'thing', id: 't_1', dimensions: 3 })
    expect(downgradeResource(latest, '2025-12-09', changes)).toEqual({ object: 'thing', id: 't_1', size: 3 })
  })

  it('converts the items of a list and ignores other resources', () => {
    const list = { object: 'list', data: [latest, { object: 'user', id: 'usr_1' }] }
    expect(downgradeResource(list, '2025-12-09', changes)).toEqual({
      object: 'list',
      data: [
        { object: 'thing', id: 't_1', size: 3 },
        { object: 'user', id: 'usr_1' },
      ],
    })
  })

  it('upgrades an old request oldest change first', () => {
    expect(upgradeRequest('POST /v1/things', { size: 2 }, '2025-06-15', changes)).toEqual({ dimensions: 2 })
    expect(upgradeRequest('POST /v1/things', { dimensions: 2 }, '2026-05-20', changes)).toEqual({ dimensions: 2 })
  })

  it('adjusts status and headers for older callers', () => {
    const response = { statusCode: 201, headers: { Location: '/v1/things/t_1' } }
    expect(downgradeResponse('POST /v1/things', response, '2025-12-09', changes)).toEqual({
      statusCode: 200,
      headers: {},
    })
    expect(downgradeResponse('POST /v1/things', response, '2026-03-04', changes)).toEqual(response)
  })
})
