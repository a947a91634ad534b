/**
 * The project's own environment variables stay out of the frameworks' namespaces.
 *
 * cdktf-cli 0.21.0 and cdktn-cli 0.24.0 parse their options with yargs' `.env("CDKTF")`: every
 * variable whose name starts with `CDKTF_` is read as an option of the command being run, and an
 * option the command does not know stops it ("Unknown argument: stateBackendsCache" from `cdktf
 * init` while the project exported CDKTF_STATE_BACKENDS_CACHE to every task). cdktn-cli reads the
 * same prefix today; `CDKTN_` is kept free too, for the day it reads its own. So no task
 * environment, script, test or document of this repository names a variable in either namespace,
 * except the frameworks' own variables, which a user or a test may set on purpose.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');

/** Variables the frameworks define themselves (read off both CLIs' bundles, November 2026). */
const FRAMEWORK_OWN = new Set([
  'CDKTF_CONTEXT_JSON',
  'CDKTF_DISABLE_PLUGIN_CACHE_ENV',
  'CDKTF_EXPERIMENTAL_PROVIDER_SCHEMA_CACHE_PATH',
  'CDKTF_HOME',
  'CDKTF_LOG_FILE_DIRECTORY',
  'CDKTF_LOG_LEVEL',
  'CDKTF_OUTPUT',
  // Set by both CLIs for the app they synthesize (synth-stack.ts SynthStack.synth): the library reads
  // the second to know that the CLI prints its warnings (src/private/framework/warnings.ts).
  'CDKTF_OUTDIR',
  'CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS',
]);

/** Names in the frameworks' namespaces that a text uses and the frameworks do not define. */
function foreignNames(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:CDKTF|CDKTN)_[A-Z0-9][A-Z0-9_]*/g)) {
    if (!FRAMEWORK_OWN.has(m[0])) found.add(m[0]);
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
