#!/usr/bin/env node
// The phases of `npm test` and the jobs it runs in the background (projenrc/tiers.ts writes the
// steps). The foreground runs one phase after another; a job (an install step, a tier that mostly
// waits) runs beside it from the moment it is started, its output kept in a log that is printed
// as one block when the foreground waits for it. At the end the time of every phase and job is
// printed, with the machine's load average.
//
//   node scripts/test-run.js begin                  a new run (forgets the last one's state)
//   node scripts/test-run.js phase NAME [TEXT...]   the foreground's next phase starts
//   node scripts/test-run.js start JOB [--after JOB,...] -- COMMAND...
//                                                   runs COMMAND in the background (after those jobs succeeded)
//   node scripts/test-run.js wait JOB...            waits for the jobs, prints their logs; fails when one failed
//   node scripts/test-run.js end                    waits for every job, prints the phase times; fails when a job failed
//
// The state is in .test-run/ (git-ignored). A job belongs to the process that started it (the
// projen process running `npm test`): when that process is gone (the run stopped at a failure, or
// was interrupted), the job's processes are stopped too.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..');
// (STATE_BACKENDS_RUN_DIR: another directory, for test/repo/test-phases.test.ts)
const DIR = process.env.STATE_BACKENDS_RUN_DIR ? path.resolve(process.env.STATE_BACKENDS_RUN_DIR) : path.join(ROOT, '.test-run');
const file = (...p) => path.join(DIR, ...p);
const now = () => Date.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const readJson = (f, fallback) => { try { return JSON.parse(fs.readFileSync(f, 'utf8')); } catch { return fallback; } };
const writeJson = (f, v) => { fs.writeFileSync(`${f}.tmp`, JSON.stringify(v)); fs.renameSync(`${f}.tmp`, f); };
const load = () => os.loadavg()[0].toFixed(1);

/** "2 min 58 s", "41 s". */
function duration(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
/** "3:07", minutes and seconds since the run began. */
function clock(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function run() {
  const r = readJson(file('run.json'));
  if (!r) throw new Error('no run begun: `node scripts/test-run.js begin` first (npm test does)');
  return r;
}

/** The foreground's phases so far: [{ name, start, end?, waited }]. */
const phases = () => readJson(file('phases.json'), []);

function closePhase(list) {
  const last = list[list.length - 1];
  if (last && last.end === undefined) last.end = now();
  return list;
}

function begin() {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(DIR, 'jobs'), { recursive: true });
  writeJson(file('run.json'), { start: now(), load: load() });
  writeJson(file('phases.json'), []);
  console.log(`test-run: began at ${new Date().toISOString()}, load average ${load()} on ${os.cpus().length} cores`);
}

function phase(name, text) {
  run();
  const list = closePhase(phases());
  list.push({ name, start: now(), waited: 0 });
  writeJson(file('phases.json'), list);
  console.log(`\n▶ phase ${name}${text ? `: ${text}` : ''} (at ${clock(now() - run().start)}, load average ${load()})`);
}

function start(job, after, command) {
  run();
  if (!/^[a-z0-9:-]+$/.test(job)) throw new Error(`a job's name is lower-case letters, digits, ':' and '-': ${job}`);
  if (fs.existsSync(file('jobs', `${job}.json`))) throw new Error(`job ${job} was started already`);
  for (const a of after) if (!fs.existsSync(file('jobs', `${a}.json`))) throw new Error(`job ${job} comes after ${a}, which was not started`);
  writeJson(file('jobs', `${job}.json`), { job, after, command, owner: process.ppid, queued: now() });
  const runner = spawn(process.execPath, [__filename, 'run-job', job], { detached: true, stdio: 'ignore', cwd: process.cwd(), env: process.env });
  runner.unref();
  console.log(`▷ ${job}: started in the background${after.length ? ` (after ${after.join(', ')})` : ''}: ${command.join(' ')} (log: ${path.relative(ROOT, file(`${job}.log`))})`);
}

const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const result = (job) => readJson(file('jobs', `${job}.result.json`));

/** The background side of `start`: waits for the jobs before it, runs the command, records how it ended. */
async function runJob(job) {
  const spec = readJson(file('jobs', `${job}.json`));
  const log = fs.openSync(file(`${job}.log`), 'a');
  const finish = (r) => writeJson(file('jobs', `${job}.result.json`), { ...r, ended: now() });
  for (const a of spec.after) {
    let r;
    while (!(r = result(a))) {
      if (!alive(spec.owner)) return finish({ status: 'stopped', why: 'the run ended before it began' });
      await sleep(500);
    }
    if (r.status !== 0) return finish({ status: 'skipped', why: `${a} did not succeed` });
  }
  const began = now();
  writeJson(file('jobs', `${job}.began.json`), { began, runner: process.pid });
  const child = spawn(spec.command[0], spec.command.slice(1), { detached: true, stdio: ['ignore', log, log], env: process.env });
  let stopped = false;
  const watch = setInterval(() => {
    if (alive(spec.owner) || stopped) return;
    // The run is over without having waited for this job: stop its whole process group.
    stopped = true;
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
    setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 5000).unref();
  }, 1000);
  child.on('error', (e) => fs.writeSync(log, `test-run: cannot run ${spec.command[0]}: ${e.message}\n`));
  child.on('close', (code, signal) => {
    clearInterval(watch);
    finish(stopped ? { status: 'stopped', why: 'the run ended before waiting for it', began } : { status: code ?? signal, began });
  });
}

/** Waits for a job, prints its log as one block; returns whether it succeeded. */
async function waitFor(job) {
  const spec = readJson(file('jobs', `${job}.json`));
  if (!spec) throw new Error(`job ${job} was not started (npm test starts it; a tier run alone installs in the foreground)`);
  const done = result(job);
  // (a job waited for before: its log was printed then)
  if (done && fs.existsSync(file('jobs', `${job}.waited.json`))) return done.status === 0;
  const asked = now();
  let r = result(job);
  if (!r) console.log(`⧗ waiting for ${job} (queued ${duration(asked - spec.queued)} ago)`);
  for (let i = 0; !(r = result(job)); i++) {
    await sleep(250);
    // (a runner that died without a result, e.g. killed by hand)
    const began = readJson(file('jobs', `${job}.began.json`));
    if (i % 40 === 39 && began && !alive(began.runner) && !result(job)) r = { status: 'lost', why: 'its runner is gone', ended: now() };
    if (r) break;
  }
  const waited = now() - asked;
  const list = phases();
  if (list.length) {
    list[list.length - 1].waited += waited;
    writeJson(file('phases.json'), list);
  }
  const t0 = run().start;
  const ran = r.began ? `ran ${clock(r.began - t0)} to ${clock(r.ended - t0)}, ${duration(r.ended - r.began)}` : r.why;
  writeJson(file('jobs', `${job}.waited.json`), { waited });
  console.log(`\n┌── ${job} (background: ${ran}; waited for ${duration(waited)})`);
  const text = fs.existsSync(file(`${job}.log`)) ? fs.readFileSync(file(`${job}.log`), 'utf8') : '';
  process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
  const ok = r.status === 0;
  console.log(`└── ${job}: ${ok ? 'done' : `FAILED (${r.status}${r.why ? `: ${r.why}` : ''}); its log is above and in ${path.relative(ROOT, file(`${job}.log`))}`}\n`);
  return ok;
}

async function wait(jobs) {
  let ok = true;
  for (const j of jobs) ok = (await waitFor(j)) && ok;
  if (!ok) {
    // (the run stops here: the times so far)
    table('so far');
    process.exitCode = 1;
  }
}

const jobNames = () => fs.readdirSync(file('jobs')).filter((f) => /^[^.]+\.json$/.test(f)).map((f) => f.slice(0, -5))
  .sort((a, b) => readJson(file('jobs', `${a}.json`)).queued - readJson(file('jobs', `${b}.json`)).queued);

/** Prints the time of every phase and job (those still running as such). */
function table(when) {
  const { start: t0, load: load0 } = run();
  const list = phases();
  const rows = list.map((p) => [duration((p.end ?? now()) - p.start), p.name, p.waited > 1000 ? `(of which waiting for the background: ${duration(p.waited)})` : '']);
  const jobs = jobNames().map((j) => {
    const r = result(j);
    const w = readJson(file('jobs', `${j}.waited.json`), { waited: 0 });
    if (!r) return ['-', j, '(still running)'];
    return [r.began ? duration(r.ended - r.began) : '-', j, r.began ? `(background, ${clock(r.began - t0)} to ${clock(r.ended - t0)}; waited for ${duration(w.waited)})` : `(${r.why})`];
  });
  const width = Math.max(...[...rows, ...jobs].map((r) => r[0].length), 8);
  console.log(`\nphase times${when ? ` ${when}` : ''} (${os.cpus().length} cores, load average ${load0} at the start, ${load()} now):`);
  for (const [t, name, note] of rows) console.log(`  ${t.padStart(width)}  ${name} ${note}`.trimEnd());
  console.log('background jobs:');
  for (const [t, name, note] of jobs) console.log(`  ${t.padStart(width)}  ${name} ${note}`.trimEnd());
  console.log(`  ${duration(now() - t0).padStart(width)}  in all`);
}

async function end() {
  writeJson(file('phases.json'), closePhase(phases()));
  let ok = true;
  for (const j of jobNames()) if (!fs.existsSync(file('jobs', `${j}.waited.json`))) ok = (await waitFor(j)) && ok;
  table('');
  if (!ok) process.exitCode = 1;
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'begin') return begin();
  if (command === 'phase' && rest[0]) return phase(rest[0], rest.slice(1).join(' '));
  if (command === 'start' && rest[0]) {
    const sep = rest.indexOf('--');
    const opts = rest.slice(1, sep < 0 ? rest.length : sep);
    const after = opts[0] === '--after' && opts[1] ? opts[1].split(',') : [];
    if (sep < 0 || sep + 1 >= rest.length || opts.length !== (after.length ? 2 : 0)) throw new Error('usage: start JOB [--after JOB,...] -- COMMAND...');
    return start(rest[0], after, rest.slice(sep + 1));
  }
  if (command === 'run-job' && rest[0]) return runJob(rest[0]);
  if (command === 'wait' && rest.length) return wait(rest);
  if (command === 'end') return end();
  throw new Error('usage: test-run.js begin | phase NAME [TEXT] | start JOB [--after JOB,...] -- COMMAND... | wait JOB... | end');
}

module.exports = { duration, clock };

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`test-run: ${e.message}\n`);
    process.exit(2);
  });
}
