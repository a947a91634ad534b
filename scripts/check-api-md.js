// Fails when API.md or docs/API.java.md is not what jsii-docgen renders from the compiled .jsii
// (run `npx projen docgen` and commit both).
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apimd-'));
const stale = [];
for (const [file, language] of [['API.md', 'typescript'], ['docs/API.java.md', 'java']]) {
  const out = path.join(tmp, `${language}.md`);
  execFileSync(path.join('node_modules', '.bin', 'jsii-docgen'), ['-l', language, '-o', out], { stdio: 'inherit' });
  if (!fs.existsSync(file) || fs.readFileSync(out, 'utf8') !== fs.readFileSync(file, 'utf8')) stale.push(file);
}
if (stale.length > 0) {
  console.error(`${stale.join(' and ')} stale: run \`npx projen compile && npx projen docgen\` and commit the result`);
  process.exit(1);
}
console.log('API.md and docs/API.java.md match the compiled API');
