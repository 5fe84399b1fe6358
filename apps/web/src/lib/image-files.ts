/** The image types the server reads (it judges a file by its bytes; these spare a refused upload). */
const IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif', 'heic', 'heif'];

/** The types an image input offers. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** A known image type, or, when the browser names none, a known extension. */
export const isImageFile = (file: Blob & { name?: string }): boolean =>
  file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_EXTENSIONS.includes(extensionOf(file.name ?? ''));
