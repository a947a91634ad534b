/**
 * What the app sees of the command a framework CLI runs it under (src/private/framework/cli-command.ts):
 * the CLI's words read as the CLIs' yargs reads them, its stack patterns matched as minimatch does,
 * and the CLI found among the app's ancestors through /proc (a real process chain: a script named
 * like the CLI, a shell, then the process that reads it).
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CliCommand, commandAbove, commandOf, globMatches, runsInitFor } from '../../../../src/private/framework/cli-command';

const CDKTF = '/usr/local/lib/node_modules/cdktf-cli/bundle/bin/cdktf';
const read = (...words: string[]) => commandOf(['/usr/bin/node', CDKTF, ...words]);

describe('commandOf', () => {
  test('reads the command, its stacks and --migrate-state as yargs does', () => {
    expect(read('deploy', 'net', 'app', '--migrate-state', '--auto-approve')).toEqual({ cli: 'cdktf', command: 'deploy', stacks: ['net', 'app'], migrateState: true });
    // (aliases, camelCase, values of options, arrays that take every word up to the next option, `--`)
    expect(read('apply', '--migrateState', '--output', 'cdktf.out', 'net')).toEqual({ cli: 'cdktf', command: 'deploy', stacks: ['net'], migrateState: true, output: 'cdktf.out' });
    expect(read('deploy', '--var', 'a=1', 'b=2', '--auto-approve', 'net')).toMatchObject({ stacks: ['net'], migrateState: false });
    expect(read('deploy', '--var', 'a=1', 'net')).toMatchObject({ stacks: [] });
    expect(read('deploy', '--migrate-state', 'false', 'net')).toMatchObject({ stacks: ['net'], migrateState: false });
    expect(read('deploy', '--migrate-state=true', '-o', 'out', '--', 'net')).toMatchObject({ stacks: ['net'], migrateState: true, output: 'out' });
    // (diff takes one stack; synth runs init for none)
    expect(read('plan', 'net', 'app')).toMatchObject({ command: 'diff', stacks: ['net'] });
    expect(read('synth', 'net')).toMatchObject({ command: 'synth', stacks: [] });
    // AND cdktn's script is cdktn-cli's, another program's is none
    expect(commandOf(['node', '/opt/cdktn-cli/bin/cdktn', 'diff', 'net'])).toMatchObject({ cli: 'cdktn', command: 'diff' });
    expect(commandOf(['node', '/opt/app/main.js', 'deploy'])).toBeUndefined();
  });
});

describe('runsInitFor', () => {
  const command = (stacks: string[], name = 'deploy'): CliCommand => ({ cli: 'cdktf', command: name, stacks, migrateState: false });

  test('names the stacks the command matches, every stack where it names none, and none for a synth', () => {
    expect(runsInitFor(command(['net']), 'net')).toBe(true);
    expect(runsInitFor(command(['net']), 'app')).toBe(false);
    expect(runsInitFor(command([]), 'app')).toBe(true);
    expect(runsInitFor(command([], 'synth'), 'app')).toBe(false);
  });

  test('matches the stack patterns as minimatch does', () => {
    expect(globMatches('n*', 'net')).toBe(true);
    expect(globMatches('n*', 'app')).toBe(false);
    expect(globMatches('?et', 'net')).toBe(true);
    expect(globMatches('{net,app}', 'app')).toBe(true);
    expect(globMatches('stack-{1..3}', 'stack-2')).toBe(true);
    expect(globMatches('stack-{1..3}', 'stack-4')).toBe(false);
    expect(globMatches('[a-m]*', 'app')).toBe(true);
    expect(globMatches('[!a]*', 'app')).toBe(false);
    expect(globMatches('!net', 'app')).toBe(true);
    expect(globMatches('*', '.hidden')).toBe(false);
    expect(globMatches('+(net)', 'net')).toBeUndefined();
  });
});

describe('commandAbove', () => {
  const linux = fs.existsSync('/proc/self/stat');
  (linux ? test : test.skip)('finds the CLI among the ancestors of a process, through a shell, and none above a process no CLI started', async () => {
    // GIVEN a script named like the CLI that runs a shell, which runs a process that prints its id and waits
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-command-'));
    const script = path.join(dir, 'cdktf');
    const app = `'${process.execPath}' -e 'console.log(process.pid); setTimeout(() => {}, 10000)'`;
    fs.writeFileSync(script, `require('child_process').spawn('/bin/sh', ['-c', ${JSON.stringify(`${app}; true`)}], { stdio: 'inherit' });\n`);
    const cli = spawn(process.execPath, [script, 'deploy', 'net', '--migrate-state'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let appPid = 0;
    try {
      appPid = Number(await new Promise<string>((done) => cli.stdout!.once('data', (d) => done(String(d)))));
      // THEN the process's nearest CLI ancestor is read (above the shell)
      expect(commandAbove(appPid)).toEqual({ cli: 'cdktf', command: 'deploy', stacks: ['net'], migrateState: true });
      // AND above this test's own process there is none
      expect(commandAbove(process.pid)).toBeUndefined();
    } finally {
      if (appPid > 0) process.kill(appPid, 'SIGKILL');
      cli.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
