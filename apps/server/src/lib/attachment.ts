/**
 * `attachment` with the file's name: an ASCII fallback for old clients and the exact UTF-8 name
 * (RFC 6266, RFC 5987) for the others, so a Bulgarian name is kept; `fallback` names a file whose name
 * has nothing left.
 */
export const attachment = (name: string, extension: string, fallback: string) => {
  const base =
    name
      .replace(/[\\/:*?"<>|]+|\p{Cc}+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || fallback;
  const ascii =
    base
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || fallback;
  const encoded = encodeURIComponent(`${base}.${extension}`).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
};
