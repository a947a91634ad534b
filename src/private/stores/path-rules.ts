import { matches } from '../kit/rule-builders';
import { rule } from '../kit/rule-context';

/*
 * The key and prefix forms COS and OSS share: the same schema checks in both tools, and the object
 * of a named workspace, `<prefix>/<workspace>/<key>` cleaned as Go's `path.Join` cleans it.
 */

/** The object of a workspace (undefined: the default one) from the prefix and key, as the store's layout names it. */
type ObjectName = (values: Readonly<Record<string, string>>, workspace: string | undefined) => string;

/**
 * A key that does not start or end with "/", a prefix that does not start with "/" or "./"; a key
 * that keeps the workspace's name in its object.
 */
export const PATH_RULES = <S extends 'cos' | 'oss'>(store: S, objectName: ObjectName, defaultPrefix: string) => [
  matches(
    {
      id: `${store}/prefix-form`,
      offline: { validate: 'both tools' },
      ...(store === 'cos' ? { runtime: 'cos-prefix-form' } : {}),
      evidence: `both tools, ${store}/backend.go schema ValidateFunc: "prefix must not start with '/' or './'"`,
    },
    'prefix',
    /^(?!\/|\.\/)/,
    'a prefix that does not start with "/" or "./"',
  ),
  matches(
    {
      id: `${store}/key-form`,
      offline: { validate: 'both tools' },
      ...(store === 'cos' ? { runtime: 'cos-key-form' } : {}),
      evidence: `both tools, ${store}/backend.go schema ValidateFunc: "key can not start and end with '/'"`,
    },
    'key',
    /^(?!\/)(.*[^/])?$/s,
    'a key that does not start or end with "/"',
  ),
  rule({
    id: `${store}/workspace-key`,
    severity: 'warning',
    fields: ['prefix', 'key'],
    description: 'the object of a named workspace holds the workspace\'s name: a key with ".." elements that climb out of it stores every named workspace in one object',
    evidence:
      `both tools, ${store}/backend_state.go stateFile: a named workspace's object is path.Join(<prefix>, <workspace>, <key>), which cleans ".." lexically, ` +
      'so key "../x" drops the workspace name and every named workspace writes one object (and a stack whose default object has that name)',
    check: (c) => {
      const key = c.literal('key');
      const prefix = c.has('prefix') ? c.literal('prefix') : defaultPrefix;
      if (typeof key !== 'string' || objectName({ prefix: '', key }, 'a') !== objectName({ prefix: '', key }, 'b')) return;
      const object = typeof prefix === 'string' ? ` "${objectName({ prefix, key }, '<workspace>')}"` : '';
      c.warn(
        `key ${JSON.stringify(key)} climbs out of the workspace's folder: path.Join drops the workspace name, so every named workspace ` +
          `keeps its state in one object${object} and each overwrites the others'; use a key without ".." elements`,
      );
    },
  }),
];
