// Fails with an install hint when Python 3.10+ or its venv module is missing; the Python package
// (jsii-pacmak builds it in a virtual environment) and the pytest suite need both.
const { spawnSync } = require('child_process');

const CHECK = [
  'import sys',
  'assert sys.version_info >= (3, 10), "Python %d.%d" % sys.version_info[:2]',
  // Debian and Ubuntu ship venv's pip bootstrap (ensurepip) in a separate package.
  'import venv, ensurepip',
].join('\n');

function problems() {
  const r = spawnSync('python3', ['-c', CHECK], { encoding: 'utf8' });
  if (r.error) return ['- python3 not found: install Python 3.10 or newer (e.g. `apt-get install python3 python3-venv`)'];
  if (r.status === 0) return [];
  const why = (r.stderr.trim().split('\n').pop() || `exit ${r.status}`).trim();
  if (/Python \d/.test(why)) return [`- python3 is too old (${why.replace(/^AssertionError: /, '')}): install Python 3.10 or newer`];
  return [`- python3 cannot create virtual environments (${why}): install its venv module (e.g. \`apt-get install python3-venv\`)`];
}

const missing = problems();
if (missing.length > 0) {
  console.error(['The Python package and its tests need python3 (3.10+) with venv on PATH:', ...missing].join('\n'));
  process.exit(1);
}
