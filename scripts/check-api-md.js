// Fails when API.md, docs/API.java.md or docs/API.python.md is not what jsii-docgen renders from
// the compiled .jsii (run `npx projen docgen` and commit them).
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apimd-'));
const stale = [];
const DOCS = [['API.md', 'typescript'], ['docs/API.java.md', 'java'], ['docs/API.python.md', 'python']];
for (const [file, language] of DOCS) {
  const out = path.join(tmp, `${language}.md`);
  execFileSync(path.join('node_modules', '.bin', 'jsii-docgen'), ['-l', language, '-o', out], { stdio: 'inherit' });
  if (!fs.existsSync(file) || fs.readFileSync(out, 'utf8') !== fs.readFileSync(file, 'utf8')) stale.push(file);
}
if (stale.length > 0) {
  console.error(`${stale.join(', ')} stale: run \`npx projen compile && npx projen docgen\` and commit the result`);
  process.exit(1);
}
console.log(`${DOCS.map(([file]) => file).join(', ')} match the compiled API`);
