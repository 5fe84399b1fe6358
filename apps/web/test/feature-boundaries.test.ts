import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The rule that keeps web features apart (biome.json's `noRestrictedImports` overrides) run on the files of
 * lint-fixtures/boundaries, copied to the same paths under a temporary apps/web/src/ beside a copy of the
 * repository's biome.json: a line marked `// refused` must be refused and no other line may be.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../../..');
const fixtures = resolve(here, '../lint-fixtures/boundaries/src');
const biome = join(repository, 'node_modules/@biomejs/biome/bin/biome');

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );

/** "apps/web/src/<path>:<line>" of every line the fixtures mark as refused. */
const marked = filesUnder(fixtures).flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      line.includes('// refused') ? [`apps/web/src/${relative(fixtures, file)}:${index + 1}`] : [],
    ),
);

let workspace: string;
let refusals: { at: string; message: string }[];

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'feature-boundaries-'));
  cpSync(fixtures, join(workspace, 'apps/web/src'), { recursive: true });
  const config = JSON.parse(readFileSync(join(repository, 'biome.json'), 'utf8'));
  // The copy is not a git checkout, and the schema lives in the repository's node_modules.
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(workspace, 'biome.json'), JSON.stringify(config));
  const run = spawnSync(
    process.execPath,
    [
      biome,
      'lint',
      '--only=style/noRestrictedImports',
      '--reporter=github',
      '--max-diagnostics=none',
      'apps/web/src',
    ],
    { cwd: workspace, encoding: 'utf8' },
  );
  refusals = [...run.stdout.matchAll(/^::error title=([^,]+),file=([^,]+),line=(\d+),[^:]*::(.*)$/gm)].map(
    ([, rule, file, line, message]) => {
      expect(rule).toBe('lint/style/noRestrictedImports');
      return { at: `${relative(workspace, file)}:${line}`, message };
    },
  );
}, 60_000);

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe('imports between web features', () => {
  it('are refused exactly where the fixtures mark them, and nowhere else', () => {
    expect(marked.length).toBeGreaterThanOrEqual(20);
    expect(refusals.map((refusal) => refusal.at).sort()).toEqual([...marked].sort());
  });

  it('are refused with the rule of the layout', () => {
    const at = (place: string) => refusals.find((refusal) => refusal.at === place)?.message;
    expect(at('apps/web/src/features/review/pages/review-fixture-page.tsx:6')).toMatch(
      /^Web features do not import each other's internals/,
    );
    expect(at('apps/web/src/lib/fixture-helper.ts:3')).toMatch(
      /^components\/ and lib\/ are shared by the web features and import none of them/,
    );
  });

  it('leave the shared components, lib/ and a feature of its own alone', () => {
    const good = 'apps/web/src/features/review/pages/good-fixture.tsx';
    expect(marked.some((place) => place.startsWith(good))).toBe(false);
    expect(refusals.filter((refusal) => refusal.at.startsWith(good))).toEqual([]);
  });

  it("let the category page place the catalog's and the sending panels, and nothing else of theirs", () => {
    const page = (line: number) => `apps/web/src/features/cards/pages/cards-page.tsx:${line}`;
    const refused = new Set(refusals.map((refusal) => refusal.at));
    expect([2, 3, 4].map((line) => refused.has(page(line)))).toEqual([false, false, false]);
    expect([6, 7, 8].map((line) => refused.has(page(line)))).toEqual([true, true, true]);
    expect(refused.has('apps/web/src/features/cards/pages/other-cards-page.tsx:2')).toBe(true);
  });
});
