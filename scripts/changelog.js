// The last step of `npx projen bump` (skipped in the release job, RELEASE=true): puts this
// release's notes, which projen's bump wrote to dist/changelog.md (commit-and-tag-version, from the
// conventional commits since the last tag), at the top of CHANGELOG.md. What the "## Unreleased"
// section holds (written by hand, for changes whose commits are not conventional) goes into the new
// version's section. A version already there is left as it is, so running bump twice adds it once.
const fs = require('fs');
const path = require('path');

const HEADER = '# Changelog\n\nEvery release of cdktf-state-backends and cdktn-state-backends (one version for both), newest first.\n';

/** CHANGELOG.md's text with `notes` (the release of `version`) on top; `undefined` when it is there already. */
function withRelease(current, notes, version) {
  const body = (current.startsWith(HEADER) ? current.slice(HEADER.length) : current).trim();
  const heading = new RegExp(`^##+ \\[?${version.replace(/\./g, '\\.')}\\]?[ (]`, 'm');
  if (heading.test(body)) return undefined;
  const unreleased = /^## Unreleased\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(body);
  const kept = unreleased ? unreleased[1].trim() : '';
  const rest = (unreleased ? body.replace(unreleased[0], '') : body).trim();
  const section = [notes.trim(), kept].filter(Boolean).join('\n\n');
  return `${HEADER}\n${section}\n${rest ? `\n${rest}\n` : ''}`;
}

module.exports = { HEADER, withRelease };

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const changelogFile = path.join(root, 'CHANGELOG.md');
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const notes = fs.readFileSync(path.join(root, 'dist', 'changelog.md'), 'utf8');
  const next = withRelease(fs.existsSync(changelogFile) ? fs.readFileSync(changelogFile, 'utf8') : HEADER, notes, version);
  if (next === undefined) {
    console.log(`CHANGELOG.md already has ${version}`);
  } else {
    fs.writeFileSync(changelogFile, next);
    console.log(`CHANGELOG.md: added ${version}`);
  }
}
