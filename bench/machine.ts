/** The machine a benchmark ran on, read at run time. */
import { spawnSync } from 'child_process';
import * as os from 'os';

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
  readonly java: string;
  readonly cdktf: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    java: javaVersion(),
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    cdktf: (require('cdktf/package.json') as { version: string }).version,
  };
}

/** First line of `java -version` (it prints to stderr), or `not found`. */
function javaVersion(): string {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return 'not found';
  return (r.stderr || r.stdout).split('\n')[0].trim();
}

export function machineMarkdown(m: Machine): string {
  return [
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${m.memoryGiB} GiB; ${m.os}`,
    `- Node.js ${m.node}; ${m.java}; cdktf ${m.cdktf}`,
  ].join('\n');
}
