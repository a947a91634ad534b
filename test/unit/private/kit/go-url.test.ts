import { goRequestPath, goUnescape } from '../../../../src/private/kit/go-url';

describe('goRequestPath: the path Go\'s url.ParseRequestURI reads', () => {
  test.each([
    ['app.tfstate?network', { path: 'app.tfstate', query: true }],
    ['app.tfstate?', { path: 'app.tfstate', query: true }],
    ['app.tfstate', { path: 'app.tfstate', query: false }],
    ['a#b.tfstate', { path: 'a#b.tfstate', query: false }],
    ['a%2Fb.tfstate', { path: 'a/b.tfstate', query: false }],
    ['a%3Fb?c', { path: 'a?b', query: true }],
    ['a+b%20c', { path: 'a+b c', query: false }],
    ['a?%zz', { path: 'a', query: true }],
  ])('%j reads as %j', (text, read) => {
    expect(goRequestPath(text)).toEqual(read);
  });

  test.each(['a%zz.tfstate', '100%.tfstate', 'a%2', 'a\tb', 'a\u007fb'])('refuses %j (an invalid escape or a control character)', (text) => {
    expect(goRequestPath(text)).toBeUndefined();
  });
});

describe('goUnescape: Go\'s url.PathUnescape, as text', () => {
  test('decodes UTF-8 escapes to the characters they encode, and keeps the form (NFC or NFD) they spell', () => {
    expect(goUnescape('caf%C3%A9')).toBe('caf\u00e9');
    expect(goUnescape('cafe%CC%81')).toBe('cafe\u0301');
    expect(goUnescape('a%2fb')).toBe('a/b');
  });

  test('keeps bytes no UTF-8 sequence holds apart, as lone surrogates', () => {
    expect(goUnescape('a%FF')).toBe('a\udcff');
    expect(goUnescape('a%C3')).toBe('a\udcc3');
    expect(goUnescape('a%ED%A0%80')).toBe('a\udced\udca0\udc80');
    expect(goUnescape('a%FF')).not.toBe(goUnescape('a%FE'));
  });
});
