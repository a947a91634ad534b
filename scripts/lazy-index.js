#!/usr/bin/env node
// Makes the compiled lib/index.js load each public module when one of its exports is first read,
// instead of all of them when the package is required (run by each flavour's compile task, after
// jsii). An app that uses one backend then loads that backend's modules, not the state stores, the
// encryption block and the other stores' public classes: BENCHMARKS.md "Module load" has the figures.
//
//   node scripts/lazy-index.js <lib/index.js>
//
// src/index.ts only re-exports, which TypeScript compiles to one `var x_1 = require("./x");` per
// module and one `Object.defineProperty(exports, "X", { enumerable: true, get: function () { return
// x_1.X; } });` per name. Only the require lines change, to a stand-in that requires the module when
// a property is read (a function added before the source map comment): every export keeps its
// name, its getter and its line (the source map stays true), Node's static detection of a CommonJS module's names for `import { X } from` still finds
// them, and jsii's runtime reads them by name as before. Any other statement fails the script, so
// a change in what TypeScript emits is noticed here rather than shipped.
'use strict';
const fs = require('fs');

const REQUIRE = /^var (\w+) = require\("(\.\/[\w./-]+)"\);$/;
const LAZY = /^var (\w+) = lazy\(\(\) => require\("(\.\/[\w./-]+)"\)\);$/;
const GETTER = /^Object\.defineProperty\(exports, "(\w+)", \{ enumerable: true, get: function \(\) \{ return (\w+)\.(\w+); \} \}\);$/;
// (a whole-line comment too: the cdktn package's generated sources open with one, and the source map's)
const KEPT = [/^"use strict";$/, /^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);$/, /^exports\.\w+ = (exports\.\w+ = )*void 0;$/, /^\/\/.*$/, /^$/];
/** The stand-in: a module's exports, required when one is first read (a declaration: hoisted, so it may come last). */
const HELPER = 'function lazy(load) { let m; return new Proxy({}, { get: (_, name) => (m ??= load())[name] }); }';

/** The lazy text of a compiled index, or the text itself when it is lazy already; throws on anything else. */
function lazyIndex(text) {
  const lines = text.split('\n');
  if (lines.includes(HELPER)) {
    for (const line of lines) if (line !== HELPER && !LAZY.test(line) && !GETTER.test(line) && !KEPT.some((k) => k.test(line))) fail(line);
    return text;
  }
  const modules = new Set();
  const out = lines.map((line) => {
    const required = REQUIRE.exec(line);
    if (required) {
      modules.add(required[1]);
      return `var ${required[1]} = lazy(() => require("${required[2]}"));`;
    }
    const getter = GETTER.exec(line);
    if (getter) {
      if (!modules.has(getter[2])) fail(line);
      return line;
    }
    if (!KEPT.some((k) => k.test(line))) fail(line);
    return line;
  });
  if (modules.size === 0) throw new Error('lazy-index: no re-export found: is this a compiled src/index.ts?');
  // (before the source map comment, which stays last; no line of code moves)
  const map = out.findIndex((l) => l.startsWith('//# sourceMappingURL='));
  out.splice(map === -1 ? out.length : map, 0, HELPER);
  return out.join('\n');
}

function fail(line) {
  throw new Error(`lazy-index: a line that is no re-export of src/index.ts (only re-exports belong there): ${line}`);
}

module.exports = { lazyIndex, HELPER };

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/lazy-index.js <lib/index.js>');
    process.exit(2);
  }
  fs.writeFileSync(file, lazyIndex(fs.readFileSync(file, 'utf8')));
}
