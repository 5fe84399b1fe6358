/**
 * The import of a large Anki package: 30,000 notes, 2,000 of them with a picture (a JPEG of about 20 KB
 * each), into a text category (28,000 text cards; the notes with only a picture are listed as left out)
 * and into a picture category (2,000 picture cards; the others listed). Each import is timed from its
 * upload to its end as the web app polls it, with the server's resident memory sampled throughout; then
 * the practice answer is measured at a fixed rate alone and while the picture import runs. On PostgreSQL
 * the import runs in a job worker beside the server (at the worker's lower priority), as in production;
 * the memory is then the worker's.
 * Targets: each import under 60 s with the server under 600 MB, and the practice p99 unchanged.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { toApkg } from '../src/modules/cards/card-export';
import type { PhaseResult, Practice } from './load';

export const IMPORT_SHAPE = { notes: 30_000, pictures: 2_000 } as const;
export const IMPORT_TARGET_SECONDS = 60;
export const IMPORT_MEMORY_TARGET_MB = 600;

/** A picture unlike the others: a colour, a few shapes and its number. */
const picture = (n: number) => {
  const hue = (n * 47) % 360;
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (n * 37 + i * 101) % 560;
    const y = (n * 53 + i * 67) % 400;
    return `<rect x="${x}" y="${y}" width="${40 + ((n + i) % 5) * 12}" height="${30 + ((n * i) % 7) * 9}" fill="hsl(${(hue + i * 60) % 360},70%,45%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="hsl(${hue},60%,85%)"/>${shapes}
    <text x="40" y="440" font-size="64" font-family="sans-serif" fill="#222">№ ${n}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
};

/** The package, built once and kept beside the results (it does not change between runs). */
export const importPackage = async (resultsDir: string, say: (line: string) => void) => {
  const { notes, pictures } = IMPORT_SHAPE;
  const file = path.join(resultsDir, `import-deck-${notes}-${pictures}.apkg`);
  if (existsSync(file)) return readFileSync(file);
  say(
    `Building a package of ${notes.toLocaleString('en')} notes with ${pictures.toLocaleString('en')} pictures…`,
  );
  const every = Math.floor(notes / pictures);
  const cards = Array.from({ length: notes }, (_, i) => ({
    first: `слово ${i}: ${'a word and a sentence about it '.repeat(1 + (i % 3))}`.trim(),
    second: `meaning ${i}\n${'an example of its use '.repeat(1 + (i % 2))}`.trim(),
    tag: `lesson-${Math.floor(i / 500)}`,
    ...(i % every === 0 && i / every < pictures
      ? { picture: { url: '', extension: 'jpg', bytes: () => picture(i / every) } }
      : {}),
  }));
  const data = await toApkg('Bench deck', cards, new Date());
  writeFileSync(file, data);
  say(`  ${(data.length / 1024 / 1024).toFixed(1)} MB`);
  return data;
};

/** The process's resident memory now, in MB (Linux). */
const residentMb = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

export type ImportResult = {
  kind: 'text' | 'picture';
  seconds: number;
  created: number;
  skipped: number;
  /** The resident memory of the process running the import before the upload, and its highest during it. */
  memoryBeforeMb: number;
  memoryPeakMb: number;
};

/** Uploads the package into a new category of the learner's and polls it to its end, as the web app does. */
export const runImport = async (
  url: string,
  pid: number,
  learner: Practice,
  kind: 'text' | 'picture',
  data: Buffer,
): Promise<ImportResult> => {
  const headers = { authorization: learner.authorization };
  const category = await fetch(`${url}/api/card/category/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Imported ${kind} ${Date.now()}`, type_of_cards: kind }),
  });
  if (!category.ok)
    throw new Error(`creating a category answered ${category.status}: ${await category.text()}`);
  const categoryId = ((await category.json()) as { id: number }).id;

  const memoryBeforeMb = residentMb(pid);
  let memoryPeakMb = memoryBeforeMb;
  const sampler = setInterval(() => {
    memoryPeakMb = Math.max(memoryPeakMb, residentMb(pid));
  }, 100);
  const started = performance.now();
  try {
    const form = new FormData();
    form.set('category_id', String(categoryId));
    form.set('file', new Blob([data]), 'deck.apkg');
    const upload = await fetch(`${url}/api/card/imports/`, { method: 'POST', headers, body: form });
    if (upload.status !== 202)
      throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
    const { id } = (await upload.json()) as { id: string };
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const status = (await (await fetch(`${url}/api/card/imports/${id}/`, { headers })).json()) as {
        status: string;
        created: number;
        skipped: unknown[];
        error: string | null;
      };
      if (status.status === 'FAILURE') throw new Error(`the import failed: ${status.error}`);
      if (status.status === 'SUCCESS')
        return {
          kind,
          seconds: (performance.now() - started) / 1000,
          created: status.created,
          skipped: status.skipped.length,
          memoryBeforeMb,
          memoryPeakMb,
        };
    }
  } finally {
    clearInterval(sampler);
  }
};

export type ImportRun = {
  imports: ImportResult[];
  practiceRate: number;
  practiceAlone: PhaseResult;
  practiceDuring: PhaseResult;
  duringSeconds: number;
};

export const importLines = (run: ImportRun) => {
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const lines = [
    `## Anki import: ${IMPORT_SHAPE.notes.toLocaleString('en')} notes, ${IMPORT_SHAPE.pictures.toLocaleString('en')} pictures`,
    '',
    `Targets: under ${IMPORT_TARGET_SECONDS} s from the upload to the end, the server under ${IMPORT_MEMORY_TARGET_MB} MB, the practice p99 unchanged.`,
    '',
    '| Category | Seconds | Cards added | Notes left out | Memory before | Memory, highest |',
    '| --- | --- | --- | --- | --- | --- |',
    ...run.imports.map(
      (r) =>
        `| ${r.kind} | ${r.seconds.toFixed(1)} | ${r.created.toLocaleString('en')} | ${r.skipped.toLocaleString('en')} | ${mb(r.memoryBeforeMb)} | ${mb(r.memoryPeakMb)} |`,
    ),
    '',
    `Practice answers at ${run.practiceRate} req/s for ${run.duringSeconds.toFixed(0)} s: alone p50 ${run.practiceAlone.total.p50.toFixed(2)} ms, p99 ${run.practiceAlone.total.p99.toFixed(2)} ms; while the picture import runs p50 ${run.practiceDuring.total.p50.toFixed(2)} ms, p99 ${run.practiceDuring.total.p99.toFixed(2)} ms (${run.practiceDuring.total.failed + run.practiceDuring.errors} failed).`,
  ];
  return lines;
};
