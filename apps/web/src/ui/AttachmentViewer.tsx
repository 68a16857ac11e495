import { Suspense } from 'react';
import { lazyPage } from '../app/lazy-page.ts';

const AttachmentModal = lazyPage(() => import('./AttachmentModal.tsx'), 'AttachmentModal');

interface Props {
  /** The attachment to show; null closes the viewer. */
  file: { url: string; nome: string } | null;
  onClose: () => void;
}

/**
 * Shows a PDF or an image inside the page: images as <img>, PDFs in the browser's PDF viewer.
 * Neither runs a document's script, and the blob's type comes from the server's sniffing. The
 * modal's code is fetched when a file is first opened, not with the pages that list files.
 */
export function AttachmentViewer({ file, onClose }: Props) {
  return (
    file && (
      <Suspense fallback={null}>
        <AttachmentModal file={file} onClose={onClose} />
      </Suspense>
    )
  );
}
