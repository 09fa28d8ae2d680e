import { NEWS_AUDIENCE_PERMISSIONS, NEWS_LANGUAGES, type NewsLanguage } from '@portal/core/news';
import { FIELD, keepsMarkdownBounds, Messages } from '@portal/core/shared';
import { Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Tabs, tabIds } from '../../../components/ui/tabs.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldText, loadErrorTexts, useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { paths } from '../../../lib/paths.ts';
import { BackLink } from '../components/back-link.tsx';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { createNews, updateNews, useNewsForEdit, withdrawNews } from '../api/news.ts';
import { type AudienceKind, emptyNewsForm, formOf, inputOf, type NewsForm } from '../model/editor-form.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

/**
 * The preview's Markdown renderer (micromark, ~15 KB brotli, ADR 148) only once a preview is asked for (ADR 151): the
 * editor's first view is the text field. Its download starts when the pointer or the focus reaches "Preview".
 */
const loadPreview = () => import('../../../components/markdown-text.tsx');
const MarkdownText = lazyPart(loadPreview, 'MarkdownText');
const preloadPreview = () => void loadPreview().catch(() => undefined);

/**
 * /connect/news/manage/new and /connect/news/manage/:newsId (content.publishNews, ADR 081): title and Markdown
 * text per language with a preview, publish and expiry times, audience, important, a document link. A save of
 * an item changed meanwhile is refused (409); withdrawing takes it out of every list.
 */
export function NewsEditorRoute() {
  const t = useT();
  const { newsId } = useParams();
  const existing = useNewsForEdit(newsId ?? null);
  if (!newsId) return <Editor initial={emptyNewsForm(new Date())} />;
  return (
    <QueryState result={existing} failedMessage={t('news.itemLoadFailed')} retryLabel={t('news.retry')} loadingLabel={t('news.loading')}>
      {(item) => <Editor key={item.version} initial={formOf(item)} newsId={item.newsId} baseVersion={item.version} />}
    </QueryState>
  );
}

const AUDIENCES: readonly AudienceKind[] = ['all', 'customerGroups', 'customers', 'permission'];

function LanguagePanel({
  language,
  form,
  setForm,
  issue,
}: {
  language: NewsLanguage;
  form: NewsForm;
  setForm: (f: NewsForm) => void;
  issue: (path: string) => string | undefined;
}) {
  const t = useT();
  const [preview, setPreview] = useState(false);
  const text = form.texts[language];
  const set = (next: Partial<typeof text>) => setForm({ ...form, texts: { ...form.texts, [language]: { ...text, ...next } } });
  return (
    <div className="space-y-4">
      <TextField
        label={`${t('news.editor.titleField')} (${t(language === 'en' ? 'news.editor.required' : 'news.editor.optional')})`}
        value={text.title}
        maxLength={200}
        onValueChange={(title) => set({ title })}
        error={issue(`texts.${language}.title`)}
        lang={language}
      />
      <div className="flex gap-2">
        <Button theme={preview ? 'secondary' : 'primary'} aria-pressed={!preview} onClick={() => setPreview(false)}>
          {t('news.editor.edit')}
        </Button>
        <Button
          theme={preview ? 'primary' : 'secondary'}
          aria-pressed={preview}
          onPointerEnter={preloadPreview}
          onFocus={preloadPreview}
          onClick={() => setPreview(true)}
        >
          {t('news.editor.preview')}
        </Button>
      </div>
      {preview ? (
        <div className="min-h-40 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" lang={language}>
          {text.body.trim() ? (
            <Suspense fallback={null}>
              <MarkdownText body={text.body} />
            </Suspense>
          ) : (
            <p className="text-sm text-slate-600">{t('news.editor.previewEmpty')}</p>
          )}
        </div>
      ) : (
        <TextAreaField
          label={t('news.editor.bodyField')}
          value={text.body}
          rows={10}
          maxLength={20_000}
          onValueChange={(body) => set({ body })}
          error={issue(`texts.${language}.body`)}
          lang={language}
        />
      )}
    </div>
  );
}

/** The languages whose text is beyond the server's Markdown bounds (ADR 157): told on the field before a request. */
const beyondMarkdownBounds = (form: NewsForm) =>
  NEWS_LANGUAGES.filter((l) => {
    const body = form.texts[l].body.trim();
    return body !== '' && !keepsMarkdownBounds(body);
  });
const MARKDOWN_REFUSAL = { message: Messages.markdownTooComplex, code: FIELD.MARKDOWN_TOO_COMPLEX };

function Editor({ initial, newsId, baseVersion }: { initial: NewsForm; newsId?: string; baseVersion?: number }) {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [language, setLanguage] = useState<NewsLanguage>('en');
  // Worded at render: they read in the user's language once the errors catalogue is there (it may load after).
  const [issues, setIssues] = useState<Record<string, { message: string; code?: string | undefined }>>({});
  const { busy, problem, run: call } = useBusyCall();
  const [saved, setSaved] = useState(false);
  const [baseline, setBaseline] = useState(initial);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(baseline));
  const issue = (path: string) => {
    const found = issues[path];
    return found && fieldText(t, found.message, found.code);
  };
  /** A refusal's issues go on their fields; useBusyCall words it above the form. */
  const run = (work: () => Promise<void>) =>
    call(async () => {
      try {
        await work();
      } catch (error) {
        setSaved(false);
        const byPath: typeof issues = {};
        if (error instanceof ApiError) for (const i of error.issues ?? []) byPath[i.path] ??= i;
        setIssues(byPath);
        throw error;
      }
    });
  const save = () => {
    const beyond = beyondMarkdownBounds(form);
    if (beyond.length) {
      void loadErrorTexts();
      setSaved(false);
      setIssues(Object.fromEntries(beyond.map((l) => [`texts.${l}.body`, MARKDOWN_REFUSAL])));
      const [first] = beyond;
      if (first && !beyond.includes(language)) setLanguage(first);
      return;
    }
    return run(async () => {
      const input = inputOf(form);
      const item = newsId && baseVersion ? await updateNews(newsId, { ...input, baseVersion }) : await createNews(input, idempotencyKey);
      setIssues({});
      setBaseline(form);
      setSaved(true);
      if (!newsId) navigate(paths.connect.newsEdit(item.newsId), { replace: true });
    });
  };
  const withdraw = () =>
    run(async () => {
      if (!newsId || !baseVersion || !window.confirm(t('news.editor.withdrawConfirm'))) return;
      await withdrawNews(newsId, baseVersion);
      setBaseline(form);
      navigate(paths.connect.newsManage, { replace: true });
    });
  const ids = tabIds('news-language', language);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={paths.connect.newsManage}>{t('news.manage.title')}</BackLink>
      <PageHeader title={newsId ? t('news.editor.editTitle') : t('news.editor.newTitle')} />
      <form
        className="space-y-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Card className="p-4 sm:p-5">
          <Tabs
            tabs={NEWS_LANGUAGES.map((l) => ({ id: l, label: t(`news.editor.languages.${l}`) }))}
            value={language}
            onChange={setLanguage}
            label={t('news.editor.language')}
            idPrefix="news-language"
          />
          <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} className="pt-4">
            <LanguagePanel key={language} language={language} form={form} setForm={setForm} issue={issue} />
          </div>
        </Card>
        <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
          <TextField
            type="datetime-local"
            label={t('news.editor.publishFrom')}
            value={form.publishFrom}
            onValueChange={(publishFrom) => setForm({ ...form, publishFrom })}
            error={issue('publishFrom')}
          />
          <TextField
            type="datetime-local"
            label={t('news.editor.expireAt')}
            value={form.expireAt}
            onValueChange={(expireAt) => setForm({ ...form, expireAt })}
            error={issue('expireAt')}
          />
          <p className="text-sm text-slate-600 sm:col-span-2">{t('news.editor.timeHint', { zone })}</p>
          <SelectField<AudienceKind>
            label={t('news.editor.audience')}
            value={form.audienceKind}
            options={AUDIENCES.map((kind) => ({ value: kind, label: t(`news.editor.audiences.${kind}`) }))}
            onValueChange={(audienceKind) => setForm({ ...form, audienceKind })}
          />
          {form.audienceKind === 'customers' || form.audienceKind === 'customerGroups' ? (
            <TextField
              label={t('news.editor.ids')}
              value={form.ids}
              onValueChange={(value) => setForm({ ...form, ids: value })}
              error={issue('audience.ids')}
            />
          ) : null}
          {form.audienceKind === 'permission' ? (
            <SelectField
              label={t('news.editor.permission')}
              value={form.permission}
              options={[{ value: '', label: '–' }, ...NEWS_AUDIENCE_PERMISSIONS.map((p) => ({ value: p, label: p }))]}
              onValueChange={(permission) => setForm({ ...form, permission })}
            />
          ) : null}
          <TextField
            label={t('news.editor.documentId')}
            helperText={t('news.editor.documentHint')}
            value={form.documentId}
            maxLength={500}
            onValueChange={(documentId) => setForm({ ...form, documentId })}
            error={issue('documentId')}
            className="sm:col-span-2"
          />
          <CheckboxField
            label={t('news.editor.important')}
            checked={form.important}
            onCheckedChange={(important) => setForm({ ...form, important })}
          />
        </Card>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            {newsId ? t('news.editor.saveChanges') : t('news.editor.save')}
          </Button>
          {newsId ? (
            <Button theme="secondary" onClick={() => void withdraw()} disabled={busy}>
              {t('news.editor.withdraw')}
            </Button>
          ) : null}
        </div>
        <ProblemAlert problem={problem} />
        {saved ? <Alert theme="green">{t('news.editor.saved')}</Alert> : null}
      </form>
    </div>
  );
}
