/**
 * The linter keeps the modules' boundary: a module's public surface is its service, its presenters and its
 * job enqueuers (`*.service`, `*.presenter`, `*.jobs`); its repository, policy, routes and other files are
 * its own (docs/design.md, "Modules"). These fixtures are linted with the repository's own biome.json,
 * laid out as server modules in a temporary folder (so the normal lint never sees the refused imports).
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const rootConfig = fileURLToPath(new URL('../../../biome.json', import.meta.url));
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

const fixtures: Record<string, string> = {
  // Refused: another module's repository, however it is imported.
  'apps/server/src/modules/exams/other-repository.ts': [
    "import { lockAccount } from '../users/users.repository';",
    '',
    'export const lock = lockAccount;',
    '',
  ].join('\n'),
  'apps/server/src/modules/exams/other-repository-type.ts': [
    "import type { PathRow } from '../learning-paths/learning-paths.repository';",
    '',
    'export type Row = PathRow;',
    '',
  ].join('\n'),
  'apps/server/src/modules/reports/other-repository-long-path.ts': [
    "import * as users from '../../modules/users/users.repository';",
    '',
    'export const repository = users;',
    '',
  ].join('\n'),
  // Refused: anything else of another module, by a sibling path or through modules/.
  'apps/server/src/modules/exams/other-policy.ts': [
    "import { pathPolicy } from '../learning-paths/learning-paths.policy';",
    '',
    'export const policy = pathPolicy;',
    '',
  ].join('\n'),
  'apps/server/src/modules/exams/other-routes.ts': [
    "import { userRouteHandlers } from '../../modules/users/users.routes';",
    '',
    'export const handlers = userRouteHandlers;',
    '',
  ].join('\n'),
  'apps/server/src/modules/auth/other-helper.ts': [
    "import { formatMoney } from '../subscriptions/money';",
    '',
    'export const format = formatMoney;',
    '',
  ].join('\n'),
  'apps/server/src/modules/ai/other-service-file.ts': [
    "import type { CardsService } from '../cards/cards.service.ts';",
    "import * as mail from '../mail';",
    '',
    'export const helpers = { mail };',
    'export type Cards = CardsService;',
    '',
  ].join('\n'),
  // Allowed: the module's own files, another module's service, presenter and jobs, lib/ and db/.
  'apps/server/src/modules/exams/allowed.ts': [
    "import { rowsOf } from '../../db/rows';",
    "import { noticeMail } from '../../lib/notice-mail';",
    "import { toCategoryResponse } from '../categories/categories.presenter';",
    "import { queueMail } from '../mail/mail.jobs';",
    "import type { UsersService } from '../users/users.service';",
    "import { examPolicy } from './exams.policy';",
    "import * as repo from './exams.repository';",
    '',
    'export const helpers = { examPolicy, noticeMail, queueMail, repo, rowsOf, toCategoryResponse };',
    'export type Users = UsersService;',
    '',
  ].join('\n'),
  'apps/server/src/modules/reports/allowed-long-path.ts': [
    "import { toPictureCard } from '../../modules/cards/cards.presenter';",
    "import { registerMailJobs } from '../../modules/mail/mail.jobs';",
    "import type { PracticeService } from '../../modules/practice/practice.service';",
    '',
    'export const helpers = { registerMailJobs, toPictureCard };',
    'export type Practice = PracticeService;',
    '',
  ].join('\n'),
  // Allowed: the composition root wires repositories' modules together outside modules/.
  'apps/server/src/composition.ts': [
    "import * as users from './modules/users/users.repository';",
    '',
    'export const repository = users;',
    '',
  ].join('\n'),
};

type Diagnostic = { category: string; severity: string; location: { path: string } };

let folder: string;
let diagnostics: Diagnostic[];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'module-boundaries-'));
  writeFileSync(
    join(folder, 'biome.json'),
    JSON.stringify({ root: true, extends: [rootConfig], vcs: { enabled: false } }),
  );
  for (const [path, text] of Object.entries(fixtures)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [biome, 'lint', '--reporter=json', '--max-diagnostics=100', 'apps'],
      {
        cwd: folder,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    // Biome exits with 1 when it reports errors; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  diagnostics = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const reported = (path: string) =>
  diagnostics.filter((diagnostic) => diagnostic.location.path.endsWith(path)).map((d) => d.category);

describe('module boundaries (biome.json)', () => {
  it.each([
    'apps/server/src/modules/exams/other-repository.ts',
    'apps/server/src/modules/exams/other-repository-type.ts',
    'apps/server/src/modules/reports/other-repository-long-path.ts',
  ])('refuses an import of another module’s repository: %s', (path) => {
    expect(reported(path)).toEqual(['lint/style/noRestrictedImports']);
    const diagnostic = diagnostics.find((d) => d.location.path.endsWith(path));
    expect(diagnostic?.severity).toBe('error');
  });

  it.each([
    'apps/server/src/modules/exams/other-policy.ts',
    'apps/server/src/modules/exams/other-routes.ts',
    'apps/server/src/modules/auth/other-helper.ts',
  ])('refuses an import of another module’s private file: %s', (path) => {
    expect(reported(path)).toEqual(['lint/style/noRestrictedImports']);
  });

  it('refuses a public file named with its extension and a module imported as a folder', () => {
    expect(reported('apps/server/src/modules/ai/other-service-file.ts')).toEqual([
      'lint/style/noRestrictedImports',
      'lint/style/noRestrictedImports',
    ]);
  });

  it.each([
    'apps/server/src/modules/exams/allowed.ts',
    'apps/server/src/modules/reports/allowed-long-path.ts',
  ])('allows the own files, another module’s service, presenter and jobs, lib/ and db/: %s', (path) => {
    expect(reported(path)).toEqual([]);
  });

  it('leaves files outside the modules (the composition root) alone', () => {
    expect(reported('apps/server/src/composition.ts')).toEqual([]);
  });
});
