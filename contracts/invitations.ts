import { Schema } from 'effect'
import {
  EMAIL_TYPES,
  INVITATION_STATUSES,
  type Invitation,
  MAIL_NOTICES,
  RESPONSES,
} from '../core/invitation/invitation.js'
import type { SentMail } from '../core/ports/mail.js'
import { boundedString, DateTime, Email, listItem, ResponseMeta } from './common.js'
import { type EndpointContract, NoBody, type OtherResponse } from './endpoint.js'

export const InvitationResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('invitation'),
  event_id: Schema.String,
  organizer_user_id: Schema.String,
  attendee_email: Schema.String,
  attendee_name: Schema.NullOr(Schema.String),
  attendee_user_id: Schema.NullOr(Schema.String).annotate({
    description: 'Set when the attendee is also a user of the account.',
  }),
  response_token: Schema.String.annotate({
    description: 'Unique token of the response links; lets the attendee answer without an API key.',
  }),
  status: Schema.Literals(INVITATION_STATUSES),
  email_type: Schema.Literals(EMAIL_TYPES).annotate({
    description: 'The latest revision: invite, update (time or place changed) or cancel (event deleted).',
  }),
  ical_sequence: Schema.Int.annotate({ description: 'iCalendar (RFC 5545) SEQUENCE of the latest revision.' }),
  response: Schema.NullOr(Schema.Literals(RESPONSES)).annotate({
    description: "The attendee's answer, null until they answer.",
  }),
  responded_at: Schema.NullOr(DateTime),
  unsubscribed: Schema.Boolean,
  created_at: DateTime,
  ...ResponseMeta,
}).annotate({
  identifier: 'Invitation',
  description: 'One attendee of one event, with delivery and response tracking.',
})

export const CreateInvitationsRequest = Schema.Struct({
  event_id: boundedString(64),
  attendees: Schema.Array(Schema.Struct({ email: Email, name: Schema.optionalKey(Schema.NullOr(boundedString(200))) }))
    .check(Schema.isMinLength(1))
    .check(Schema.isMaxLength(100)),
}).annotate({ identifier: 'CreateInvitationsRequest' })

export const RespondRequest = Schema.Struct({ status: Schema.Literals(RESPONSES) }).annotate({
  identifier: 'RespondToInvitationRequest',
})

export const RespondQuery = Schema.Struct({
  response_token: Schema.optionalKey(
    boundedString(128).annotate({ description: "The invitation's token, for attendees answering without an API key." }),
  ),
})

/**
 * Query of the token-addressed links (pixel, hosted pages). Documentation only: the
 * handlers read these leniently, since mail clients and link scanners append their own parameters.
 */
/** The response page's form: the link's token and the button pressed. Other fields are ignored. */
export const RespondForm = Schema.Struct({
  token: Schema.String.annotate({ description: "The invitation's response_token (from the page's link)." }),
  status: Schema.Literals(RESPONSES).annotate({ description: 'The button pressed.' }),
}).annotate({ identifier: 'HostedRespondForm' })

/** The unsubscribe page's form: the link's token. Other fields are ignored. */
export const UnsubscribeForm = Schema.Struct({
  token: Schema.String.annotate({ description: "The invitation's response_token (from the page's link)." }),
}).annotate({ identifier: 'HostedUnsubscribeForm' })

/** The open-tracking pixel's query: the image is the same with any token or none, so none is required. */
export const OpenPixelQuery = Schema.Struct({
  token: Schema.optionalKey(
    Schema.String.annotate({ description: "The invitation's response_token; the open is recorded when it matches." }),
  ),
})

export const TokenLinkQuery = Schema.Struct({
  token: boundedString(128).annotate({ description: "The invitation's response_token." }),
  choice: Schema.optionalKey(
    Schema.Literals(RESPONSES).annotate({
      description: 'Response page only: the answer to highlight (it is not recorded until the button is pressed).',
    }),
  ),
})

export const InvitationListResource = Schema.Struct({
  object: Schema.Literal('list'),
  data: Schema.Array(listItem(InvitationResource)),
  has_more: Schema.Boolean,
  url: Schema.String,
  livemode: Schema.Boolean,
  request_id: Schema.String,
}).annotate({ identifier: 'InvitationList' })

export const MailNoticeResource = Schema.Struct({
  object: Schema.Literal('mail_notice'),
  invitation_id: Schema.String,
  type: Schema.Literals(MAIL_NOTICES),
  applied: Schema.Boolean.annotate({
    description: 'False when the notice changed nothing (a repeat, or a stage already passed).',
  }),
  status: Schema.Literals(INVITATION_STATUSES),
  ...ResponseMeta,
}).annotate({ identifier: 'MailNotice' })

/** The signed body the mail provider (or a relay in front of it) posts to the inbound endpoint. */
export const InboundMailNotice = Schema.Struct({
  id: boundedString(128).annotate({ description: "The provider's id of this notice." }),
  type: Schema.Literals(MAIL_NOTICES),
  invitation_id: boundedString(64).annotate({ description: 'From the `X-Service-Invitation` header of the e-mail.' }),
  occurred_at: Schema.optionalKey(DateTime),
  detail: Schema.optionalKey(boundedString(2000)),
}).annotate({ identifier: 'InboundMailNotice' })

export const SentEmailsQuery = Schema.Struct({
  invitation_id: Schema.optionalKey(boundedString(64)),
  to: Schema.optionalKey(Email),
})

export const SentEmailResource = Schema.Struct({
  object: Schema.Literal('sent_email'),
  id: Schema.String,
  sent_at: DateTime,
  invitation_id: Schema.String,
  from: Schema.String,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  html: Schema.String,
  headers: Schema.Record(Schema.String, Schema.String),
  calendar: Schema.NullOr(Schema.Struct({ method: Schema.String, filename: Schema.String, content: Schema.String })),
})

export const SentEmailListResource = Schema.Struct({
  object: Schema.Literal('list'),
  data: Schema.Array(SentEmailResource),
  has_more: Schema.Boolean,
  url: Schema.String,
  livemode: Schema.Boolean,
  request_id: Schema.String,
}).annotate({ identifier: 'SentEmailList' })

export const renderInvitation = (invitation: Invitation) => ({
  id: invitation.id,
  object: 'invitation' as const,
  event_id: invitation.eventId,
  organizer_user_id: invitation.organizerUserId,
  attendee_email: invitation.attendeeEmail,
  attendee_name: invitation.attendeeName,
  attendee_user_id: invitation.attendeeUserId,
  response_token: invitation.responseToken,
  status: invitation.status,
  email_type: invitation.emailType,
  ical_sequence: invitation.icalSequence,
  response: invitation.response,
  responded_at: invitation.respondedAt?.toISOString() ?? null,
  unsubscribed: invitation.unsubscribed,
  created_at: invitation.createdAt.toISOString(),
  livemode: invitation.livemode,
})

const address = (value: { address: string; name: string | null }) =>
  value.name === null ? value.address : `${value.name} <${value.address}>`

export const renderSentEmail = (sent: SentMail) => ({
  object: 'sent_email' as const,
  id: sent.id,
  sent_at: sent.sentAt.toISOString(),
  invitation_id: sent.mail.tags.invitationId,
  from: address(sent.mail.from),
  to: address(sent.mail.to),
  subject: sent.mail.subject,
  text: sent.mail.text,
  html: sent.mail.html,
  headers: { ...sent.mail.headers },
  calendar: sent.mail.calendar === null ? null : { ...sent.mail.calendar },
})

/** The hosted pages' answer to a link whose invitation or token is wrong: an HTML page, never the JSON envelope. */
const LINK_NOT_VALID: OtherResponse = {
  status: 404,
  description: 'An HTML page saying the link is not valid: no invitation has this id and token.',
  contentType: 'text/html',
  only: true,
}

/** The Invitation endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const InvitationEndpoints = {
  createInvitations: {
    operationId: 'createInvitations',
    errors: ['account_deactivated'],
    permission: { resource: 'invitations', access: 'write' },
    method: 'POST',
    path: '/v1/invitations',
    summary: 'Invite attendees to an event: one invitation each, e-mailed with an iCalendar attachment',
    description:
      'Invites attendees to an event: one invitation each, e-mailed with an iCalendar attachment and links to the hosted response page. The sandbox records the e-mails instead of sending them (`listSentEmails`).',
    tag: 'Invitations',
    body: CreateInvitationsRequest,
    response: InvitationListResource,
    successStatus: 201,
  },
  retrieveInvitation: {
    operationId: 'retrieveInvitation',
    permission: { resource: 'invitations', access: 'read' },
    method: 'GET',
    path: '/v1/invitations/{id}',
    summary: 'Retrieve an invitation',
    description: "Returns one invitation: the attendee, their answer and the e-mail's delivery status.",
    tag: 'Invitations',
    response: InvitationResource,
  },
  respondToInvitation: {
    operationId: 'respondToInvitation',
    errors: ['invalid_state_transition', 'concurrent_modification'],
    permission: { resource: 'invitations', access: 'write' },
    method: 'POST',
    path: '/v1/invitations/{id}/respond',
    summary: "Record the attendee's answer: with the account's key, or with `response_token` and no key",
    description:
      "Records the attendee's answer and sends `invitation.responded`. Authorized by the account's key, or without a key by the invitation's `response_token`.",
    tag: 'Invitations',
    body: RespondRequest,
    query: RespondQuery,
    response: InvitationResource,
    authenticated: 'optional',
  },
  invitationOpenPixel: {
    operationId: 'invitationOpenPixel',
    permission: 'any_key',
    method: 'GET',
    path: '/v1/invitations/{id}/open.gif',
    summary: 'Open-tracking pixel of the e-mail (token-addressed, no key)',
    description:
      'The 1x1 image embedded in the invitation e-mail: loading it with the right token marks the e-mail opened. It answers the same image whatever the token, so it reveals nothing.',
    tag: 'Invitations',
    query: OpenPixelQuery,
    responseDescription: 'A 1x1 transparent GIF, whatever the token',
    responseContentType: 'image/gif',
    authenticated: false,
    answersNotFound: false,
  },
  inboundMailNotice: {
    operationId: 'inboundMailNotice',
    errors: ['signature_invalid', 'resource_missing'],
    permission: 'any_key',
    method: 'POST',
    path: '/v1/inbound/mail_events',
    summary: 'Delivery, open and bounce notices from the mail provider (HMAC-signed, no key)',
    description:
      "Receives delivery, open and bounce notices from the mail provider, authenticated by their HMAC signature instead of a key, and updates the invitation's delivery status.",
    tag: 'Invitations',
    body: InboundMailNotice,
    response: MailNoticeResource,
    authenticated: false,
  },
  hostedRespondPage: {
    operationId: 'hostedRespondPage',
    permission: 'any_key',
    method: 'GET',
    path: '/hosted/invitations/{id}/respond',
    summary: 'Hosted response page linked from the e-mail (HTML; `token` query parameter)',
    description:
      'The HTML page the invitation e-mail links to: the event and accept, maybe and decline buttons, addressed by the invitation id and its token. No key; a wrong token gives a page saying the link is not valid.',
    tag: 'Hosted pages',
    query: TokenLinkQuery,
    responseDescription: 'An HTML page with accept, maybe and decline buttons',
    responseContentType: 'text/html',
    otherResponses: [LINK_NOT_VALID],
    authenticated: false,
  },
  hostedRespondSubmit: {
    operationId: 'hostedRespondSubmit',
    permission: 'any_key',
    method: 'POST',
    path: '/hosted/invitations/{id}/respond',
    summary: 'Form post of the response page (application/x-www-form-urlencoded: token, status)',
    description:
      "Target of the response page's form: records the attendee's answer as `respondToInvitation` does and shows a confirmation page. No key; the token authorizes it.",
    tag: 'Hosted pages',
    formBody: RespondForm,
    responseDescription: 'An HTML confirmation page',
    responseContentType: 'text/html',
    otherResponses: [
      LINK_NOT_VALID,
      {
        status: 400,
        description: 'The response page again, asking to choose an answer: `status` was missing or unknown.',
        contentType: 'text/html',
      },
      {
        status: 409,
        description: 'An HTML page saying the answer was not saved: the invitation can no longer be answered.',
        contentType: 'text/html',
        only: true,
      },
    ],
    authenticated: false,
  },
  hostedUnsubscribePage: {
    operationId: 'hostedUnsubscribePage',
    permission: 'any_key',
    method: 'GET',
    path: '/hosted/invitations/{id}/unsubscribe',
    summary: 'Hosted unsubscribe page linked from the e-mail (HTML; `token` query parameter)',
    description:
      "The HTML page the invitation e-mail's unsubscribe link opens, with a confirm button. No key; the token addresses it.",
    tag: 'Hosted pages',
    query: TokenLinkQuery,
    responseDescription: 'An HTML page with a confirm button',
    responseContentType: 'text/html',
    otherResponses: [LINK_NOT_VALID],
    authenticated: false,
  },
  hostedUnsubscribeSubmit: {
    operationId: 'hostedUnsubscribeSubmit',
    permission: 'any_key',
    method: 'POST',
    path: '/hosted/invitations/{id}/unsubscribe',
    summary: 'Form post of the unsubscribe page (application/x-www-form-urlencoded: token)',
    description:
      "Target of the unsubscribe page's form: records the attendee's unsubscription (`invitation.unsubscribed`) and answers a confirmation page. No key; the token authorizes it.",
    tag: 'Hosted pages',
    formBody: UnsubscribeForm,
    responseDescription: 'An HTML confirmation page',
    responseContentType: 'text/html',
    otherResponses: [LINK_NOT_VALID],
    authenticated: false,
  },
  simulateInvitationDelivered: {
    operationId: 'simulateInvitationDelivered',
    errors: ['invalid_state_transition'],
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/invitations/{id}/deliver',
    summary: 'Simulate the provider reporting delivery of the e-mail',
    description:
      'Makes the sandbox act as if the mail provider reported the invitation e-mail delivered, with the same effects and webhooks. Sandbox only.',
    tag: 'Test helpers',
    body: NoBody,
    response: MailNoticeResource,
    sandboxOnly: true,
  },
  simulateInvitationOpened: {
    operationId: 'simulateInvitationOpened',
    errors: ['invalid_state_transition'],
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/invitations/{id}/open',
    summary: 'Simulate the attendee opening the e-mail',
    description:
      'Makes the sandbox act as if the attendee opened the invitation e-mail, with the same effects and webhooks. Sandbox only.',
    tag: 'Test helpers',
    body: NoBody,
    response: MailNoticeResource,
    sandboxOnly: true,
  },
  simulateInvitationBounced: {
    operationId: 'simulateInvitationBounced',
    errors: ['invalid_state_transition'],
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/invitations/{id}/bounce',
    summary: 'Simulate the provider reporting a bounce',
    description:
      'Makes the sandbox act as if the invitation e-mail bounced, with the same effects and webhooks. Sandbox only.',
    tag: 'Test helpers',
    body: NoBody,
    response: MailNoticeResource,
    sandboxOnly: true,
  },
  listSentEmails: {
    operationId: 'listSentEmails',
    permission: { resource: 'test_helpers', access: 'read' },
    method: 'GET',
    path: '/v1/test_helpers/sent_emails',
    summary: 'E-mails the sandbox sent for this account (never delivered), newest first',
    description:
      'Lists the e-mails the sandbox recorded for this account instead of delivering them, newest first, with their links. Sandbox only.',
    tag: 'Test helpers',
    query: SentEmailsQuery,
    response: SentEmailListResource,
    sandboxOnly: true,
  },
} as const satisfies Record<string, EndpointContract>
