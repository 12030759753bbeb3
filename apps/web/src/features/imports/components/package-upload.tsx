import DriveFolderUploadIcon from '@mui/icons-material/DriveFolderUpload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { IMPORT_ENTRIES_MAX, IMPORT_PACKAGE_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import type { CoursewareImport } from '@portal/shared/schemas/imports';
import { ApiError } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { importQueryKey } from '../api/get-import';
import { IMPORTS_KEY } from '../api/list-imports';
import { uploadFolder, uploadPackage } from '../api/upload-package';
import { reportIfSessionEnded } from '../lib/session-ended';

/** The kinds of file a package may be: a zip of a folder tree, or an IMS Common Cartridge. */
export const PACKAGE_EXTENSIONS = ['.zip', '.imscc'] as const;
/** What the page says while the server checks an uploaded package. */
export const CHECKING_TEXT = 'Checking the package…';
/** What the page says of a file that is neither a zip nor a cartridge. */
export const NOT_A_PACKAGE = 'Choose a zip file (.zip) or a Common Cartridge (.imscc).';
/** What the page says of a package larger than IMPORT_PACKAGE_MAX_BYTES. */
export const PACKAGE_TOO_LARGE = `${MESSAGES.uploadTooLarge} A package may be at most ${formatBytes(IMPORT_PACKAGE_MAX_BYTES)}.`;

const PERCENT = 100;

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; fraction: number }
  | { phase: 'checking'; name: string };

/** What the page says of a folder with more files than a package may hold. */
export const FOLDER_TOO_MANY = `A folder may hold at most ${IMPORT_ENTRIES_MAX.toLocaleString('en')} files. Import it in parts.`;
/** What the page says of a chosen folder with no file in it. */
export const FOLDER_EMPTY = 'The folder holds no file. Choose the folder of a course.';

/** What is sent: a package file, or the files of a folder; with its name and how it is uploaded. */
interface Outgoing {
  name: string;
  /** Why it cannot be sent, or null when it can (checked before a byte goes out). */
  problem: string | null;
  upload: (onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<CoursewareImport>;
}

/** A package file to send. */
function packageOf(file: File): Outgoing {
  const name = file.name.toLowerCase();
  const problem = !PACKAGE_EXTENSIONS.some((extension) => name.endsWith(extension))
    ? NOT_A_PACKAGE
    : file.size > IMPORT_PACKAGE_MAX_BYTES
      ? PACKAGE_TOO_LARGE
      : null;
  return {
    name: file.name,
    problem,
    upload: (onProgress, signal) => uploadPackage(file, onProgress, signal),
  };
}

/** The files of a chosen folder to send (each with its `webkitRelativePath`). */
function folderOf(files: readonly File[]): Outgoing {
  const size = files.reduce((sum, file) => sum + file.size, 0);
  const problem =
    files.length === 0
      ? FOLDER_EMPTY
      : files.length > IMPORT_ENTRIES_MAX
        ? FOLDER_TOO_MANY
        : size > IMPORT_PACKAGE_MAX_BYTES
          ? PACKAGE_TOO_LARGE
          : null;
  const name = files[0]?.webkitRelativePath.split('/')[0] || 'folder';
  return { name, problem, upload: (onProgress, signal) => uploadFolder(files, onProgress, signal) };
}

/** The message of a refused upload, in the words of the server where it gave some. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.httpStatus === 413) return PACKAGE_TOO_LARGE;
  return error instanceof Error ? error.message : 'The package could not be uploaded. Please try again.';
}

/**
 * The package upload of the course import page (issue 38): a drop zone with a "Choose a package" button
 * (the file input, accepting .zip and .imscc, is labelled "Course package") and a "Choose a folder" button
 * (a course's folder, each file sent with its path; its input is labelled "Course folder"); type, size and
 * count are checked first (IMPORT_PACKAGE_MAX_BYTES, IMPORT_ENTRIES_MAX), then it is sent with its
 * progress and a "Cancel upload"
 * button, then "Checking the package…" while the server makes the preview. A refusal shows the server's
 * message. Props: `onUploaded`, called with the previewed import (the page opens it).
 */
export function PackageUpload({ onUploaded }: { onUploaded: (imported: CoursewareImport) => void }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const controller = useRef<AbortController | null>(null);
  const errorId = useId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  // An object, so that the same message twice is a new error: the button takes the focus again.
  const [error, setError] = useState<{ message: string } | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  useEffect(() => () => controller.current?.abort(), []);
  // After the render that enables the button again (a disabled button cannot take the focus).
  useEffect(() => {
    if (error) buttonRef.current?.focus();
  }, [error]);
  // Chromium, Firefox and Safari choose a folder through this attribute; React's types lack it.
  useEffect(() => {
    folderRef.current?.setAttribute('webkitdirectory', '');
  }, []);
  const isBusy = state.phase !== 'idle';

  const send = async (outgoing: Outgoing) => {
    if (isBusy) return;
    const { name, problem } = outgoing;
    if (inputRef.current) inputRef.current.value = '';
    if (folderRef.current) folderRef.current.value = '';
    if (problem) {
      setError({ message: problem });
      return;
    }
    setError(null);
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'uploading', name, fraction: 0 });
    try {
      const imported = await outgoing.upload(
        (fraction) =>
          setState(fraction < 1 ? { phase: 'uploading', name, fraction } : { phase: 'checking', name }),
        abort.signal,
      );
      queryClient.setQueryData(importQueryKey(imported.id), imported);
      void queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, 'list'] });
      onUploaded(imported);
    } catch (caught) {
      setState({ phase: 'idle' });
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      reportIfSessionEnded(caught);
      setError({ message: messageOf(caught) });
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void send(packageOf(file));
  };
  const onFolderChange = (event: ChangeEvent<HTMLInputElement>) => {
    void send(folderOf([...(event.target.files ?? [])]));
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = isBusy ? 'none' : 'copy';
    setIsDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(packageOf(file));
  };

  return (
    <Box>
      <Box
        onDragOver={onDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          bgcolor: isDragging ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
        }}
      >
        <Typography sx={{ mb: 1.5 }}>Drop a .zip or .imscc file here, or</Typography>
        <Button
          ref={buttonRef}
          variant="contained"
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={isBusy}
          aria-describedby={error ? errorId : undefined}
        >
          Choose a package
        </Button>{' '}
        <Button
          variant="outlined"
          startIcon={<DriveFolderUploadIcon />}
          onClick={() => folderRef.current?.click()}
          disabled={isBusy}
          aria-describedby={error ? errorId : undefined}
        >
          Choose a folder
        </Button>
        {/* The button is the control; the input stays in the page, visually hidden, to hold the file. */}
        <Box
          component="input"
          ref={inputRef}
          type="file"
          accept={PACKAGE_EXTENSIONS.join(',')}
          aria-label="Course package"
          tabIndex={-1}
          onChange={onChange}
          sx={visuallyHidden}
        />
        <Box
          component="input"
          ref={folderRef}
          type="file"
          multiple
          aria-label="Course folder"
          tabIndex={-1}
          onChange={onFolderChange}
          sx={visuallyHidden}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          At most {formatBytes(IMPORT_PACKAGE_MAX_BYTES)}. Nothing is written until you confirm the preview.
        </Typography>
      </Box>

      <Box role="status" sx={{ mt: 2 }}>
        {state.phase === 'uploading' && <Typography>Uploading {state.name}…</Typography>}
        {state.phase === 'checking' && <Typography>{CHECKING_TEXT}</Typography>}
      </Box>
      {state.phase === 'uploading' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(state.fraction * PERCENT)}
            aria-label={`Uploading ${state.name}`}
            sx={{ flexGrow: 1, maxWidth: 480 }}
          />
          <Typography variant="body2">{Math.round(state.fraction * PERCENT)} %</Typography>
          <Button onClick={() => controller.current?.abort()}>Cancel upload</Button>
        </Box>
      )}
      {state.phase === 'checking' && (
        <Box sx={{ mt: 1, maxWidth: 480 }}>
          <LinearProgress aria-label={CHECKING_TEXT} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            A large package takes a while: its files are read and compared with what an earlier import left.
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" id={errorId} sx={{ mt: 2 }}>
          {error.message}
        </Alert>
      )}
    </Box>
  );
}
