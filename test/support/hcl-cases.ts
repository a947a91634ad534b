/** Strings and template directives the HCL tests (unit and judges) share. */

/** Strings with every character class HCL escapes or reads specially. */
export const TRICKY = [
  'plain',
  'quote " inside',
  'C:\\Users\\ci\\key.json',
  'two\nlines\r\nand\ttab',
  'control \u0001 \u001f \u007f',
  'unicode ü ☃ 𝄞',
  '{"Statement":[{"Action":"oss:*","Effect":"Allow","Resource":"*"}],"Version":"1"}',
  '["a","b"]',
  '"quoted"',
  '123',
  'true',
  'null',
  '',
  'percent %{ if x }',
  'dollar ${ not.an.expression }',
  'escaped $${ already }',
  'trailing backslash \\',
  'EOF',
];

/** Template directives the tools read as dynamic text. */
export const DIRECTIVES_VALID = [
  '%{ if terraform.workspace == "default" }prod%{ else }${terraform.workspace}%{ endif }',
  '%{if true}x%{endif}',
  '%{~ for w in ["a", "b"] ~}${w}%{~ endfor ~}',
  '%{ if true }%{ for w in ["a"] }${w}%{ endfor }%{ endif }',
];

/** Malformed directives: both the library and the tools refuse them. */
export const DIRECTIVES_INVALID = ['a%{x', '%{ endif }', '%{ if true }x', '%{ else }', '%{ for w in ["a"] }x%{ endif }'];
