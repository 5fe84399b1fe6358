/**
 * The image types an upload may be (card pictures, avatars, school logos, photographed pages): the server
 * judges a file by its bytes and takes these; the web app's file pickers offer them and check a file
 * before sending it.
 */
export const IMAGE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
];

/** The extensions of those types, for a file whose type the browser does not name. */
export const IMAGE_EXTENSIONS: readonly string[] = [
  'jpg',
  'jpeg',
  'png',
  'webp',
  'gif',
  'avif',
  'heic',
  'heif',
];
