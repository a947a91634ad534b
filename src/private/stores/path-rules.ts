import { matches } from '../kit/rule-builders';

/*
 * The key and prefix forms COS and OSS share: the same schema checks in both tools.
 */

/** A key that does not start or end with "/", a prefix that does not start with "/" or "./". */
export const PATH_RULES = <S extends 'cos' | 'oss'>(store: S) => [
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
];
