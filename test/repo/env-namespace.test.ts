/**
 * The project's own environment variables stay out of the frameworks' namespaces.
 *
 * cdktf-cli 0.21.0 and cdktn-cli 0.24.0 parse their options with yargs' `.env("CDKTF")`: every
 * variable whose name starts with `CDKTF_` is read as an option of the command being run, and an
 * option the command does not know stops it ("Unknown argument: stateBackendsCache" from `cdktf
 * init` while the project exported CDKTF_STATE_BACKENDS_CACHE to every task). cdktn-cli reads the
 * same prefix today; `CDKTN_` is kept free too, for the day it reads its own. So no task
 * environment, script, test or document of this repository names a variable in either namespace
 * but the few every command of the CLIs accepts, and none sets one.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Framework variables a text may name. Defining a variable is not enough: cdktf-cli 0.21.0's `init`
 * refuses CDKTF_HOME ("Unknown argument: home"), CDKTF_OUTPUT, CDKTF_OUTDIR and
 * CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS, which only some of its commands take as options. So
 * only the variables every command accepts (they are read outside yargs) may be named, and the
 * one the CLIs set for the app they synthesize (synth-stack.ts SynthStack.synth), which the library
 * reads to know that a CLI prints its warnings (src/private/framework/warnings.ts) and which no
 * task or script of this repository may set (see the test on setting below).
 */
const MAY_NAME = new Set([
  'CDKTF_LOG_LEVEL',
  'CDKTF_CONTEXT_JSON',
  'CDKTF_DISABLE_PLUGIN_CACHE_ENV',
  'CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS',
]);

/** Names in the frameworks' namespaces that a text uses and the frameworks do not define. */
function foreignNames(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:CDKTF|CDKTN)_[A-Z0-9][A-Z0-9_]*/g)) {
    if (!MAY_NAME.has(m[0])) found.add(m[0]);
  }
  return [...found];
}

/**
 * Tracked text files: task environments (.projen/tasks.json), scripts, tests, projenrc, docs; not
 * this file, which has to name the namespaces.
 */
function trackedTextFiles(): string[] {
  const self = path.relative(ROOT, __filename);
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files.filter((f) => f !== self && !/(^|\/)package-lock\.json$|\.(gz|png|jar|zip)$/.test(f));
}

test('the scan finds a variable in the frameworks\' namespaces', () => {
  // GIVEN a script and a task environment that use such variables, and one the framework defines
  const script = 'export CDKTF_MY_CACHE=/tmp/x\necho "$CDKTN_OTHER"\nCDKTF_LOG_LEVEL=debug cdktf synth';

  // THEN the project's names are found, the framework's own is not
  expect(foreignNames(script).sort()).toEqual(['CDKTF_MY_CACHE', 'CDKTN_OTHER']);
});

test('no task, script, test or document names a variable the framework CLIs would read as an option', () => {
  // GIVEN every tracked text file
  const offenders: string[] = [];
  // (this file names the namespaces and an offender of old on purpose, to say what it scans for)
  for (const file of trackedTextFiles().filter((f) => f !== path.relative(ROOT, __filename))) {
    const names = foreignNames(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    if (names.length) offenders.push(`${file}: ${names.join(', ')}`);
  }

  // THEN none names one: cdktf-cli and cdktn-cli take every CDKTF_* variable as an option of theirs
  // and refuse the ones they do not know; name the project's variables STATE_BACKENDS_*
  expect(offenders).toEqual([]);
});

/** Where a text sets a variable in the frameworks' namespaces: `X=`, `export X`, `env: { X: ... }`, `env['X'] =`. */
function setNames(text: string): string[] {
  const set = /(?:\bexport\s+|["'])?\b((?:CDKTF|CDKTN)_[A-Z0-9_]+)\b["']?\s*(?:=[^=]|:\s*["'`\w])/g;
  return [...new Set([...text.matchAll(set)].map((m) => m[1]))];
}

test('the scan finds where a variable of the frameworks is set', () => {
  // GIVEN a script, a task environment and code that set one, and texts that only read or name one
  const setting = 'CDKTF_LOG_LEVEL=debug cdktf synth\nexport CDKTF_HOME=/tmp/h\n{ "env": { "CDKTF_OUTDIR": "x" } }\nprocess.env.CDKTF_CONTEXT_JSON = "{}"';
  const reading = 'if (process.env.CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS === "true") {}\n`CDKTF_LOG_LEVEL` sets the log level';

  // THEN the settings are found, the readings are not
  expect(setNames(setting).sort()).toEqual(['CDKTF_CONTEXT_JSON', 'CDKTF_HOME', 'CDKTF_LOG_LEVEL', 'CDKTF_OUTDIR']);
  expect(setNames(reading)).toEqual([]);
});

test('no task, script or test sets a variable of the frameworks', () => {
  // GIVEN the task environments, scripts and tests (docs may show a user's command line)
  const offenders: string[] = [];
  for (const file of trackedTextFiles().filter((f) => !f.endsWith('.md') && f !== path.relative(ROOT, __filename))) {
    const names = setNames(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    if (names.length) offenders.push(`${file}: ${names.join(', ')}`);
  }

  // THEN none does: the CLIs run under them (the CLI suite, the framework-clis install step) would
  // take it as an option, and a command that lacks that option refuses to run
  expect(offenders).toEqual([]);
});
