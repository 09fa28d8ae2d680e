import { NEWS_LANGUAGES, type NewsAudience, type NewsInput, type NewsItem, type NewsLanguage } from '@portal/core/news';

/** The editor's fields as the form holds them (text inputs), one title and body per language. */
export type AudienceKind = NewsAudience['kind'];
export type NewsForm = {
  texts: Record<NewsLanguage, { title: string; body: string }>;
  /** `YYYY-MM-DDTHH:mm` of this device's zone (datetime-local). */
  publishFrom: string;
  expireAt: string;
  important: boolean;
  documentId: string;
  audienceKind: AudienceKind;
  /** Customer or group ids, comma-separated. */
  ids: string;
  permission: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as datetime-local text in this device's zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** datetime-local text (this device's zone) as an ISO instant; '' stays '' (the server names the field). */
const toIso = (local: string) => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : local;
};

export function emptyNewsForm(now: Date): NewsForm {
  const blank = () => ({ title: '', body: '' });
  const texts: NewsForm['texts'] = { en: blank(), de: blank(), pl: blank() };
  return {
    texts,
    publishFrom: toLocalInput(now.toISOString()),
    expireAt: '',
    important: false,
    documentId: '',
    audienceKind: 'all',
    ids: '',
    permission: '',
  };
}

export function formOf(item: NewsItem): NewsForm {
  const form = emptyNewsForm(new Date(item.publishFrom));
  for (const language of NEWS_LANGUAGES) {
    const text = item.texts[language];
    if (text) form.texts[language] = { ...text };
  }
  const { audience } = item;
  return {
    ...form,
    expireAt: item.expireAt ? toLocalInput(item.expireAt) : '',
    important: item.important,
    documentId: item.documentId ?? '',
    audienceKind: audience.kind,
    ids: audience.kind === 'customers' || audience.kind === 'customerGroups' ? audience.ids.join(', ') : '',
    permission: audience.kind === 'permission' ? audience.permission : '',
  };
}

function audienceOf(form: NewsForm): NewsAudience {
  const ids = form.ids
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  switch (form.audienceKind) {
    case 'all':
      return { kind: 'all' };
    case 'permission':
      return { kind: 'permission', permission: form.permission };
    default:
      return { kind: form.audienceKind, ids };
  }
}

/** What the API gets: English always; German and Polish when either field was filled. Checked by the server. */
export function inputOf(form: NewsForm): NewsInput {
  const texts: Partial<NewsInput['texts']> = { en: form.texts.en };
  for (const language of ['de', 'pl'] as const) {
    const text = form.texts[language];
    if (text.title.trim() || text.body.trim()) texts[language] = text;
  }
  return {
    texts: { en: form.texts.en, ...texts },
    publishFrom: toIso(form.publishFrom),
    expireAt: form.expireAt ? toIso(form.expireAt) : null,
    audience: audienceOf(form),
    important: form.important,
    documentId: form.documentId.trim() || null,
  };
}
