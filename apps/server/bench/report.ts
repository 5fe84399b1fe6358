import type { DirectResult } from './direct';
import { describeLoad, type KindStats, type PhaseResult } from './load';

export const TARGETS = { p99Ms: 25, shareOfHealth: 0.25, shareOfDirect: 0.6, catalogP99Ms: 50 };

/** The catalog's searches and filtered pages at a fixed rate, over its seeded data set. */
export type CatalogRun = {
  rate: number;
  connections: number;
  /** What the data set holds, e.g. "100,000 categories, 2,000,000 cards". */
  dataSet: string;
  phases: PhaseResult[];
};

/** The loop from many connections over a few learners, and its statements sent straight to PostgreSQL. */
export type CrowdRun = {
  learners: number;
  connections: number;
  rates: number[];
  max?: PhaseResult;
  fixed: PhaseResult[];
  direct?: DirectResult;
};

export type Run = {
  title: string;
  context: string[];
  connections: number;
  rateConnections: number;
  rate: number;
  seconds: number;
  max: PhaseResult[];
  fixed: PhaseResult[];
  crowd?: CrowdRun;
  catalog?: CatalogRun;
};

type Row = { label: string; stats: KindStats; health: KindStats | undefined; serverCpuMicros?: number };

const rowsOf = (phases: PhaseResult[]): Row[] => {
  const health = phases.find((phase) => phase.load === 'health')?.total;
  return phases.flatMap((phase) => {
    const rows: Row[] = [
      { label: describeLoad[phase.load], stats: phase.total, health, serverCpuMicros: phase.serverCpuMicros },
    ];
    if (phase.load === 'loop') {
      if (phase.kinds.deck) rows.push({ label: '  of which deck calls', stats: phase.kinds.deck, health });
      if (phase.kinds.answer) rows.push({ label: '  of which answers', stats: phase.kinds.answer, health });
    }
    return rows;
  });
};

const number = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ratio = (value: number, base: number | undefined) => (base ? number(value / base, 2) : '–');

const HEADERS = [
  'call',
  'req/s',
  'req/s ÷ health',
  'p50 ms',
  'p99 ms',
  'p99 ÷ health',
  'failed',
  'server CPU µs/req',
];

const cellsOf = ({ label, stats, health, serverCpuMicros }: Row) => [
  label,
  number(stats.rps, 0),
  ratio(stats.rps, health?.rps),
  number(stats.p50, 2),
  number(stats.p99, 2),
  ratio(stats.p99, health?.p99),
  String(stats.failed),
  serverCpuMicros === undefined ? '' : number(serverCpuMicros, 0),
];

const CROWD_HEADERS = ['call', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'server CPU µs/req', 'load avg'];

const crowdCellsOf = (
  label: string,
  stats: KindStats,
  phase: { loadAverage?: number; serverCpuMicros?: number } = {},
) => [
  label,
  number(stats.rps, 0),
  number(stats.p50, 2),
  number(stats.p99, 2),
  String(stats.failed),
  phase.serverCpuMicros === undefined ? '' : number(phase.serverCpuMicros, 0),
  phase.loadAverage === undefined ? '' : number(phase.loadAverage, 2),
];

type Section = { title: string; headers: string[]; rows: string[][] };

const textTable = (headers: string[], rows: string[][]) => {
  const widths = headers.map((_, i) => Math.max(...[headers, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(headers), ...rows.map(line)].join('\n');
};

const markdownTable = (sections: Section[]) => {
  const lines: string[] = [];
  for (const section of sections) {
    const { headers } = section;
    if (lines.length > 0) lines.push('');
    lines.push(
      `**${section.title}**`,
      '',
      `| ${headers.join(' | ')} |`,
      `| ${headers.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    );
    for (const row of section.rows)
      lines.push(`| ${row.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
};

export type Check = { met: boolean; text: string };

const rateCheck = (label: string, phase: PhaseResult, p99Ms = TARGETS.p99Ms): Check => {
  const rate = phase.rate!;
  const reached = phase.total.rps >= rate * 0.95;
  const clean = phase.total.failed === 0 && phase.errors === 0;
  return {
    met: phase.total.p99 < p99Ms && reached && clean,
    text:
      `${label}: p99 at ${rate} req/s under ${p99Ms} ms: ${number(phase.total.p99, 2)} ms` +
      (reached ? '' : ` (only ${number(phase.total.rps, 0)} req/s reached)`) +
      (clean ? '' : ` (${phase.total.failed + phase.errors} failed)`),
  };
};

/**
 * The targets: each practice load keeps p99 under 25 ms at the fixed rate (which it must actually reach,
 * without failures), and reaches at least a quarter of the health route's requests per second at full speed;
 * the crowd keeps p99 under 25 ms at each of its rates, and its loop at full speed reaches 0.6 of what its
 * statements do sent straight to PostgreSQL.
 */
export const checksOf = (run: Run): Check[] => {
  const checks: Check[] = [];
  for (const phase of run.fixed) {
    if (phase.load === 'health') continue;
    checks.push(rateCheck(phase.load, phase));
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
  for (const phase of run.catalog?.phases ?? [])
    checks.push(rateCheck(describeLoad[phase.load].split(':')[0]!, phase, TARGETS.catalogP99Ms));
  const crowd = run.crowd;
  if (crowd) {
    const who = `crowd (${crowd.connections} connections, ${crowd.learners} learners)`;
    for (const phase of crowd.fixed) {
      const check = rateCheck(`${who}, ${pacingOf(phase)}`, phase);
      if (!check.met && phase.pacing === 'burst' && crowd.max) check.text += `; ${burstFloor(crowd)}`;
      checks.push(check);
    }
    if (crowd.max && crowd.direct) {
      const share = crowd.max.total.rps / crowd.direct.total.rps;
      checks.push({
        met: share >= TARGETS.shareOfDirect && crowd.max.total.failed === 0 && crowd.max.errors === 0,
        text: `${who}: at least ${TARGETS.shareOfDirect} of the req/s of its statements sent straight to PostgreSQL: ${number(share, 2)} (${number(crowd.max.total.rps, 0)} of ${number(crowd.direct.total.rps, 0)})`,
      });
    }
  }
  return checks;
};

/**
 * While a burst lasts every connection has a request waiting, so by Little's law the mean latency is the
 * connections over the throughput: what the machine allows at full speed bounds what a burst can get.
 */
const burstFloor = (crowd: CrowdRun) => {
  const floor = (rps: number) => `${number((crowd.connections / rps) * 1000, 1)} ms`;
  const server = `the mean of ${crowd.connections} requests in flight at full speed is ${floor(crowd.max!.total.rps)} through the server`;
  if (!crowd.direct) return server;
  return `${server} and ${floor(crowd.direct.total.rps)} straight to PostgreSQL, whose p99 is ${number(crowd.direct.total.p99, 2)} ms`;
};

const pacingOf = (phase: PhaseResult) =>
  phase.pacing === 'burst' ? 'each second in one burst' : 'spread over the second';

const crowdRows = (crowd: CrowdRun) => {
  const rows: string[][] = [];
  const loop = (label: string, phase: PhaseResult) => {
    rows.push(crowdCellsOf(label, phase.total, phase));
    if (phase.kinds.deck) rows.push(crowdCellsOf('  of which deck calls', phase.kinds.deck));
    if (phase.kinds.answer) rows.push(crowdCellsOf('  of which answers', phase.kinds.answer));
  };
  if (crowd.max) loop('loop through the server, full speed', crowd.max);
  const { direct } = crowd;
  if (direct) {
    rows.push(crowdCellsOf('its statements straight to PostgreSQL, full speed', direct.total, direct));
    rows.push(crowdCellsOf('  of which deck statements', direct.kinds.deck));
    rows.push(crowdCellsOf('  of which answer statements', direct.kinds.answer));
    if (crowd.max)
      rows.push([
        'through the server ÷ straight to PostgreSQL',
        ratio(crowd.max.total.rps, direct.total.rps),
        ...CROWD_HEADERS.slice(2).map(() => ''),
      ]);
  }
  for (const phase of crowd.fixed) loop(`loop at ${phase.rate} req/s, ${pacingOf(phase)}`, phase);
  return rows;
};

const sectionsOf = (run: Run): Section[] => {
  const sections: Section[] = [
    {
      title: `Full speed (${run.connections} connections, ${run.seconds} s each)`,
      headers: HEADERS,
      rows: rowsOf(run.max).map(cellsOf),
    },
    {
      title: `Fixed rate of ${run.rate} req/s (${run.rateConnections} connections, ${run.seconds} s each)`,
      headers: HEADERS,
      rows: rowsOf(run.fixed).map(cellsOf),
    },
  ];
  if (run.crowd)
    sections.push({
      title: `The loop from ${run.crowd.connections} connections over ${run.crowd.learners} learners (${run.seconds} s each; decks reset before each)`,
      headers: CROWD_HEADERS,
      rows: crowdRows(run.crowd),
    });
  if (run.catalog)
    sections.push({
      title: `The catalog at ${run.catalog.rate} req/s (${run.catalog.connections} connections, ${run.seconds} s each; ${run.catalog.dataSet})`,
      headers: CROWD_HEADERS,
      rows: run.catalog.phases.map((phase) => crowdCellsOf(describeLoad[phase.load], phase.total, phase)),
    });
  return sections.filter((section) => section.rows.length > 0);
};

export const textReport = (run: Run) => {
  const lines = [run.title, ...run.context.map((line) => `  ${line}`), ''];
  for (const section of sectionsOf(run))
    lines.push(section.title, textTable(section.headers, section.rows), '');
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
