import { describeLoad, type KindStats, type PhaseResult } from './load';

export const TARGETS = { p99Ms: 25, shareOfHealth: 0.25 };

export type Run = {
  title: string;
  context: string[];
  connections: number;
  rateConnections: number;
  rate: number;
  seconds: number;
  max: PhaseResult[];
  fixed: PhaseResult[];
};

type Row = { label: string; stats: KindStats; health: KindStats | undefined };

const rowsOf = (phases: PhaseResult[]): Row[] => {
  const health = phases.find((phase) => phase.load === 'health')?.total;
  return phases.flatMap((phase) => {
    const rows: Row[] = [{ label: describeLoad[phase.load], stats: phase.total, health }];
    if (phase.load === 'loop') {
      if (phase.kinds.deck) rows.push({ label: '  of which deck calls', stats: phase.kinds.deck, health });
      if (phase.kinds.answer) rows.push({ label: '  of which answers', stats: phase.kinds.answer, health });
    }
    return rows;
  });
};

const number = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ratio = (value: number, base: number | undefined) => (base ? number(value / base, 2) : '–');

const HEADERS = ['call', 'req/s', 'req/s ÷ health', 'p50 ms', 'p99 ms', 'p99 ÷ health', 'failed'];

const cellsOf = ({ label, stats, health }: Row) => [
  label,
  number(stats.rps, 0),
  ratio(stats.rps, health?.rps),
  number(stats.p50, 2),
  number(stats.p99, 2),
  ratio(stats.p99, health?.p99),
  String(stats.failed),
];

const textTable = (rows: string[][]) => {
  const widths = HEADERS.map((_, i) => Math.max(...[HEADERS, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(HEADERS), ...rows.map(line)].join('\n');
};

const markdownTable = (sections: { title: string; rows: string[][] }[]) => {
  const lines = [
    `| ${HEADERS.join(' | ')} |`,
    `| ${HEADERS.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
  ];
  for (const section of sections) {
    lines.push(
      `| **${section.title}** | ${HEADERS.slice(1)
        .map(() => '')
        .join(' | ')} |`,
    );
    for (const row of section.rows)
      lines.push(`| ${row.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
};

export type Check = { met: boolean; text: string };

/**
 * The targets: each practice load keeps p99 under 25 ms at the fixed rate (which it must actually reach,
 * without failures), and reaches at least a quarter of the health route's requests per second at full speed.
 */
export const checksOf = (run: Run): Check[] => {
  const checks: Check[] = [];
  for (const phase of run.fixed) {
    if (phase.load === 'health') continue;
    const reached = phase.total.rps >= run.rate * 0.95;
    const clean = phase.total.failed === 0 && phase.errors === 0;
    checks.push({
      met: phase.total.p99 < TARGETS.p99Ms && reached && clean,
      text:
        `${phase.load}: p99 at ${run.rate} req/s under ${TARGETS.p99Ms} ms: ${number(phase.total.p99, 2)} ms` +
        (reached ? '' : ` (only ${number(phase.total.rps, 0)} req/s reached)`) +
        (clean ? '' : ` (${phase.total.failed + phase.errors} failed)`),
    });
  }
  const health = run.max.find((phase) => phase.load === 'health');
  for (const phase of run.max) {
    if (phase.load === 'health' || !health) continue;
    const share = phase.total.rps / health.total.rps;
    checks.push({
      met: share >= TARGETS.shareOfHealth && phase.total.failed === 0 && phase.errors === 0,
      text: `${phase.load}: at least ${TARGETS.shareOfHealth} of the health route's req/s: ${number(share, 2)} (${number(phase.total.rps, 0)} of ${number(health.total.rps, 0)})`,
    });
  }
  return checks;
};

const sectionsOf = (run: Run) => [
  {
    title: `Full speed (${run.connections} connections, ${run.seconds} s each)`,
    rows: rowsOf(run.max).map(cellsOf),
  },
  {
    title: `Fixed rate of ${run.rate} req/s (${run.rateConnections} connections, ${run.seconds} s each)`,
    rows: rowsOf(run.fixed).map(cellsOf),
  },
];

export const textReport = (run: Run) => {
  const lines = [run.title, ...run.context.map((line) => `  ${line}`), ''];
  for (const section of sectionsOf(run)) lines.push(section.title, textTable(section.rows), '');
  lines.push('Targets:');
  for (const check of checksOf(run)) lines.push(`  ${check.met ? 'met    ' : 'MISSED '} ${check.text}`);
  return `${lines.join('\n')}\n`;
};

export const markdownReport = (run: Run) => {
  const lines = [`### ${run.title}`, '', ...run.context.map((line) => `- ${line}`), ''];
  lines.push(markdownTable(sectionsOf(run)), '', 'Targets:', '');
  for (const check of checksOf(run)) lines.push(`- ${check.met ? 'met' : '**missed**'}: ${check.text}`);
  return `${lines.join('\n')}\n`;
};
