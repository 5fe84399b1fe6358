// Checks what the home page loads first against the budget: the entry chunk, every chunk it imports
// statically (the browser fetches them before anything shows), and the home route's own chunk if it has
// one. Reads the Vite manifest of the last build; exits non-zero above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const HOME_PAGE = 'src/features/home/pages/home-page.tsx';

const dist = path.join(import.meta.dirname, '..', 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
} catch {
  console.error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`);
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loaded = new Set();
const visit = (key) => {
  if (loaded.has(key)) return;
  loaded.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entryKey);
if (manifest[HOME_PAGE]) visit(HOME_PAGE);

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(8);
let total = 0;
const rows = [...loaded]
  .map((key) => {
    const data = readFileSync(path.join(dist, manifest[key].file));
    const gzip = gzipSync(data, { level: 9 }).length;
    total += gzip;
    return { file: manifest[key].file, raw: data.length, gzip };
  })
  .sort((a, b) => b.gzip - a.gzip);

console.log(
  `JavaScript of the home page's first load (${manifest[HOME_PAGE] ? 'entry and home chunk' : 'entry, home page included'}):`,
);
for (const { file, raw, gzip } of rows) console.log(`${kB(raw)} kB ${kB(gzip)} kB gzip  ${file}`);
console.log(`${kB(total)} kB gzip in all; budget ${BUDGET_KB} kB.`);
if (total > BUDGET_KB * 1000) {
  console.error(`Over budget by ${(total / 1000 - BUDGET_KB).toFixed(1)} kB.`);
  process.exit(1);
}
