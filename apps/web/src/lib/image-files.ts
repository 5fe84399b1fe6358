import { IMAGE_EXTENSIONS, IMAGE_TYPES } from '@flashcards/contract';

// The image types the server reads (it judges a file by its bytes; checking them here spares a refused upload).

/** The types an image input offers. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** A known image type, or, when the browser names none, a known extension. */
export const isImageFile = (file: Blob & { name?: string }): boolean =>
  file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_EXTENSIONS.includes(extensionOf(file.name ?? ''));
