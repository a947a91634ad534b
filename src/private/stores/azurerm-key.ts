import { SYMBOL, hasSymbol } from '../kit/address-symbols';
import { goRequestPath } from '../kit/go-url';
import { rule } from '../kit/rule-context';
import { Normalisation, reachedRelease } from '../kit/state-layout';

/*
 * The AzureRM key as the blob name each tool sends (the layout's normalisation and object name in
 * azurerm.ts, and the rules about keys terraform reads as URL syntax). Terraform 1.11+ puts the key
 * into the request URL unescaped and parses it; OpenTofu, and terraform before 1.11, escape it.
 */

/** Terraform 1.11.0 moved to go-azure-sdk and jackofallops/giovanni, which put the key into the URL unescaped. */
const URL_PATH = { terraform: '1.11.0' };
const URL_VERSIONS = { urlPath: URL_PATH };

const URL_EVIDENCE =
  'terraform 1.11+ (azure/go.mod: jackofallops/giovanni and go-azure-sdk, where 1.10 had tombuildsstuff/giovanni with autorest): ' +
  'giovanni storage/2023-11-03/blob/blobs (get.go Get, put_block_blob.go PutBlockBlob and the rest) builds the path ' +
  '"/<container>/<key>" unescaped, which go-azure-sdk sdk/client/client.go NewRequest reads with url.ParseRequestURI: the text after ' +
  'the first "?" is a query, which sdk/client/dataplane/storage/client.go NewRequest replaces with the call\'s own (query.Encode), and %XX ' +
  'escapes are decoded; a workspace\'s name <key>env:<workspace> is read alike, so with a "?" every workspace names the blob before it';

/**
 * A name as the normalisation gives it: "%" and "?" escaped, so the text is the blob's name and
 * nothing else; a trailing "?" (unescaped) says a query was cut off, so every workspace names it.
 */
const canonical = (name: string) =>
  name.replace(/[%?\udc80-\udcff]/g, (c) => (c === '%' ? '%25' : c === '?' ? '%3F' : `%${(c.charCodeAt(0) - 0xdc00).toString(16).toUpperCase()}`));

/** What makes a key's blob name differ from it for some tool, or its canonical form from it. */
const SPECIAL = /[%?\u0000-\u001f\u007f\udc80-\udcff]/;

/** Escapes the text outside the symbols of a run's values (a symbol is one value, which the tool reads as a whole). */
const canonicalAround = (text: string) => text.split(SYMBOL).map((part, i) => (i % 2 === 0 ? canonical(part) : part)).join(SYMBOL);

/** The blob a key names for `target` (canonical form), or undefined where a value of the run decides it. */
function blobOf(key: string, target: Parameters<typeof reachedRelease>[0]): string | undefined {
  // (a key without "%", "?" or a control character, a symbol's marks included, is its blob's name for every tool)
  if (!SPECIAL.test(key)) return key;
  if (!reachedRelease(target, URL_PATH)) return canonicalAround(key);
  if (hasSymbol(key)) return undefined;
  const read = goRequestPath(key);
  // (init fails on it: azurerm/key-url-invalid refuses it)
  if (!read) return canonical(key);
  return canonical(read.path) + (read.query ? '?' : '');
}

/** The key's normalisation (the layout's first for `key`): the blob name each tool sends. */
export const KEY_URL_NORMALISATION: Normalisation = {
  key: 'key',
  evidence:
    `${URL_EVIDENCE} (on Azurite, keys a%2Fb.tfstate and a/b.tfstate wrote one blob, app.tfstate?network and app.tfstate?database both ` +
    'app.tfstate in every workspace); opentofu escapes the key (before 1.11 giovanni 0.15.1 with autorest.Encode("path"), from 1.11 azblob ' +
    'container.Client.NewBlockBlobClient with url.PathEscape), as terraform before 1.11 does (giovanni 0.15.1), so the blob is the key as written',
  apply: (v, target) => blobOf(v.key, target),
};

/** The object of `workspace` (undefined: the default one) from the normalised key: `<key>`, `<key>env:<workspace>` (azure/backend_state.go path). */
export function keyObjectName(v: Readonly<Record<string, string>>, workspace: string | undefined): string {
  if (v.key.endsWith('?')) return v.key.slice(0, -1);
  return workspace === undefined ? v.key : `${v.key}env:${workspace}`;
}

/** The key's %XX escapes, and a "%" outside one. */
const ESCAPE = /%[0-9A-Fa-f]{2}/;

/** Rules about keys terraform 1.11+ reads as URL syntax. */
export const AZURERM_KEY_RULES = [
  rule({
    id: 'azurerm/key-url-invalid',
    offline: { none: 'validate accepts any key, and init refuses it when it builds the first request for the state blob, after listing the container' },
    runtime: 'azurerm-key-url',
    severity: 'error',
    fields: ['key'],
    description: 'for terraform 1.11+, key holds no control character, and every "%" before any "?" starts a %XX escape',
    evidence:
      `${URL_EVIDENCE}; Go's url.ParseRequestURI refuses a control character ("net/url: invalid control character in URL") and a "%" without ` +
      'two hex digits ("invalid URL escape"), so init fails on Azurite ("Error loading state: building request")',
    versions: URL_VERSIONS,
    appliesTo: { from: 'urlPath' },
    check: (c) => {
      const key = c.literal('key');
      if (typeof key !== 'string' || goRequestPath(key) !== undefined) return;
      const control = /[\u0000-\u001f\u007f]/.test(key);
      c.error('key', `${c.got('key')}, expected ${control ? 'no control character' : 'every "%" to start an escape such as %25'}: ` +
        `terraform sends the key as a URL path and init fails on it (${control ? 'invalid control character in URL' : 'invalid URL escape'})`);
    },
  }),
  rule({
    id: 'azurerm/key-url',
    severity: 'warning',
    fields: ['key'],
    description: 'for terraform 1.11+, key holds no "?" (what follows it is dropped) and no %XX escape (decoded): the blob is not the key as written',
    evidence: `${URL_EVIDENCE}; opentofu, and terraform before 1.11, use the key as written, so a switch of tool or release moves the state`,
    versions: URL_VERSIONS,
    appliesTo: { from: 'urlPath' },
    check: (c) => {
      const key = c.literal('key');
      const read = typeof key === 'string' ? goRequestPath(key) : undefined;
      if (typeof key !== 'string' || !read) return;
      const escapes = ESCAPE.test(read.query ? key.slice(0, key.indexOf('?')) : key);
      if (!read.query && !escapes) return;
      const what = [
        read.query ? 'drops what follows "?" (a query string): every workspace keeps its state in that one blob, each overwriting the others\', as does every stack whose key differs only after "?"' : '',
        escapes ? 'decodes the %XX escapes' : '',
      ].filter((s) => s !== '').join(', and ');
      c.warn(
        `key ${JSON.stringify(key)} names the blob ${JSON.stringify(read.path)}: terraform sends the key as a URL path and ${what}; ` +
          'opentofu, and terraform before 1.11, use the key as written: spell the key as the blob\'s name',
      );
    },
  }),
];
