import { FILE_LABELS } from '@portal/core/export';

/**
 * The server's English texts (ADR 090): the shape every other language's table follows. `{name}` is a
 * placeholder; an object with `one`/`other` (and `few`/`many` where the language has them) is a counted text.
 */
const en = {
  signInCode: {
    subject: 'Your sign-in code',
    body: 'Your portal sign-in code is {code}.',
    validity: {
      one: 'It is valid for {count} minute and works once. If you did not try to sign in, change your password.',
      other: 'It is valid for {count} minutes and works once. If you did not try to sign in, change your password.',
    },
  },
  setupCode: {
    subject: 'Confirm sign-in codes by e-mail',
    body: 'Your confirmation code is {code}.',
    validity: {
      one: 'Enter it in My Account within {count} minute to receive sign-in codes by e-mail.',
      other: 'Enter it in My Account within {count} minutes to receive sign-in codes by e-mail.',
    },
  },
  teamInvitation: {
    subject: 'You are invited to the portal',
    invited: '{inviter} invites you to use the portal with the e-mail address {email}.',
    open: {
      one: 'To choose your username and password, open this link within {count} day (it works once):',
      other: 'To choose your username and password, open this link within {count} days (it works once):',
    },
    notExpected: 'If you did not expect this invitation, ignore this mail: no account is created without you.',
  },
  passwordReset: {
    subject: 'Reset your portal password',
    asked: 'Someone asked to reset the password of the portal account "{username}".',
    open: {
      one: 'To choose a new password, open this link within {count} minute (it works once):',
      other: 'To choose a new password, open this link within {count} minutes (it works once):',
    },
    notYou: 'If this was not you, ignore this mail: your password stays as it is.',
  },
  emailChange: {
    confirmSubject: 'Confirm your new portal e-mail address',
    confirmAsked: 'The portal account "{username}" asked to use this e-mail address from now on.',
    confirmOpen: {
      one: 'To confirm it, open this link within {count} hour (it works once):',
      other: 'To confirm it, open this link within {count} hours (it works once):',
    },
    confirmUntil: 'Until then the account keeps its current address. If you did not ask for this, ignore this mail.',
    requestedSubject: 'Your portal e-mail address is about to change',
    requested: 'Someone signed in as "{username}" asked to change the account\'s e-mail address to {address}.',
    requestedWhen: 'The change takes effect only when the link sent to the new address is followed.',
    requestedNotYou: 'If this was not you, sign in, cancel the change under My Account and change your password.',
    completedSubject: 'Your portal e-mail address was changed',
    completed: 'The e-mail address of the portal account "{username}" is now {address}.',
    completedMails: 'Mails for this account, password reset links included, now go to that address.',
    completedNotYou: 'If this was not you, contact your administrator at once.',
  },
  reportMail: {
    subject: 'Report "{name}": {period}',
    intro: 'Here is the report "{name}" for {period}.',
    attached: { one: 'The file is attached.', other: 'The {count} files are attached.' },
    links: {
      one: 'The file is too large to attach; download it here:',
      other: 'The {count} files are too large to attach; download them here:',
    },
    validUntil: '(the link works until {day})',
    why: 'You receive this mail because you are on the mailing list of this report in the portal.',
    unsubscribe: 'To stop receiving this report, open:',
    unsubscribeLink: 'Unsubscribe from this report',
  },
  reportConfirmation: {
    subject: 'Please confirm: report mails from the portal',
    intro: 'You were added as a recipient of the report "{name}" in the portal.',
    ask: 'You will receive this report by e-mail only after you confirm. To confirm, open:',
    button: 'Confirm and receive the report',
    ignore: {
      one: 'If you do not want these mails, ignore this message: nothing will be sent to you. The link works for {count} day.',
      other: 'If you do not want these mails, ignore this message: nothing will be sent to you. The link works for {count} days.',
    },
  },
  request: {
    submittedSubject: 'Request {id} awaits your decision: {workflow}',
    submitted: '{by} submitted the step "{step}" of the request {id} ({workflow}).',
    note: 'Note: {text}',
    openToDecide: 'Open the request to approve or reject it:',
    approvedSubject: 'Request {id} approved: {workflow}',
    rejectedSubject: 'Request {id} rejected: {workflow}',
    complete: '{by} approved your request {id} ({workflow}). It is complete.',
    stepApproved: '{by} approved the step "{step}" of your request {id} ({workflow}). The next step is open.',
    rejected: '{by} rejected the step "{step}" of your request {id} ({workflow}). Please answer and submit it again.',
    comment: 'Comment: {text}',
    open: 'Open the request:',
  },
  orderPdf: {
    title: 'Order {id}',
    continued: 'Order {id} (continued)',
    retailer: 'Retailer',
    reference: 'Reference',
    orderedAt: 'Ordered at',
    orderedBy: 'Ordered by',
    status: 'Status',
    deliveryAddress: 'Delivery address',
    customerStoreId: 'Customer store ID',
    articleNo: 'Article no.',
    ean: 'EAN',
    name: 'Name',
    quantity: 'Quantity',
    noPositions: 'No order positions',
    total: { one: 'Total quantity ({count} position)', other: 'Total quantity ({count} positions)' },
    page: 'Page {page} of {pages}',
    statuses: { ...FILE_LABELS.orderStatus.en },
  },
};

export default en;
