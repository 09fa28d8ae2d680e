// The part of the SES SDK the mailer uses, imported with import() on the first mail. A module of its own
// so the bundler keeps only these: import('@aws-sdk/client-ses') would keep every command of the client.
export { SendEmailCommand, SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
