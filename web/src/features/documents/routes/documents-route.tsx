import type { Document, DocumentQuery, DocumentSort } from '@portal/core/documents';
import { Suspense, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ComboboxField } from '../../../components/ui/combobox-field.tsx';
import { FolderIcon } from '../../../components/ui/icons.tsx';
import { PageHeader, SectionCard } from '../../../components/ui/card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { preferredCustomer, useCustomerMemory } from '../../../lib/customer-memory.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { formatDateTime, numberFormat, useUserFormat } from '../../../lib/user-format.ts';
import { downloadLink, useDocumentList, useMasterData } from '../api/documents.ts';
import { DocumentUpload } from '../components/document-upload.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

// A PDF's viewer and a document's details (downloads, versions, delete) load when first opened: the folder's
// first view does not download them (ADR 128).
const PdfViewer = lazyPart(() => import('../components/pdf-viewer.tsx'), 'PdfViewer');
const DocumentDetails = lazyPart(() => import('../components/document-details.tsx'), 'DocumentDetails');

const COLUMNS: readonly DocumentSort[] = ['name', 'size', 'type', 'date'];
/** What a type is called in the list (the verified types of ADR 045 and the supplier's spreadsheets). */
const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
};
const typeName = (contentType: string) => TYPE_NAMES[contentType] ?? contentType;
function size(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / 1024 / 1024, 'megabyte'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

type RowProps = {
  doc: Document;
  /** The folder's customer when the supplier's editor chose it ('' : the caller's own). */
  customerId: string;
  showFolder: boolean;
  onFailed: () => void;
  onOpen: (doc: Document) => void;
  /** Editors: opens the document's downloads, versions and delete. */
  onDetails: ((doc: Document) => void) | null;
};

function DocumentRow({ doc, customerId, showFolder, onFailed, onOpen, onDetails }: RowProps) {
  const t = useT();
  const format = useUserFormat();
  const download = async () => {
    try {
      const { url } = await downloadLink(doc.documentId, customerId);
      // An attachment (Content-Disposition): the browser saves it and the page stays.
      window.location.assign(url);
    } catch {
      onFailed();
    }
  };
  return (
    <tr className="border-t border-slate-200">
      <td className="px-4 py-3">
        <Button theme="text" onClick={() => void download()} aria-label={t('documents.download', { name: doc.name })}>
          {doc.name}
        </Button>
        {showFolder && doc.folder ? <span className="block px-3 text-xs text-slate-500">{doc.folder}</span> : null}
        <span className="flex flex-wrap gap-x-1">
          {doc.contentType === 'application/pdf' ? (
            <Button theme="text" className="text-xs" onClick={() => onOpen(doc)} aria-label={t('documents.open', { name: doc.name })}>
              {t('documents.openShort')}
            </Button>
          ) : null}
          {onDetails ? (
            <Button theme="text" className="text-xs" onClick={() => onDetails(doc)} aria-label={t('documents.actions', { name: doc.name })}>
              {t('documents.detailsShort')}
            </Button>
          ) : null}
        </span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums text-slate-700">{size(doc.bytes, format.locale)}</td>
      <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{typeName(doc.contentType)}</td>
      <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{formatDateTime(doc.uploadedAt, format)}</td>
    </tr>
  );
}

type FolderQuery = Pick<DocumentQuery, 'folder' | 'sort' | 'dir'> & { q: string };

/** The folder's path (each step opens it) and the search by name. */
function FolderBar({ query, setQuery }: { query: FolderQuery; setQuery: (update: (q: FolderQuery) => FolderQuery) => void }) {
  const t = useT();
  const crumbs = query.folder === '' ? [] : query.folder.split('/');
  return (
    <>
      <nav aria-label={t('documents.folder')} className="flex flex-wrap items-center gap-1 text-sm">
        <Button theme="text" onClick={() => setQuery((q) => ({ ...q, folder: '', q: '' }))}>
          {t('documents.top')}
        </Button>
        {crumbs.map((name, i) => (
          <span key={crumbs.slice(0, i + 1).join('/')} className="flex items-center gap-1">
            <span aria-hidden>/</span>
            <Button theme="text" onClick={() => setQuery((q) => ({ ...q, folder: crumbs.slice(0, i + 1).join('/'), q: '' }))}>
              {name}
            </Button>
          </span>
        ))}
      </nav>
      <label className="flex flex-col text-sm text-slate-700">
        <span className="sr-only">{t('documents.search')}</span>
        <input
          type="search"
          value={query.q}
          maxLength={100}
          placeholder={t('documents.search')}
          onChange={(e) => setQuery((q) => ({ ...q, q: e.target.value }))}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 sm:w-64"
        />
      </label>
    </>
  );
}

/**
 * The supplier's editor (content.manageDocuments) chooses whose folder to see and upload to: the customers it may
 * act for (the master data's list), searched by name or id as typed, the remembered one (or the first) preselected
 * and kept in the URL, as the other connect screens' customer filters are.
 */
function useChosenCustomer(supplier: boolean) {
  const master = useMasterData();
  const { remembered, remember } = useCustomerMemory();
  const customers = useMemo(() => (supplier ? (master.data?.customers ?? []) : []), [supplier, master.data]);
  const preferred = preferredCustomer(customers, remembered, (c) => c.customerId) ?? customers[0];
  const [params, write] = useUrlState({ defaults: { customer: preferred?.customerId } });
  const options = useMemo(() => customers.map((c) => ({ value: c.customerId, label: `${c.name} (${c.customerId})` })), [customers]);
  const chosen = params.get('customer');
  const choose = (customerId: string) => {
    remember(customerId);
    write({ customer: customerId });
  };
  return { chosen: supplier ? chosen : '', options, choose };
}

function CustomerPicker({
  value,
  options,
  onChange,
}: {
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  const t = useT();
  return (
    <SectionCard title={t('documents.customer.title')} className="mb-4">
      <ComboboxField
        label={t('documents.customer.label')}
        value={value}
        options={options}
        onValueChange={onChange}
        noMatchText={t('documents.customer.noMatch')}
        helperText={t('documents.customer.hint')}
        className="sm:max-w-md"
      />
    </SectionCard>
  );
}

/** /connect/documents (SPEC 2 "documents"; ADR 082): the customer's folder, sorted by a column, searched by name. */
export function DocumentsRoute() {
  const t = useT();
  const supplier = useSession().status?.user?.modules?.content?.permissions.manageDocuments === true;
  const customer = useChosenCustomer(supplier);
  const [query, setQuery] = useState<FolderQuery>({
    folder: '',
    q: '',
    sort: 'name',
    dir: 'asc',
  });
  const [failed, setFailed] = useState(false);
  const [viewing, setViewing] = useState<Document | null>(null);
  const [details, setDetails] = useState<Document | null>(null);
  const [changed, setChanged] = useState('');
  const result = useDocumentList(query, customer.chosen);
  const chooseCustomer = (customerId: string) => {
    customer.choose(customerId);
    setQuery((q) => ({ ...q, folder: '', q: '' }));
  };
  const sortBy = (column: DocumentSort) =>
    setQuery((q) => ({ ...q, sort: column, dir: q.sort === column && q.dir === 'asc' ? 'desc' : 'asc' }));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('documents.title')} description={t('documents.intro')} />
      {supplier ? <CustomerPicker value={customer.chosen ?? ''} options={customer.options} onChange={chooseCustomer} /> : null}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <FolderBar query={query} setQuery={setQuery} />
      </div>
      {viewing ? (
        <Suspense fallback={null}>
          <PdfViewer
            key={viewing.documentId}
            customerId={customer.chosen ?? ''}
            documentId={viewing.documentId}
            name={viewing.name}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      ) : null}
      <p role="status" className="mb-2 text-sm text-green-800 empty:hidden">
        {changed}
      </p>
      {details && result.data ? (
        <Suspense fallback={null}>
          <DocumentDetails
            customerId={result.data.customerId}
            doc={details}
            onClose={() => setDetails(null)}
            onChanged={(message) => {
              setDetails(null);
              setChanged(message);
            }}
          />
        </Suspense>
      ) : null}
      {failed ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {t('documents.downloadFailed')}
        </p>
      ) : null}
      {customer.chosen === null ? (
        <p className="text-sm text-slate-600">{t('documents.customer.none')}</p>
      ) : (
        <QueryState
          result={result}
          failedMessage={t('documents.loadFailed')}
          retryLabel={t('documents.retry')}
          loadingLabel={t('documents.loading')}
          isEmpty={(data) => data.documents.length === 0 && data.folders.length === 0}
          empty={{ title: t('documents.empty.title'), text: t('documents.empty.text') }}
        >
          {(data) => (
            <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              {data.folders.length ? (
                <ul className="divide-y divide-slate-200 border-b border-slate-200">
                  {data.folders.map((name) => (
                    <li key={name} className="px-4 py-3">
                      <Button
                        theme="text"
                        onClick={() => setQuery((q) => ({ ...q, folder: q.folder ? `${q.folder}/${name}` : name, q: '' }))}
                      >
                        <span className="inline-flex items-center gap-2">
                          <FolderIcon className="size-5 text-slate-500" />
                          {name}
                        </span>
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
              {/* A folder of sub-folders only shows no empty table under them. */}
              {data.documents.length === 0 && data.folders.length > 0 ? null : (
                <table className="w-full text-left text-sm">
                  <thead className="bg-slate-50 text-slate-600">
                    <tr>
                      {COLUMNS.map((column) => (
                        <th
                          key={column}
                          scope="col"
                          aria-sort={query.sort === column ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                          className={`px-4 py-2 font-medium ${column === 'size' ? 'text-right' : ''} ${column === 'type' || column === 'date' ? 'hidden sm:table-cell' : ''}`}
                        >
                          <button
                            type="button"
                            onClick={() => sortBy(column)}
                            className="inline-flex items-center gap-1 hover:text-slate-900"
                          >
                            {t(`documents.columns.${column}`)}
                            {query.sort === column ? <span aria-hidden>{query.dir === 'asc' ? '▲' : '▼'}</span> : null}
                          </button>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.documents.map((doc) => (
                      <DocumentRow
                        key={doc.documentId}
                        doc={doc}
                        customerId={customer.chosen ?? ''}
                        showFolder={query.q !== ''}
                        onFailed={() => setFailed(true)}
                        onOpen={setViewing}
                        onDetails={data.mayEdit ? setDetails : null}
                      />
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          )}
        </QueryState>
      )}
      {/* Below the folder: on a phone the files come first. */}
      {result.data?.mayEdit ? (
        <DocumentUpload customerId={result.data.customerId} folder={query.folder} onUploaded={() => setChanged('')} />
      ) : null}
    </div>
  );
}
