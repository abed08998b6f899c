import fc from 'fast-check'

/**
 * The hostile material requests are built from: strings that break parsers, queries and file
 * paths, numbers at and past every edge, JSON shaped to exhaust recursion or memory, and bytes
 * that are not UTF-8 at all.
 */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  // SQL
  "' OR '1'='1",
  "1' OR 1=1 --",
  '1; DROP TABLE "user"; --',
  "'; select pg_sleep(5); --",
  '" or ""="',
  '1\' union select password, email from "user" --',
  '$$; delete from deck; $$',
  '\\',
  "\\'",
  '%',
  '_',
  '%_%',
  // paths and URLs
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '....//....//',
  'C:\\',
  // NUL and control characters
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u0001\u0002\u001f\u007f',
  '\r\nX-Injected: yes',
  // Unicode edges
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\ufffe\uffff',
  '\u202e\u202d',
  '\u200b\u200c\u200d\ufeff',
  'Z̴̡̛̙͖͓̞̩̞̦̟͉̀̓̂͋͒̓̈́͝a̷̧̛̰̜͖̪̲̖̬̎̉̒̑͂l̵̨̛̺̱̦̳̟̇͛̔̈́̍g̵̢̡̺̗͇̳̘͒̌̏́͛ȯ̷̮̫̬̈́',
  '🂡🂱🃁🃑🔥'.repeat(20),
  'İıſK',
  // markup and templates
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}',
  '%s%s%s%n',
  '[[main]] [[side]] [[',
  // numbers as text
  '0',
  '-0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '0b11',
  ' 1',
  '1 ',
  '+1',
  '00000000001',
  '2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740993',
  '99999999999999999999999999',
  // booleans and nulls as text
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  // JSON-looking and prototype keys
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  // dates
  '0000-00-00T00:00:00Z',
  '9999-12-31T23:59:59.999999Z',
  '2021-02-30T25:61:61Z',
  '-271821-04-20T00:00:00Z',
  // uuids
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '{00000000-0000-4000-8000-000000000000}',
]

/** Numbers past every bound a route may check (and some JSON cannot even hold exactly). */
export const NASTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  2,
  3,
  4,
  10,
  11,
  0.5,
  1.5,
  -1.5,
  1e-300,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
]

/** Raw tokens spliced into JSON text: values JSON.stringify cannot produce. */
export const RAW_JSON_NUMBERS: readonly string[] = [
  '1e999',
  '-1e999',
  '123456789012345678901234567890',
  '0.0000000000000000000000000000001',
  '1E+2',
  '-0.0',
]

export const hugeString = (length: number) => 'A'.repeat(length)

/** Arbitrary text of every kind: printable, full Unicode, or one of the nasty strings. */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(300, 5_000, 10_001, 70_000, 300_000).map(hugeString),
  },
)

export const numberArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
)

/** Any JSON value, biased to the nasty ones; containers stay shallow here (see deep bodies). */
export const hostileJsonArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: textArb },
    { weight: 3, arbitrary: numberArb },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(textArb, tie('value'), { maxKeys: 3 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        JSON.parse('{"__proto__": {"is_admin": true}, "constructor": {"prototype": {"x": 1}}}'),
        Array.from({ length: 20_000 }, (_, i) => i),
        Array.from({ length: 2_000 }, () => ({ stub: 'a', count: 1 })),
        Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])),
      ),
    },
  ),
})).value

/** Percent-encoded pieces that do not decode to valid UTF-8, or do not decode at all. */
export const BAD_PERCENT: readonly string[] = [
  '%FF',
  '%FE%FF',
  '%C0%80',
  '%C0%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%E2%82',
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '..%2F..%2F',
  '%252e%252e',
  '%5C',
]

/** A path or query piece: a nasty value encoded, or raw bytes that are not valid percent-UTF-8. */
export const urlPieceArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: textArb.map((text) => encodeURIComponent(toWellFormed(text))) },
  { weight: 1, arbitrary: fc.constantFrom(...BAD_PERCENT) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...BAD_PERCENT, 'a', '1', '-', '.'), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join('')),
  },
)

/** Lone surrogates cannot be percent-encoded; they become U+FFFD, as a browser would send. */
export function toWellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  )
}

/** JSON nested `depth` levels deep, as arrays or as objects. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}

/** Bytes that are not UTF-8: stray continuation bytes, overlongs, surrogates, truncations. */
export const invalidUtf8Arb: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0xfd]),
    Buffer.from([0xc0, 0x80]),
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0xe2, 0x82]),
    Buffer.from([0xf4, 0x90, 0x80, 0x80]),
    Buffer.from([0x80, 0x80, 0x80]),
  ),
)
