import type { ServerTexts } from './shape.ts';

/**
 * The server's Polish texts (ADR 090): neutral and polite, no gendered forms, Polish quotes „…”, the
 * glossary's words (docs/glossary.md). Counted texts: one (1), few (2–4, 22–24, …), many (0, 5–21, …),
 * other (fractions).
 */
const pl: ServerTexts = {
  signInCode: {
    subject: 'Kod logowania',
    body: 'Kod logowania do portalu: {code}.',
    validity: {
      one: 'Kod jest ważny przez {count} minutę i można go użyć tylko raz. Jeśli nie próbujesz się zalogować, zmień hasło.',
      few: 'Kod jest ważny przez {count} minuty i można go użyć tylko raz. Jeśli nie próbujesz się zalogować, zmień hasło.',
      many: 'Kod jest ważny przez {count} minut i można go użyć tylko raz. Jeśli nie próbujesz się zalogować, zmień hasło.',
      other: 'Kod jest ważny przez {count} minuty i można go użyć tylko raz. Jeśli nie próbujesz się zalogować, zmień hasło.',
    },
  },
  setupCode: {
    subject: 'Potwierdzenie kodów logowania e-mailem',
    body: 'Kod potwierdzający: {code}.',
    validity: {
      one: 'Wpisz go w sekcji Moje konto w ciągu {count} minuty, aby otrzymywać kody logowania e-mailem.',
      few: 'Wpisz go w sekcji Moje konto w ciągu {count} minut, aby otrzymywać kody logowania e-mailem.',
      many: 'Wpisz go w sekcji Moje konto w ciągu {count} minut, aby otrzymywać kody logowania e-mailem.',
      other: 'Wpisz go w sekcji Moje konto w ciągu {count} minuty, aby otrzymywać kody logowania e-mailem.',
    },
  },
  teamInvitation: {
    subject: 'Zaproszenie do portalu',
    invited: '{inviter} zaprasza Cię do korzystania z portalu z adresem e-mail {email}.',
    open: {
      one: 'Aby wybrać nazwę użytkownika i hasło, otwórz ten link w ciągu {count} dnia (działa tylko raz):',
      few: 'Aby wybrać nazwę użytkownika i hasło, otwórz ten link w ciągu {count} dni (działa tylko raz):',
      many: 'Aby wybrać nazwę użytkownika i hasło, otwórz ten link w ciągu {count} dni (działa tylko raz):',
      other: 'Aby wybrać nazwę użytkownika i hasło, otwórz ten link w ciągu {count} dnia (działa tylko raz):',
    },
    notExpected: 'Jeśli nie spodziewałeś się tego zaproszenia, zignoruj tę wiadomość: bez Ciebie żadne konto nie zostanie utworzone.',
  },
  passwordReset: {
    subject: 'Resetowanie hasła do portalu',
    asked: 'Otrzymaliśmy prośbę o zresetowanie hasła do konta „{username}” w portalu.',
    open: {
      one: 'Aby ustawić nowe hasło, otwórz ten link w ciągu {count} minuty (działa tylko raz):',
      few: 'Aby ustawić nowe hasło, otwórz ten link w ciągu {count} minut (działa tylko raz):',
      many: 'Aby ustawić nowe hasło, otwórz ten link w ciągu {count} minut (działa tylko raz):',
      other: 'Aby ustawić nowe hasło, otwórz ten link w ciągu {count} minuty (działa tylko raz):',
    },
    notYou: 'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość: hasło pozostanie bez zmian.',
  },
  emailChange: {
    confirmSubject: 'Potwierdź nowy adres e-mail w portalu',
    confirmAsked: 'Konto „{username}” w portalu ma od teraz używać tego adresu e-mail.',
    confirmOpen: {
      one: 'Aby go potwierdzić, otwórz ten link w ciągu {count} godziny (działa tylko raz):',
      few: 'Aby go potwierdzić, otwórz ten link w ciągu {count} godzin (działa tylko raz):',
      many: 'Aby go potwierdzić, otwórz ten link w ciągu {count} godzin (działa tylko raz):',
      other: 'Aby go potwierdzić, otwórz ten link w ciągu {count} godziny (działa tylko raz):',
    },
    confirmUntil: 'Do tego czasu konto zachowuje obecny adres. Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość.',
    requestedSubject: 'Adres e-mail Twojego konta w portalu zostanie zmieniony',
    requested: 'Z konta „{username}” wysłano prośbę o zmianę adresu e-mail konta na {address}.',
    requestedWhen: 'Zmiana zacznie obowiązywać dopiero po otwarciu linku wysłanego na nowy adres.',
    requestedNotYou: 'Jeśli ta prośba nie pochodzi od Ciebie, zaloguj się, anuluj zmianę w sekcji Moje konto i zmień hasło.',
    completedSubject: 'Adres e-mail Twojego konta w portalu został zmieniony',
    completed: 'Adres e-mail konta „{username}” w portalu to teraz {address}.',
    completedMails: 'Wiadomości dla tego konta, w tym linki do resetowania hasła, są od teraz wysyłane na ten adres.',
    completedNotYou: 'Jeśli ta zmiana nie pochodzi od Ciebie, natychmiast skontaktuj się z administratorem.',
  },
  reportMail: {
    subject: 'Raport „{name}”: {period}',
    intro: 'W załączeniu raport „{name}” za okres {period}.',
    attached: {
      one: 'Plik jest w załączniku.',
      few: '{count} pliki są w załącznikach.',
      many: '{count} plików jest w załącznikach.',
      other: 'Pliki ({count}) są w załącznikach.',
    },
    links: {
      one: 'Plik jest za duży na załącznik; można go pobrać tutaj:',
      few: '{count} pliki są za duże na załączniki; można je pobrać tutaj:',
      many: '{count} plików jest za dużych na załączniki; można je pobrać tutaj:',
      other: 'Pliki ({count}) są za duże na załączniki; można je pobrać tutaj:',
    },
    validUntil: '(link jest ważny do {day})',
    why: 'Ta wiadomość została wysłana, ponieważ ten adres jest na liście odbiorców tego raportu w portalu.',
    unsubscribe: 'Aby nie otrzymywać więcej tego raportu, otwórz:',
    unsubscribeLink: 'Zrezygnuj z tego raportu',
  },
  reportConfirmation: {
    subject: 'Prośba o potwierdzenie: raporty z portalu e-mailem',
    intro: 'Ten adres dodano w portalu do odbiorców raportu „{name}”.',
    ask: 'Raport będzie wysyłany e-mailem dopiero po potwierdzeniu. Aby potwierdzić, otwórz:',
    button: 'Potwierdź i otrzymuj raport',
    ignore: {
      one: 'Jeśli te wiadomości są niepotrzebne, zignoruj tę wiadomość: nic nie zostanie wysłane. Link jest ważny przez {count} dzień.',
      few: 'Jeśli te wiadomości są niepotrzebne, zignoruj tę wiadomość: nic nie zostanie wysłane. Link jest ważny przez {count} dni.',
      many: 'Jeśli te wiadomości są niepotrzebne, zignoruj tę wiadomość: nic nie zostanie wysłane. Link jest ważny przez {count} dni.',
      other: 'Jeśli te wiadomości są niepotrzebne, zignoruj tę wiadomość: nic nie zostanie wysłane. Link jest ważny przez {count} dnia.',
    },
  },
  request: {
    submittedSubject: 'Wniosek {id} czeka na Twoją decyzję: {workflow}',
    submitted: '{by}: złożono etap „{step}” wniosku {id} ({workflow}).',
    note: 'Uwaga: {text}',
    openToDecide: 'Otwórz wniosek, aby go zatwierdzić lub odrzucić:',
    approvedSubject: 'Wniosek {id} zatwierdzony: {workflow}',
    rejectedSubject: 'Wniosek {id} odrzucony: {workflow}',
    complete: '{by}: zatwierdzono wniosek {id} ({workflow}). Wniosek jest zakończony.',
    stepApproved: '{by}: zatwierdzono etap „{step}” wniosku {id} ({workflow}). Następny etap jest otwarty.',
    rejected: '{by}: odrzucono etap „{step}” wniosku {id} ({workflow}). Uzupełnij odpowiedzi i złóż go ponownie.',
    comment: 'Komentarz: {text}',
    open: 'Otwórz wniosek:',
  },
  orderPdf: {
    title: 'Zamówienie {id}',
    continued: 'Zamówienie {id} (ciąg dalszy)',
    retailer: 'Sieć handlowa',
    reference: 'Numer referencyjny',
    orderedAt: 'Data zamówienia',
    orderedBy: 'Zamawiający',
    status: 'Status',
    deliveryAddress: 'Adres dostawy',
    customerStoreId: 'Numer sklepu klienta',
    articleNo: 'Nr artykułu',
    ean: 'EAN',
    name: 'Nazwa',
    quantity: 'Ilość',
    noPositions: 'Brak pozycji zamówienia',
    total: {
      one: 'Łączna ilość ({count} pozycja)',
      few: 'Łączna ilość ({count} pozycje)',
      many: 'Łączna ilość ({count} pozycji)',
      other: 'Łączna ilość ({count} pozycji)',
    },
    page: 'Strona {page} z {pages}',
    statuses: {
      cancelled: 'Anulowane',
      created: 'Utworzone',
      downloaded: 'Pobrane',
      finished: 'Zakończone',
      incomplete: 'Niekompletne',
      ordered: 'Zamówione',
      pending: 'Oczekujące',
    },
  },
};

export default pl;
