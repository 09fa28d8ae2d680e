import type { ServerTexts } from './shape.ts';

/**
 * The server's French texts (ADR 090): «\u00a0vous\u00a0», guillemets with no-break spaces inside, a no-break space
 * before «\u00a0:\u00a0», the glossary's words (docs/glossary.md). Counted texts: one (0 and 1), many (millions), other.
 */
const fr: ServerTexts = {
  signInCode: {
    subject: 'Votre code de connexion',
    body: 'Votre code de connexion au portail est {code}.',
    validity: {
      one: 'Il est valable {count} minute et ne peut servir qu’une fois. Si vous n’avez pas essayé de vous connecter, changez votre mot de passe.',
      many: 'Il est valable {count} de minutes et ne peut servir qu’une fois. Si vous n’avez pas essayé de vous connecter, changez votre mot de passe.',
      other:
        'Il est valable {count} minutes et ne peut servir qu’une fois. Si vous n’avez pas essayé de vous connecter, changez votre mot de passe.',
    },
  },
  setupCode: {
    subject: 'Confirmer les codes de connexion par e-mail',
    body: 'Votre code de confirmation est {code}.',
    validity: {
      one: 'Saisissez-le dans Mon compte dans un délai de {count} minute pour recevoir vos codes de connexion par e-mail.',
      many: 'Saisissez-le dans Mon compte dans un délai de {count} de minutes pour recevoir vos codes de connexion par e-mail.',
      other: 'Saisissez-le dans Mon compte dans un délai de {count} minutes pour recevoir vos codes de connexion par e-mail.',
    },
  },
  teamInvitation: {
    subject: 'Invitation au portail',
    invited: '{inviter} vous invite à utiliser le portail avec l’adresse e-mail {email}.',
    open: {
      one: 'Pour choisir votre nom d’utilisateur et votre mot de passe, ouvrez ce lien dans un délai de {count} jour (il ne fonctionne qu’une fois)\u00a0:',
      many: 'Pour choisir votre nom d’utilisateur et votre mot de passe, ouvrez ce lien dans un délai de {count} de jours (il ne fonctionne qu’une fois)\u00a0:',
      other:
        'Pour choisir votre nom d’utilisateur et votre mot de passe, ouvrez ce lien dans un délai de {count} jours (il ne fonctionne qu’une fois)\u00a0:',
    },
    notExpected: 'Si vous n’attendiez pas cette invitation, ignorez ce message\u00a0: aucun compte n’est créé sans vous.',
  },
  passwordReset: {
    subject: 'Réinitialiser votre mot de passe du portail',
    asked: 'Une réinitialisation du mot de passe a été demandée pour le compte «\u00a0{username}\u00a0» du portail.',
    open: {
      one: 'Pour choisir un nouveau mot de passe, ouvrez ce lien dans un délai de {count} minute (il ne fonctionne qu’une fois)\u00a0:',
      many: 'Pour choisir un nouveau mot de passe, ouvrez ce lien dans un délai de {count} de minutes (il ne fonctionne qu’une fois)\u00a0:',
      other: 'Pour choisir un nouveau mot de passe, ouvrez ce lien dans un délai de {count} minutes (il ne fonctionne qu’une fois)\u00a0:',
    },
    notYou: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
  },
  emailChange: {
    confirmSubject: 'Confirmer votre nouvelle adresse e-mail du portail',
    confirmAsked: 'Le compte «\u00a0{username}\u00a0» du portail souhaite utiliser désormais cette adresse e-mail.',
    confirmOpen: {
      one: 'Pour la confirmer, ouvrez ce lien dans un délai de {count} heure (il ne fonctionne qu’une fois)\u00a0:',
      many: 'Pour la confirmer, ouvrez ce lien dans un délai de {count} d’heures (il ne fonctionne qu’une fois)\u00a0:',
      other: 'Pour la confirmer, ouvrez ce lien dans un délai de {count} heures (il ne fonctionne qu’une fois)\u00a0:',
    },
    confirmUntil: 'D’ici là, le compte conserve son adresse actuelle. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    requestedSubject: 'L’adresse e-mail de votre compte du portail va changer',
    requested:
      'Une personne connectée en tant que «\u00a0{username}\u00a0» a demandé de remplacer l’adresse e-mail du compte par {address}.',
    requestedWhen: 'Le changement ne prend effet qu’une fois ouvert le lien envoyé à la nouvelle adresse.',
    requestedNotYou:
      'Si vous n’êtes pas à l’origine de cette demande, connectez-vous, annulez le changement dans Mon compte et changez votre mot de passe.',
    completedSubject: 'L’adresse e-mail de votre compte du portail a été modifiée',
    completed: 'L’adresse e-mail du compte «\u00a0{username}\u00a0» du portail est désormais {address}.',
    completedMails: 'Les messages de ce compte, liens de réinitialisation du mot de passe compris, sont désormais envoyés à cette adresse.',
    completedNotYou: 'Si vous n’êtes pas à l’origine de ce changement, contactez immédiatement votre administrateur.',
  },
  reportMail: {
    subject: 'Rapport «\u00a0{name}\u00a0»\u00a0: {period}',
    intro: 'Voici le rapport «\u00a0{name}\u00a0» pour la période {period}.',
    attached: { one: 'Le fichier est joint.', many: 'Les {count} de fichiers sont joints.', other: 'Les {count} fichiers sont joints.' },
    links: {
      one: 'Le fichier est trop volumineux pour être joint\u202f; téléchargez-le ici\u00a0:',
      many: 'Les {count} de fichiers sont trop volumineux pour être joints\u202f; téléchargez-les ici\u00a0:',
      other: 'Les {count} fichiers sont trop volumineux pour être joints\u202f; téléchargez-les ici\u00a0:',
    },
    validUntil: '(le lien est valable jusqu’au {day})',
    why: 'Vous recevez ce message, car vous figurez dans la liste de diffusion de ce rapport sur le portail.',
    unsubscribe: 'Pour ne plus recevoir ce rapport, ouvrez\u00a0:',
    unsubscribeLink: 'Se désabonner de ce rapport',
  },
  reportConfirmation: {
    subject: 'Confirmation requise\u00a0: rapports du portail par e-mail',
    intro: 'Vous avez été ajouté comme destinataire du rapport «\u00a0{name}\u00a0» sur le portail.',
    ask: 'Vous ne recevrez ce rapport par e-mail qu’après votre confirmation. Pour confirmer, ouvrez\u00a0:',
    button: 'Confirmer et recevoir le rapport',
    ignore: {
      one: 'Si vous ne souhaitez pas recevoir ces messages, ignorez celui-ci\u00a0: rien ne vous sera envoyé. Le lien est valable {count} jour.',
      many: 'Si vous ne souhaitez pas recevoir ces messages, ignorez celui-ci\u00a0: rien ne vous sera envoyé. Le lien est valable {count} de jours.',
      other:
        'Si vous ne souhaitez pas recevoir ces messages, ignorez celui-ci\u00a0: rien ne vous sera envoyé. Le lien est valable {count} jours.',
    },
  },
  request: {
    submittedSubject: 'La demande {id} attend votre décision\u00a0: {workflow}',
    submitted: '{by} a soumis l’étape «\u00a0{step}\u00a0» de la demande {id} ({workflow}).',
    note: 'Remarque\u00a0: {text}',
    openToDecide: 'Ouvrez la demande pour l’approuver ou la refuser\u00a0:',
    approvedSubject: 'Demande {id} approuvée\u00a0: {workflow}',
    rejectedSubject: 'Demande {id} refusée\u00a0: {workflow}',
    complete: '{by} a approuvé votre demande {id} ({workflow}). Elle est terminée.',
    stepApproved: '{by} a approuvé l’étape «\u00a0{step}\u00a0» de votre demande {id} ({workflow}). L’étape suivante est ouverte.',
    rejected:
      '{by} a refusé l’étape «\u00a0{step}\u00a0» de votre demande {id} ({workflow}). Veuillez y répondre et la soumettre à nouveau.',
    comment: 'Commentaire\u00a0: {text}',
    open: 'Ouvrir la demande\u00a0:',
  },
  orderPdf: {
    title: 'Commande {id}',
    continued: 'Commande {id} (suite)',
    retailer: 'Enseigne',
    reference: 'Référence',
    orderedAt: 'Commandé le',
    orderedBy: 'Commandé par',
    status: 'Statut',
    deliveryAddress: 'Adresse de livraison',
    customerStoreId: 'N° de magasin client',
    articleNo: 'N° d’article',
    ean: 'EAN',
    name: 'Nom',
    quantity: 'Quantité',
    noPositions: 'Aucune ligne de commande',
    total: {
      one: 'Quantité totale ({count} ligne)',
      many: 'Quantité totale ({count} de lignes)',
      other: 'Quantité totale ({count} lignes)',
    },
    page: 'Page {page} sur {pages}',
    statuses: {
      cancelled: 'Annulée',
      created: 'Créée',
      downloaded: 'Téléchargée',
      finished: 'Terminée',
      incomplete: 'Incomplète',
      ordered: 'Commandée',
      pending: 'En attente',
    },
  },
};

export default fr;
