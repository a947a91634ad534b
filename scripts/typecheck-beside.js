#!/usr/bin/env node
// Runs the type-check beside a command instead of before it (the fast loop: `tsc --noEmit` is one
// process on one core, jest's workers are CPU-bound too, and jest's last files leave a core idle),
// and fails when either fails. The command's output streams as it runs; the type-check's is
// printed after it, with its time.
//
//   node scripts/typecheck-beside.js [--project TSCONFIG] -- COMMAND [ARG...]
//
// TSCONFIG defaults to tsconfig.dev.json. The exit status is the command's when it failed, else
// the type-check's. The type-check is incremental: tsc keeps what it learnt beside the project
// (tsconfig.dev.tsbuildinfo, git-ignored as every *.tsbuildinfo), so a run after a small change
// checks that change and what depends on it (the library's project: 2 s and 3 CPU-s unchanged,
// against 6 s and 9 CPU-s from nothing, CPU that jest's workers get back).
'use strict';
const { spawn } = require('child_process');
const path = require('path');

const ROOT = path.join(__dirname, '..');

function parse(argv) {
  const sep = argv.indexOf('--');
  if (sep < 0 || sep === argv.length - 1) throw new Error('usage: typecheck-beside.js [--project TSCONFIG] -- COMMAND [ARG...]');
  const head = argv.slice(0, sep);
  let project = 'tsconfig.dev.json';
  for (let i = 0; i < head.length; i++) {
    if (head[i] === '--project' && i + 1 < head.length) project = head[++i];
    else throw new Error(`typecheck-beside.js: unknown option ${head[i]}`);
  }
  return { project, command: argv.slice(sep + 1) };
}

/** Runs `cmd` to its end; resolves with its status (and its output when `capture`). */
function run(cmd, args, capture) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', (e) => done({ status: 127, output: `${output}${e.message}\n` }));
    child.on('close', (code, signal) => done({ status: code ?? (signal ? 128 : 1), output }));
  });
}

async function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    return 2;
  }
  const started = Date.now();
  const tsc = run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--incremental', '-p', options.project], true)
    .then((r) => ({ ...r, seconds: Math.round((Date.now() - started) / 1000) }));
  const [cmd, ...args] = options.command;
  const command = await run(cmd, args, false);
  const typecheck = await tsc;
  if (typecheck.status === 0) {
    process.stdout.write(`typecheck-beside: tsc --noEmit -p ${options.project} passed (${typecheck.seconds} s, beside the command)\n`);
  } else {
    process.stdout.write(`${typecheck.output}typecheck-beside: tsc --noEmit -p ${options.project} FAILED (${typecheck.status})\n`);
  }
  return command.status !== 0 ? command.status : typecheck.status;
}

main().then((status) => process.exit(status));
