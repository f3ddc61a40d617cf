import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Spinner } from '@haven/shared';
import { IconUpload } from '../../../../pure/icons';
import '../../../../pure/tokens.css';
import './FileDropZone.css';

export interface FileDropZoneProps {
  label: ReactNode;
  /** What may be chosen, in words ('PDF or photo, up to 5 MB'). */
  hint?: ReactNode;
  /** The input's accept list ('.pdf,image/*'). */
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  /** The names of the files chosen so far, shown under the zone. */
  chosen?: readonly string[];
  error?: ReactNode;
  disabled?: boolean;
  /** An upload is in progress: the zone says so and takes no new file. */
  loading?: boolean;
  name?: string;
  id?: string;
}

/**
 * A file picker a person can use three ways: drop files on it, click it, or Tab to it and press Enter or
 * Space (it is the browser's own file input, drawn as a zone and named by its label).
 */
export function FileDropZone(props: FileDropZoneProps) {
  const { label, hint, accept, multiple = false, onFiles, chosen = [], error, disabled = false, loading = false, name, id } = props;
  const generated = useId();
  const inputId = id ?? generated;
  const [dragging, setDragging] = useState(false);
  const off = disabled || loading;
  const hintId = `${inputId}-hint`;
  const errorId = error ? `${inputId}-error` : undefined;
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (off) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const classes = [
    'hv-dropzone',
    dragging ? 'hv-dropzone--dragging' : '',
    error ? 'hv-dropzone--invalid' : '',
    off ? 'hv-dropzone--off' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="hv-dropzone-field">
      <div
        className={classes}
        onDragOver={(event) => {
          event.preventDefault();
          if (!off) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <input
          className="hv-dropzone__input"
          type="file"
          id={inputId}
          name={name}
          accept={accept}
          multiple={multiple}
          disabled={off}
          aria-busy={loading || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            if (files.length > 0) onFiles(files);
            event.target.value = '';
          }}
        />
        <span className="hv-dropzone__icon" aria-hidden="true">
          {loading ? <Spinner size="md" label="Uploading" /> : <IconUpload size={28} />}
        </span>
        <label className="hv-dropzone__label" htmlFor={inputId}>
          {label}
        </label>
        <span className="hv-dropzone__hint" id={hintId}>
          {loading ? 'Uploading…' : dragging ? 'Drop to add' : 'Drag a file here, or choose one'}
          {hint ? <> · {hint}</> : null}
        </span>
      </div>
      {chosen.length > 0 && (
        <ul className="hv-dropzone__files" aria-label="Chosen files">
          {chosen.map((file) => (
            <li key={file}>{file}</li>
          ))}
        </ul>
      )}
      {error && (
        <p className="hv-dropzone__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
