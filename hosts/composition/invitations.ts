import { ContainerModule } from 'inversify'
import { DeviceNotifier } from '../../core/device/device-notifier.js'
import { invitationLinks } from '../../core/invitation/invitation-links.js'
import { InvitationService } from '../../core/invitation/invitation-service.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'

/** Invitations to events, mailed to attendees with links to the surface's hosted pages. */
export const invitationsModule = (config: Config, livemode: boolean) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.PublicBaseUrl).toResolvedValue((urls) => (livemode ? urls.live : urls.test), [TOKENS.SurfaceBaseUrls])
    bind(TOKENS.InvitationService).toResolvedValue(
      (invitations, events, users, userRepository, ids, random, mail, base, devices, push) =>
        new InvitationService({
          invitations,
          events,
          users,
          userRepository,
          ids,
          random,
          mail,
          mailSettings: { from: config.mail.from, uidDomain: config.mail.from.address.split('@')[1] ?? 'localhost' },
          links: invitationLinks(base),
          notifier: new DeviceNotifier(devices, push),
        }),
      [
        TOKENS.InvitationRepository,
        TOKENS.EventRepository,
        TOKENS.UserService,
        TOKENS.UserRepository,
        TOKENS.IdGenerator,
        TOKENS.RandomSource,
        TOKENS.Mail,
        TOKENS.PublicBaseUrl,
        TOKENS.DeviceService,
        TOKENS.Push,
      ],
    )
  })
