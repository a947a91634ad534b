// Fails when API.md, docs/API.java.md or (root only) docs/API.python.md and docs/API.go.md is not what jsii-docgen
// renders from the compiled .jsii (run `npx projen compile && npx projen docgen` and commit them). An
// argument names the package directory to check (packages/cdktn-state-backends for the cdktn
// flavour); the default is the root.
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const dir = path.resolve(ROOT, process.argv[2] ?? '.');
const docgen = path.join(ROOT, 'node_modules', '.bin', 'jsii-docgen');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apimd-'));
const stale = [];
const DOCS = [['API.md', 'typescript'], ['docs/API.java.md', 'java'], ...(dir === ROOT ? [['docs/API.python.md', 'python'], ['docs/API.go.md', 'go']] : [])];
for (const [file, language] of DOCS) {
  const out = path.join(tmp, `${language}.md`);
  execFileSync(docgen, ['-l', language, '-o', out], { stdio: 'inherit', cwd: dir });
  const committed = path.join(dir, file);
  if (!fs.existsSync(committed) || fs.readFileSync(out, 'utf8') !== fs.readFileSync(committed, 'utf8')) stale.push(path.relative(ROOT, committed));
}
const where = path.relative(ROOT, dir) || 'the root';
if (stale.length > 0) {
  const how = dir === ROOT ? '`npx projen compile && npx projen docgen`' : '`npx projen cdktn:compile`';
  console.error(`${stale.join(', ')} stale: run ${how} and commit the result`);
  process.exit(1);
}
console.log(`${DOCS.map(([file]) => file).join(', ')} of ${where} match the compiled API`);
