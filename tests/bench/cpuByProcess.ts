/**
 * Where a command's CPU goes, by kind of process: `npx tsx tests/bench/cpuByProcess.ts -- npm test`.
 * Every process's user and system time is read from Linux's /proc twice a second while the
 * command runs; a process's last reading is what it spent (a process living less than half a
 * second may be missed, and one that ends spends its last half second unseen). What ran before
 * the command started counts from its reading then. Prints the wall time, the CPU time in all and
 * per kind, and the command's own output is left as it is; CPU_BY_PROCESS_TOP=20 lists the 20
 * processes that spent the most, each with its command line.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const RUNTIMES = 'Functions emulator runtimes';
/** Kinds of process by a part of the command line, the first match wins. */
const KINDS: Array<[kind: string, mark: string]> = [
  [RUNTIMES, 'functionsEmulatorRuntime'],
  // Before Vitest and Playwright: the CLI's command line ends with the command it runs.
  ["firebase-tools' CLI (the Auth emulator, the Functions emulator's host)", 'firebase-tools/lib/bin/firebase.js emulators:'],
  ['Chromium renderers', '--type=renderer'],
  ['Chromium (browser, network, GPU)', 'chrom'],
  ['Firestore emulator (Java)', 'java'],
  ['Vitest', 'vitest'],
  ['oxlint (and its type-aware tsgolint)', 'oxlint'],
  ['ESLint', 'eslint'],
  ['TypeScript', 'tsc'],
  ['Playwright', 'playwright'],
  ['firebase-tools', 'firebase'],
  ['esbuild', 'esbuild'],
  ['Vite', 'vite'],
  ['tsx scripts (servers, tools)', 'tsx'],
];
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface Seen {
  kind: string;
  command: string;
  /** For a Functions emulator runtime: the function it serves (FUNCTION_TARGET in its environment). */
  target?: string;
  before: number;
  last: number;
}

/**
 * The function a runtime was started for. A runtime shared by all functions
 * (tools/emulator/sharedRuntimes.cjs) has none; firebase-tools alone starts one per function.
 */
function targetOf(key: string): string {
  const environ = read(`/proc/${key.split('@')[0]}/environ`);
  if (environ === undefined) return '(ended before it was read)';
  return /(?:^|\0)FUNCTION_TARGET=([^\0]*)/.exec(environ)?.[1] ?? '(shared by all functions)';
}

/** A command line for a reader: tsx's loader flags left out, the rest cut to 140 characters. */
const shortened = (line: string) => line.replace(/--require \S+tsx\/dist\/preflight\.cjs --import \S+ /, '(tsx) ').slice(0, 140);

const kindOf = (command: string) => KINDS.find(([, mark]) => command.includes(mark))?.[0] ?? `other: ${command.slice(0, 50)}`;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** One reading of every process: its key (pid and start time, as pids are reused), command and CPU seconds. */
function readings(): Array<{ key: string; command: string; cpu: number }> {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      const stat = read(`/proc/${pid}/stat`);
      const command = read(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ').trim();
      if (stat === undefined || !command) return [];
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ key: `${pid}@${fields[19]}`, command, cpu: (Number(fields[11]) + Number(fields[12])) / TICKS }];
    });
}

const separator = process.argv.indexOf('--');
const command = process.argv.slice(separator >= 0 ? separator + 1 : 2);
if (command.length === 0) {
  console.error('usage: npx tsx tests/bench/cpuByProcess.ts -- <command> [arguments]');
  process.exit(2);
}

const seen = new Map<string, Seen>();
const take = (first: boolean) => {
  for (const { key, command: line, cpu } of readings()) {
    const known = seen.get(key);
    if (known) known.last = cpu;
    else {
      const kind = kindOf(line);
      const target = kind === RUNTIMES ? targetOf(key) : undefined;
      seen.set(key, { kind, command: line, target, before: first ? cpu : 0, last: cpu });
    }
  }
};
take(true);
const started = Date.now();
const sampler = setInterval(() => take(false), 500);
const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
child.on('exit', (code) => {
  clearInterval(sampler);
  take(false);
  const byKind = new Map<string, { cpu: number; processes: number }>();
  for (const { kind, before, last } of seen.values()) {
    if (last === before) continue;
    const sum = byKind.get(kind) ?? { cpu: 0, processes: 0 };
    byKind.set(kind, { cpu: sum.cpu + last - before, processes: sum.processes + 1 });
  }
  const rows = [...byKind].sort(([, a], [, b]) => b.cpu - a.cpu);
  const total = rows.reduce((sum, [, { cpu }]) => sum + cpu, 0);
  console.log(`\nCPU by process: ${Math.round((Date.now() - started) / 1000)} s wall, ${Math.round(total)} s CPU`);
  for (const [kind, { cpu, processes }] of rows.slice(0, 15)) console.log(`${cpu.toFixed(1).padStart(8)} s  ${String(processes).padStart(4)} processes  ${kind}`);
  const topCount = Number(process.env.CPU_BY_PROCESS_TOP ?? 0);
  if (topCount > 0) {
    const top = [...seen.values()].map((process) => ({ line: process.command, cpu: process.last - process.before })).sort((a, b) => b.cpu - a.cpu);
    console.log(`\nThe ${topCount} processes that spent the most:`);
    for (const { cpu, line } of top.slice(0, topCount)) console.log(`${cpu.toFixed(1).padStart(8)} s  ${shortened(line)}`);
  }
  const byTarget = new Map<string, { cpu: number; processes: number }>();
  for (const { kind, target, before, last } of seen.values()) {
    if (kind !== RUNTIMES || last === before) continue;
    const sum = byTarget.get(target!) ?? { cpu: 0, processes: 0 };
    byTarget.set(target!, { cpu: sum.cpu + last - before, processes: sum.processes + 1 });
  }
  if (byTarget.size > 0) {
    console.log(`\n${RUNTIMES} by function (${byTarget.size} functions):`);
    for (const [target, { cpu, processes }] of [...byTarget].sort(([, a], [, b]) => b.cpu - a.cpu).slice(0, 25)) console.log(`${cpu.toFixed(1).padStart(8)} s  ${String(processes).padStart(4)} processes  ${target}`);
  }
  process.exit(code ?? 1);
});
