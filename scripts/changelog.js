// The last step of `npx projen bump`: puts this release's notes, which projen's bump wrote to
// dist/changelog.md (commit-and-tag-version, from the conventional commits since the last tag),
// at the top of CHANGELOG.md. What the "## Unreleased" section holds (written by hand, for changes
// whose commits are not conventional) goes into the new version's section. A version already there
// is left as it is, so running bump twice adds it once.
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const notesFile = path.join(root, 'dist', 'changelog.md');
const changelogFile = path.join(root, 'CHANGELOG.md');
const HEADER = '# Changelog\n\nEvery release of cdktf-state-backends and cdktn-state-backends (one version for both), newest first.\n';

const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const notes = fs.readFileSync(notesFile, 'utf8').trim();
const current = fs.existsSync(changelogFile) ? fs.readFileSync(changelogFile, 'utf8') : HEADER;
const body = current.startsWith(HEADER) ? current.slice(HEADER.length).trim() : current.trim();
const heading = new RegExp(`^##+ \\[?${version.replace(/\./g, '\\.')}\\]?[ (]`, 'm');
if (heading.test(body)) {
  console.log(`CHANGELOG.md already has ${version}`);
} else {
  const unreleased = /^## Unreleased\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(body);
  const kept = unreleased ? unreleased[1].trim() : '';
  const rest = (unreleased ? body.replace(unreleased[0], '') : body).trim();
  const section = [notes, kept].filter(Boolean).join('\n\n');
  fs.writeFileSync(changelogFile, `${HEADER}\n${section}\n${rest ? `\n${rest}\n` : ''}`);
  console.log(`CHANGELOG.md: added ${version}`);
}
