/**
 * What the system says about running processes: which process listens on a port, which processes
 * descend from one, and which carry a variable of the environment. Read from Linux's /proc, so it
 * needs no package; elsewhere the process list comes from `ps`, and ports and environments are
 * not known.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, its arguments separated by spaces. */
  command: string;
}

const HAS_PROC = existsSync('/proc/self/stat');

/** A file of /proc, or undefined when the process has gone meanwhile or belongs to another user. */
function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function pids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function processInfo(pid: number): ProcessInfo | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The name in parentheses may hold spaces and parentheses: the fields start after the last ')'.
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const args = (readProc(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
  return { pid, ppid, command: args.length > 0 ? args.join(' ') : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) };
}

export function listProcesses(): ProcessInfo[] {
  if (HAS_PROC) return pids().flatMap((pid) => processInfo(pid) ?? []);
  return execFileSync('ps', ['-A', '-ww', '-o', 'pid=,ppid=,command='], { encoding: 'utf8' })
    .split('\n')
    .flatMap((line) => {
      const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
      return match ? [{ pid: Number(match[1]), ppid: Number(match[2]), command: match[3] ?? '' }] : [];
    });
}

/** Every process below `pid` (children, their children, …), parents before their children. */
export function descendants(pid: number, processes = listProcesses()): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  const parents = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const candidate of processes) {
      if (parents.has(candidate.ppid) && !parents.has(candidate.pid)) {
        parents.add(candidate.pid);
        found.push(candidate);
        grew = true;
      }
    }
  }
  return found;
}

/** The processes whose environment has `name=value` (the caller's own included); none where there is no /proc. */
export function processesWithEnv(name: string, value: string): ProcessInfo[] {
  if (!HAS_PROC) return [];
  const entry = `${name}=${value}`;
  return pids().flatMap((pid) => {
    const environ = readProc(`/proc/${pid}/environ`);
    return environ?.split('\0').includes(entry) ? (processInfo(pid) ?? []) : [];
  });
}

/** The socket inodes listening on the port, from /proc/net/tcp and tcp6. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (readProc(table) ?? '').split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      if (state === '0A' && local && inode && Number.parseInt(local.split(':')[1] ?? '', 16) === port) inodes.add(inode);
    }
  }
  return inodes;
}

/** The process that listens on the TCP port, when /proc tells (not for another user's process). */
export function processListeningOn(port: number): ProcessInfo | undefined {
  if (!HAS_PROC) return undefined;
  const sockets = new Set([...listeningInodes(port)].map((inode) => `socket:[${inode}]`));
  if (sockets.size === 0) return undefined;
  for (const pid of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (sockets.has(target)) return processInfo(pid);
    }
  }
  return undefined;
}

/** "pid 1234 (java -jar …)", the command cut to a line's worth. */
export function describeProcess({ pid, command }: ProcessInfo): string {
  const line = command.replace(/\s+/g, ' ');
  return `pid ${pid} (${line.length > 100 ? `${line.slice(0, 99)}…` : line})`;
}
