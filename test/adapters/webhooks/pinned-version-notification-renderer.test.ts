import { MemoryAccountRepository } from '../../../adapters/storage/memory/account-repository.js'
import { LEGACY_ACCOUNT_FIELDS } from '../../../core/account/account.js'
import { PinnedVersionNotificationRenderer } from '../../../hosts/webhooks/notification-renderer.js'
import { notificationRendererContract } from '../../contracts/notification-renderer.contract.js'

notificationRendererContract('PinnedVersionNotificationRenderer', async () => {
  const accounts = new MemoryAccountRepository()
  const createdAt = new Date('2026-06-01T08:00:00Z')
  await accounts.insertAccount({
    id: 'acct_r',
    createdAt,
    pinnedVersion: '2025-12-09',
    rateLimits: null,
    sandboxClockOffsetMs: 0,
    ...LEGACY_ACCOUNT_FIELDS,
  })
  const endpoint = {
    id: 'we_1',
    accountId: 'acct_r',
    livemode: true,
    url: 'https://hooks.example.com',
    description: null,
    events: ['*'],
    status: 'disabled',
    disabledReason: 'failing',
    secrets: [{ secret: 'whsec_x', expiresAt: null }],
    failingSince: createdAt,
    connect: false,
    createdAt,
    updatedAt: createdAt,
    version: 2,
  }
  return {
    renderer: new PinnedVersionNotificationRenderer(accounts),
    event: {
      id: 'ntf_1',
      type: 'webhook_endpoint.disabled',
      accountId: 'acct_r',
      livemode: true,
      createdAt,
      objectType: 'webhook_endpoint',
      object: endpoint,
    },
    pinnedVersion: '2025-12-09',
  }
})
