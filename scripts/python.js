// Runs the pytest suite (test/python), the Python example (examples/python), the Python benchmark
// (bench/python) or the README-patterns benchmark's Python runs (bench/patterns.ts, which starts
// bench/python/patterns_child.py with the environment's interpreter) against the wheel jsii-pacmak
// just wrote to dist/python, in a virtual environment of its own:
//
//   node scripts/python.js test|example|bench|bench-patterns [--dist NAME --module MODULE --cdk MODULE] [--] [ARGS...]
//
// Defaults: --dist cdktf-state-backends --module cdktf_state_backends --cdk cdktf. Another flavour
// of the package (cdktn-state-backends) is one more call with its names and a requirements file
// test/python/requirements/<dist>.txt.
//
// The environment is test/python/.venv/<dist> (git-ignored). It is created with `python3 -m venv`
// and the requirements file from PyPI, and reused while python3 and that file are unchanged (a
// stamp holds their hash); the wheel is reinstalled on every run, so the tests never see a stale
// build. ARGS go to pytest, run in test/python (test), to the example (example) or to the benchmark
// (bench, bench-patterns).
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const started = Date.now();

function parseArgs(argv) {
  const opts = { dist: 'cdktf-state-backends', module: 'cdktf_state_backends', cdk: 'cdktf', rest: [] };
  const [command, ...args] = argv;
  for (let i = 0; i < args.length; i++) {
    const m = /^--(dist|module|cdk)$/.exec(args[i]);
    if (!m) {
      // The rest goes to pytest or the example (after an optional `--`).
      opts.rest = args.slice(args[i] === '--' ? i + 1 : i);
      break;
    }
    if (i + 1 >= args.length) fail(`${args[i]} needs a value`);
    opts[m[1]] = args[++i];
  }
  if (!['test', 'example', 'bench', 'bench-patterns'].includes(command)) {
    fail('usage: python.js test|example|bench|bench-patterns [--dist NAME --module MODULE --cdk MODULE] [--] [ARGS...]');
  }
  return { command, ...opts };
}

function fail(message) {
  console.error(`python: ${message}`);
  process.exit(1);
}

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  return r.status;
}

function mustRun(cmd, args, options = {}) {
  const status = run(cmd, args, options);
  if (status !== 0) fail(`${[cmd, ...args].join(' ')} exited with ${status}`);
}

const opts = parseArgs(process.argv.slice(2));
const version = require(path.join(ROOT, 'package.json')).version;
const requirements = path.join(ROOT, 'test', 'python', 'requirements', `${opts.dist}.txt`);
if (!fs.existsSync(requirements)) fail(`no requirements file for ${opts.dist}: ${path.relative(ROOT, requirements)}`);
const wheel = path.join(ROOT, 'dist', 'python', `${opts.dist.replace(/-/g, '_')}-${version}-py3-none-any.whl`);
if (!fs.existsSync(wheel)) fail(`${path.relative(ROOT, wheel)} is missing: run \`npx projen compile && npx projen package:python\``);

// --- the virtual environment ----------------------------------------------------------------
const venvs = path.join(ROOT, 'test', 'python', '.venv');
const venv = path.join(venvs, opts.dist);
const python = path.join(venv, 'bin', 'python');
const stampFile = path.join(venv, '.stamp');
const hostPython = execFileSync('python3', ['-c', 'import sys; print(sys.executable, sys.version)'], { encoding: 'utf8' });
const stamp = crypto.createHash('sha256').update(hostPython).update(fs.readFileSync(requirements)).digest('hex');
const env = {
  ...process.env,
  PIP_DISABLE_PIP_VERSION_CHECK: '1',
  PIP_NO_INPUT: '1',
  PYTHONDONTWRITEBYTECODE: '1',
  JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: process.env.JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION ?? '20',
};
const usable = fs.existsSync(python) && spawnSync(python, ['-c', ''], { env }).status === 0;
const reused = usable && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;
if (!reused) {
  console.log(`python: creating ${path.relative(ROOT, venv)} (${hostPython.trim().split('\n')[0]})`);
  fs.rmSync(venv, { recursive: true, force: true });
  mustRun('python3', ['-m', 'venv', venv], { env });
  mustRun(python, ['-m', 'pip', 'install', '--quiet', '-r', requirements], { env });
  fs.writeFileSync(stampFile, stamp);
}
// The wheel's version does not change between builds, so pip would keep the old one.
if (reused) mustRun(python, ['-m', 'pip', 'uninstall', '--quiet', '--yes', opts.dist], { env });
mustRun(python, ['-m', 'pip', 'install', '--quiet', wheel], { env });
mustRun(python, ['-m', 'pip', 'check'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const installed = execFileSync(python, ['-c', [
  'import importlib.metadata as m, sys',
  `d = m.distribution("${opts.dist}")`,
  'print(d.metadata["Name"], d.version, "requires", "; ".join(d.requires or []), "| cdk", m.version(sys.argv[1]), "| jsii", m.version("jsii"))',
].join('\n'), opts.cdk], { env, encoding: 'utf8' });
console.log(`python: ${installed.trim()}`);

// --- the command ----------------------------------------------------------------------------
const libraryEnv = { ...env, STATE_BACKENDS_MODULE: opts.module, STATE_BACKENDS_CDK_MODULE: opts.cdk };
let status;
if (opts.command === 'test') {
  // The field cases of the TypeScript suite, for test/python/test_fields.py and the judges.
  const fields = path.join(venvs, 'fields.json');
  mustRun(path.join(ROOT, 'node_modules', '.bin', 'ts-node'), ['-T', '--project', 'tsconfig.dev.json', 'scripts/python-fields.ts', fields], { env });
  // From test/python, so ARGS such as `test_members.py -k with_` are relative to it.
  status = run(python, ['-m', 'pytest', ...opts.rest], {
    cwd: path.join(ROOT, 'test', 'python'),
    env: { ...libraryEnv, STATE_BACKENDS_FIELDS: fields },
  });
  console.log(`python: ${opts.dist} suite took ${((Date.now() - started) / 1000).toFixed(1)} s in all (environment, install, field cases, pytest)`);
} else if (opts.command === 'bench') {
  status = run(python, ['bench/python/synth_bench.py', ...opts.rest], { env: libraryEnv });
} else if (opts.command === 'bench-patterns') {
  const driver = ['-T', '--project', 'tsconfig.dev.json', 'bench/patterns.ts', '--language=python', `--python=${python}`, ...opts.rest];
  status = run(path.join(ROOT, 'node_modules', '.bin', 'ts-node'), driver, { env: libraryEnv });
} else {
  status = run(python, ['examples/python/main.py', ...opts.rest], { env: libraryEnv });
}
process.exit(status ?? 1);
