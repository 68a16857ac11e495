import { apiFile } from './client.ts';

/** The types the viewer shows; anything else is only offered for download. */
const VIEWABLE = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ViewableType = (typeof VIEWABLE)[number];

export interface FetchedAttachment {
  blob: Blob;
  /** Set only for the types the viewer may show, as the server sniffed them from the bytes. */
  viewable: ViewableType | null;
}

/**
 * The bytes become a blob of the type the server sniffed, never text/html: a blob URL shares the
 * app's origin, so a document that could run script must never be opened from one.
 */
export async function fetchAttachment(url: string): Promise<FetchedAttachment> {
  const { bytes, contentType } = await apiFile(url);
  const viewable = VIEWABLE.find((type) => type === contentType) ?? null;
  return { blob: new Blob([bytes], { type: viewable ?? 'application/octet-stream' }), viewable };
}
