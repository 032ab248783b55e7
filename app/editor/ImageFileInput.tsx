import { useId, useState, type ChangeEvent } from 'react';
import {
  BLOCK_IMAGE_TYPES,
  fileCountProblem,
  imageFileProblem,
  type ImageFileProblem,
} from './image-files.ts';

interface ImageFileInputProps {
  label: string;
  multiple: boolean;
  /** Images the uploader already holds, counted against `limit` (0 is unlimited). */
  present: number;
  limit: number;
  onFiles: (files: File[]) => void;
}

/**
 * A file field for block images with the spec's checks: JPEG, PNG or GIF only, 5 MB each, and the
 * uploader's maximum. A refused choice is reported beside the field (the size also as an alert) and
 * nothing of it is kept.
 */
export function ImageFileInput({ label, multiple, present, limit, onFiles }: ImageFileInputProps) {
  const [problem, setProblem] = useState<ImageFileProblem | null>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared so the same file can be chosen again after a fix.
    event.target.value = '';
    if (files.length === 0) return;
    const found =
      fileCountProblem(present, files.length, limit) ??
      files.map(imageFileProblem).find((item) => item !== null) ??
      null;
    setProblem(found);
    if (!found) onFiles(files);
  }

  return (
    <div className="form-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="file"
        accept={BLOCK_IMAGE_TYPES.join(',')}
        multiple={multiple}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        onChange={choose}
      />
      <p id={hintId} className="muted">
        JPEG, PNG or GIF, up to 5 MB{limit > 1 ? ` each; at most ${limit} images` : ''}.
      </p>
      {problem ? (
        <p id={errorId} className="field-error" role={problem.kind === 'size' ? undefined : 'alert'}>
          {problem.message}
        </p>
      ) : null}
      {problem?.kind === 'size' ? (
        <p role="alert" className="alert alert--error">
          {problem.alert}
        </p>
      ) : null}
    </div>
  );
}
