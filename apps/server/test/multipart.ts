/** A multipart body with text fields and files, as a browser's FormData sends it. */
export const formData = async (
  fields: Record<string, string | number>,
  files: Record<string, { name: string; type: string; data: Buffer }> = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
};

/**
 * A multipart body whose text fields declare UTF-16 (little-endian): unlike UTF-8, it can carry half of
 * a surrogate pair, as a hand-made client may send it.
 */
export const utf16FormData = (fields: Record<string, string>) => {
  const boundary = `utf16-${Date.now()}`;
  const parts = Object.entries(fields).flatMap(([name, value]) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n` +
        'Content-Type: text/plain; charset=utf-16le\r\n\r\n',
    ),
    Buffer.from(value, 'utf16le'),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A short, valid PCM WAV file (silence). */
export const wavFile = (samples = 800) => {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
};
