/**
 * Pasting images into the rich-text editor (001 §2): image files become `pasted-image.<ext>` uploads,
 * and base64 images inside pasted HTML are uploaded as public images and replaced by their addresses.
 */
import { IMAGE_MAX_BYTES } from '@portal/shared/limits';
import type { IMAGE_MIME_TYPES } from '@portal/shared/schemas/files';
import { uploadFile } from '../../lib/api/upload-file';

/** File extension of each image type the upload takes (001 §2: pasted-image plus the image extension). */
const IMAGE_EXTENSIONS: Record<(typeof IMAGE_MIME_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** An image type the upload takes. */
export type UploadableImageType = keyof typeof IMAGE_EXTENSIONS;

/** Whether `type` is an image type the upload takes. */
export function isUploadableImageType(type: string): type is UploadableImageType {
  return type in IMAGE_EXTENSIONS;
}

/** A pasted image as the file it is uploaded as: `pasted-image.png` and the like. */
export function asPastedImage(blob: Blob & { type: UploadableImageType }): File {
  return new File([blob], `pasted-image.${IMAGE_EXTENSIONS[blob.type]}`, { type: blob.type });
}

/**
 * Uploads an image as a public file and returns its address (the server checks type and size again).
 * `onProgress` gets the fraction sent, 0–1. Throws the API client's error when the upload fails.
 */
export async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const { publicUrl } = await uploadFile(
    {
      file,
      name: file.name,
      filename: file.name,
      visibility: 'public',
      metadataType: 'content',
      kind: 'image',
    },
    onProgress,
  );
  if (!publicUrl) throw new Error('The image was stored without a public address.');
  return publicUrl;
}

/** The blob of a `data:image/…;base64,…` address; null when it is not one of the accepted image types. */
function imageOfDataUrl(src: string): (Blob & { type: UploadableImageType }) | null {
  const match = /^data:([a-z+/.-]+);base64,(.*)$/is.exec(src.trim());
  const type = match?.[1]?.toLowerCase() ?? '';
  if (!match || !isUploadableImageType(type)) return null;
  try {
    const bytes = Uint8Array.from(atob(match[2]!.replace(/\s/g, '')), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type }) as Blob & { type: UploadableImageType };
  } catch {
    return null;
  }
}

/** Images whose address is a `data:` URL, in any case. */
const DATA_IMAGES = 'img[src^="data:" i]';

/** Whether pasted HTML holds an image inlined as a `data:` URL (parsed, not matched: the HTML is anyone's). */
export function hasDataImages(html: string): boolean {
  if (!html.includes('<')) return false;
  return new DOMParser().parseFromString(html, 'text/html').querySelector(DATA_IMAGES) !== null;
}

/**
 * Pasted HTML with its base64 images uploaded as files and replaced by their addresses (001 §2). An
 * image that is not an accepted type or is over the image limit is left out and counted.
 */
export async function withUploadedImages(html: string): Promise<{ html: string; skipped: number }> {
  const document = new DOMParser().parseFromString(html, 'text/html');
  let skipped = 0;
  for (const image of Array.from(document.querySelectorAll(DATA_IMAGES))) {
    const blob = imageOfDataUrl(image.getAttribute('src') ?? '');
    if (!blob || blob.size > IMAGE_MAX_BYTES) {
      image.remove();
      skipped += 1;
      continue;
    }
    image.setAttribute('src', await uploadImage(asPastedImage(blob)));
  }
  return { html: document.body.innerHTML, skipped };
}
