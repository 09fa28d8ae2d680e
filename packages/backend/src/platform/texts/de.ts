import { FILE_LABELS } from '@portal/core/export';
import type { ServerTexts } from './shape.ts';

/** The server's German texts (ADR 090): „Sie“, German quotes, the glossary's words (docs/glossary.md). */
const de: ServerTexts = {
  signInCode: {
    subject: 'Ihr Anmeldecode',
    body: 'Ihr Anmeldecode für das Portal lautet {code}.',
    validity: {
      one: 'Er gilt {count} Minute und nur einmal. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.',
      other: 'Er gilt {count} Minuten und nur einmal. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.',
    },
  },
  setupCode: {
    subject: 'Anmeldecodes per E-Mail bestätigen',
    body: 'Ihr Bestätigungscode lautet {code}.',
    validity: {
      one: 'Geben Sie ihn innerhalb von {count} Minute unter „Mein Konto“ ein, um Anmeldecodes per E-Mail zu erhalten.',
      other: 'Geben Sie ihn innerhalb von {count} Minuten unter „Mein Konto“ ein, um Anmeldecodes per E-Mail zu erhalten.',
    },
  },
  teamInvitation: {
    subject: 'Einladung zum Portal',
    invited: '{inviter} lädt Sie ein, das Portal mit der E-Mail-Adresse {email} zu nutzen.',
    open: {
      one: 'Um Benutzernamen und Passwort zu wählen, öffnen Sie innerhalb von {count} Tag diesen Link (er funktioniert nur einmal):',
      other: 'Um Benutzernamen und Passwort zu wählen, öffnen Sie innerhalb von {count} Tagen diesen Link (er funktioniert nur einmal):',
    },
    notExpected: 'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail: Ohne Sie wird kein Konto angelegt.',
  },
  passwordReset: {
    subject: 'Passwort für das Portal zurücksetzen',
    asked: 'Für das Portal-Konto „{username}“ wurde das Zurücksetzen des Passworts angefordert.',
    open: {
      one: 'Um ein neues Passwort zu wählen, öffnen Sie innerhalb von {count} Minute diesen Link (er funktioniert nur einmal):',
      other: 'Um ein neues Passwort zu wählen, öffnen Sie innerhalb von {count} Minuten diesen Link (er funktioniert nur einmal):',
    },
    notYou: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  emailChange: {
    confirmSubject: 'Neue E-Mail-Adresse für das Portal bestätigen',
    confirmAsked: 'Das Portal-Konto „{username}“ möchte ab jetzt diese E-Mail-Adresse verwenden.',
    confirmOpen: {
      one: 'Zum Bestätigen öffnen Sie innerhalb von {count} Stunde diesen Link (er funktioniert nur einmal):',
      other: 'Zum Bestätigen öffnen Sie innerhalb von {count} Stunden diesen Link (er funktioniert nur einmal):',
    },
    confirmUntil: 'Bis dahin behält das Konto seine bisherige Adresse. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
    requestedSubject: 'Ihre E-Mail-Adresse im Portal wird geändert',
    requested: 'Jemand, der als „{username}“ angemeldet ist, möchte die E-Mail-Adresse des Kontos in {address} ändern.',
    requestedWhen: 'Die Änderung gilt erst, wenn der Link geöffnet wird, der an die neue Adresse gesendet wurde.',
    requestedNotYou:
      'Wenn Sie das nicht waren, melden Sie sich an, brechen Sie die Änderung unter „Mein Konto“ ab und ändern Sie Ihr Passwort.',
    completedSubject: 'Ihre E-Mail-Adresse im Portal wurde geändert',
    completed: 'Die E-Mail-Adresse des Portal-Kontos „{username}“ lautet jetzt {address}.',
    completedMails: 'E-Mails für dieses Konto, auch Links zum Zurücksetzen des Passworts, gehen ab jetzt an diese Adresse.',
    completedNotYou: 'Wenn Sie das nicht waren, wenden Sie sich sofort an Ihren Administrator.',
  },
  reportMail: {
    subject: 'Bericht „{name}“: {period}',
    intro: 'Anbei der Bericht „{name}“ für {period}.',
    attached: { one: 'Die Datei ist angehängt.', other: 'Die {count} Dateien sind angehängt.' },
    links: {
      one: 'Die Datei ist zu groß für einen Anhang; hier können Sie sie herunterladen:',
      other: 'Die {count} Dateien sind zu groß für einen Anhang; hier können Sie sie herunterladen:',
    },
    validUntil: '(der Link gilt bis {day})',
    why: 'Sie erhalten diese E-Mail, weil Sie im Portal auf dem Verteiler dieses Berichts stehen.',
    unsubscribe: 'Um diesen Bericht nicht mehr zu erhalten, öffnen Sie:',
    unsubscribeLink: 'Diesen Bericht abbestellen',
  },
  reportConfirmation: {
    subject: 'Bitte bestätigen: Berichte per E-Mail aus dem Portal',
    intro: 'Sie wurden im Portal als Empfänger des Berichts „{name}“ eingetragen.',
    ask: 'Sie erhalten diesen Bericht erst per E-Mail, wenn Sie das bestätigen. Zum Bestätigen öffnen Sie:',
    button: 'Bestätigen und Bericht erhalten',
    ignore: {
      one: 'Wenn Sie diese E-Mails nicht möchten, ignorieren Sie diese Nachricht: Sie erhalten dann nichts. Der Link gilt {count} Tag.',
      other: 'Wenn Sie diese E-Mails nicht möchten, ignorieren Sie diese Nachricht: Sie erhalten dann nichts. Der Link gilt {count} Tage.',
    },
  },
  request: {
    submittedSubject: 'Anfrage {id} wartet auf Ihre Entscheidung: {workflow}',
    submitted: '{by} hat den Schritt „{step}“ der Anfrage {id} ({workflow}) eingereicht.',
    note: 'Hinweis: {text}',
    openToDecide: 'Öffnen Sie die Anfrage, um sie freizugeben oder abzulehnen:',
    approvedSubject: 'Anfrage {id} freigegeben: {workflow}',
    rejectedSubject: 'Anfrage {id} abgelehnt: {workflow}',
    complete: '{by} hat Ihre Anfrage {id} ({workflow}) freigegeben. Sie ist abgeschlossen.',
    stepApproved: '{by} hat den Schritt „{step}“ Ihrer Anfrage {id} ({workflow}) freigegeben. Der nächste Schritt ist offen.',
    rejected:
      '{by} hat den Schritt „{step}“ Ihrer Anfrage {id} ({workflow}) abgelehnt. Bitte beantworten Sie ihn und reichen Sie ihn erneut ein.',
    comment: 'Kommentar: {text}',
    open: 'Anfrage öffnen:',
  },
  orderPdf: {
    title: 'Bestellung {id}',
    continued: 'Bestellung {id} (Fortsetzung)',
    retailer: 'Händler',
    reference: 'Referenz',
    orderedAt: 'Bestellt am',
    orderedBy: 'Bestellt von',
    status: 'Status',
    deliveryAddress: 'Lieferadresse',
    customerStoreId: 'Kunden-Filialnummer',
    articleNo: 'Artikelnr.',
    ean: 'EAN',
    name: 'Name',
    quantity: 'Menge',
    noPositions: 'Keine Bestellpositionen',
    total: { one: 'Gesamtmenge ({count} Position)', other: 'Gesamtmenge ({count} Positionen)' },
    page: 'Seite {page} von {pages}',
    statuses: { ...FILE_LABELS.orderStatus.de },
  },
};

export default de;
