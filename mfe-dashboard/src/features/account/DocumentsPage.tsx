// /account/documents: documents and identity files. The upload rule is checked before any
// byte is sent; the api checks the bytes again. Progress is shown, and a failed upload keeps the
// chosen file so "Try again" needs no new choice.
import { useCallback, useEffect, useState } from 'react';
import { Dialog, Button, reportError, Spinner } from '@haven/shared';
import { describeApiError } from '@haven/shared/form-kit';
import { AnswerCards, EmptyState, FileDropZone, LoadFailed } from '@haven/shared/design';
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  uploadProblem,
  DEFAULT_UPLOAD_LIMIT_MB,
  UPLOAD_FORMAT_MESSAGE,
  uploadSizeMessage,
} from '@haven/shared/dashboard-rules';
import { useDialogAction } from '../common/useDialogAction';
import { saveBlob } from '../common/save-blob';
import {
  deleteDocument,
  downloadDocument,
  listDocuments,
  uploadDocument,
  type DocumentKind,
  type StoredDocument,
} from './api/account-calls';

const KNOWN = [
  { text: UPLOAD_FORMAT_MESSAGE, field: '', message: UPLOAD_FORMAT_MESSAGE },
  { text: uploadSizeMessage(DEFAULT_UPLOAD_LIMIT_MB), field: '', message: uploadSizeMessage(DEFAULT_UPLOAD_LIMIT_MB) },
];
const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');
const KIND_LABEL: Record<DocumentKind, string> = { document: 'Document', identity: 'Identity proof' };

function size(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type UploadState = { file: File; kind: DocumentKind; progress: number; status: 'sending' | 'failed'; error?: string };

export function DocumentsPage() {
  const [docs, setDocs] = useState<StoredDocument[] | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const [kind, setKind] = useState<DocumentKind>('document');
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [deleting, setDeleting] = useState<StoredDocument | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useDialogAction('The file was not deleted. Please try again.');

  const reload = useCallback(() => {
    listDocuments()
      .then((d) => {
        setDocs(d);
        setListFailed(false);
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'documents list' });
        setDocs([]);
        setListFailed(true);
      });
  }, []);
  useEffect(reload, [reload]);

  const send = async (file: File, k: DocumentKind) => {
    setNotice(null);
    setUpload({ file, kind: k, progress: 0, status: 'sending' });
    try {
      const stored = await uploadDocument(file, k, (progress) => setUpload((u) => (u ? { ...u, progress } : u)));
      setUpload(null);
      setNotice(`${stored.file_name} was uploaded.`);
      reload();
    } catch (e) {
      const d = describeApiError(e, { action: `upload ${file.name}`, known: KNOWN });
      setUpload({ file, kind: k, progress: 0, status: 'failed', error: d.message });
    }
  };

  const choose = (file: File | undefined) => {
    setProblem(null);
    setNotice(null);
    if (!file) return;
    // Product rules, Validation: before any byte leaves the browser.
    const p = uploadProblem(file);
    if (p) {
      setProblem(p);
      setUpload(null);
      return;
    }
    void send(file, kind);
  };

  const download = async (doc: StoredDocument) => {
    try {
      saveBlob(await downloadDocument(doc.uuid), doc.file_name);
    } catch (e) {
      reportError(e, { where: 'document download' });
      setNotice(`${doc.file_name} could not be downloaded. Please try again.`);
    }
  };

  return (
    <>
      <section className="hv-account__card" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload a file</h2>
        <p className="hv-account__note">
          Reports, prescriptions or an identity proof. Only you can see them. Up to {DEFAULT_UPLOAD_LIMIT_MB} MB;{' '}
          {ALLOWED_UPLOAD_EXTENSIONS.join(', ')}.
        </p>
        <AnswerCards
          legend="What is it?"
          name="document-kind"
          options={(['document', 'identity'] as const).map((k) => ({ value: k, label: KIND_LABEL[k] }))}
          value={kind}
          onChange={(value) => setKind(value as DocumentKind)}
          columns={2}
        />
        <FileDropZone
          id="document-file"
          label="Choose a file"
          hint={`up to ${DEFAULT_UPLOAD_LIMIT_MB} MB`}
          accept={ACCEPT}
          error={problem}
          loading={upload?.status === 'sending'}
          onFiles={(files) => choose(files[0])}
        />
        {upload ? (
          <div className="hv-account__upload">
            <label htmlFor="upload-progress">
              {upload.status === 'sending' ? `Uploading ${upload.file.name}` : `${upload.file.name} was not uploaded`}
            </label>
            <progress id="upload-progress" max={1} value={upload.progress} />
            {upload.status === 'failed' ? (
              <>
                <p role="alert" className="hv-form-error">
                  {upload.error}
                </p>
                <Button onClick={() => void send(upload.file, upload.kind)}>Try again</Button>
              </>
            ) : null}
          </div>
        ) : null}
        {notice ? <p role="status">{notice}</p> : null}
      </section>
      <section className="hv-account__card" aria-labelledby="documents-heading">
        <h2 id="documents-heading">Your files</h2>
        {docs === null ? <Spinner label="Loading your files" /> : null}
        {listFailed ? <LoadFailed what="Your files" retry={reload} /> : null}
        {docs?.length === 0 && !listFailed ? (
          <EmptyState>
            <p>No files yet.</p>
          </EmptyState>
        ) : null}
        <ul className="hv-account__list" aria-label="Your files">
          {docs?.map((d) => (
            <li key={d.uuid} className="hv-account__row">
              <span>
                {d.file_name}
                <span className="hv-account__meta">
                  {' '}
                  · {KIND_LABEL[d.kind as DocumentKind] ?? d.kind} · {size(d.size_bytes)} ·{' '}
                  {new Date(d.created_at).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' })}
                </span>
              </span>
              <span className="hv-account__actions">
                <Button variant="secondary" onClick={() => void download(d)}>
                  Download<span className="hv-visually-hidden"> {d.file_name}</span>
                </Button>
                <Button
                  variant="danger-ghost"
                  onClick={() => {
                    remove.setError(null);
                    setDeleting(d);
                  }}
                >
                  Delete<span className="hv-visually-hidden"> {d.file_name}</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {deleting ? (
        <Dialog title={`Delete ${deleting.file_name}?`} onDismiss={() => setDeleting(null)}>
          <p>The file is deleted for good.</p>
          {remove.alert}
          <div className="hv-dialog__actions">
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep file
            </Button>
            <Button
              variant="danger"
              disabled={remove.busy}
              onClick={() =>
                void remove.run(
                  'delete document',
                  () => deleteDocument(deleting.uuid),
                  () => {
                    setDeleting(null);
                    reload();
                  },
                )
              }
            >
              Delete file
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
