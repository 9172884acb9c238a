/** The name rule as one pattern: the server, the document and every regex engine read it alike. */
import { describe, expect, it } from 'vitest';
import { UNICODE_VERSION, VISIBLE_CHARACTER_PATTERN } from '../../../../src/domain/shared/name-pattern.js';
import { isVisible, namePattern, writeNamePatternModule } from '../../../support/name-pattern.js';

const file = new URL('../../../../src/domain/shared/name-pattern.ts', import.meta.url).pathname;
if (process.env.UPDATE_NAME_PATTERN === '1') {
  writeNamePatternModule(file);
}

describe('the name pattern', () => {
  it(`is the one generated from this runtime's Unicode (${process.versions.unicode})`, () => {
    // A runtime on another Unicode version fails here with the instruction to regenerate. The values
    // the module exports are compared, not its text, so the check holds on an instrumented copy too.
    expect(
      { unicode: process.versions.unicode, pattern: namePattern() },
      'regenerate: UPDATE_NAME_PATTERN=1 npx vitest run test/unit/domain/shared/name-pattern.test.ts',
    ).toEqual({
      unicode: UNICODE_VERSION,
      pattern: VISIBLE_CHARACTER_PATTERN,
    });
  });

  it('gives the same answer with and without the u flag, and the rule, for every code point', () => {
    const withU = new RegExp(VISIBLE_CHARACTER_PATTERN, 'u');
    const withoutU = new RegExp(VISIBLE_CHARACTER_PATTERN);
    const disagreements: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      const text = String.fromCodePoint(codePoint);
      const answers = [withU.test(text), withoutU.test(text), isVisible(codePoint)];
      if (new Set(answers).size > 1) {
        disagreements.push(`U+${codePoint.toString(16)}: ${answers.join(' ')}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each([
    ['a lone high surrogate', '\ud83d', false],
    ['a lone low surrogate', '\ude00', false],
    ['a reversed pair', '\ude00\ud83d', false],
    ['a lone surrogate beside a letter', '\ud83dRex', true],
    ['zero-width space, joiner, soft hyphen, grapheme joiner', '\u200b\u200d\u00ad\u034f', false],
    ['Hangul filler, Braille blank, combining acute, variation selector', '\u3164\u2800\u0301\ufe0f', false],
    ['an emoji', '🐶', true],
    ['a name with spaces', ' Zoë ', true],
  ] as const)('%s: %s', (_what, text, expected) => {
    expect([new RegExp(VISIBLE_CHARACTER_PATTERN, 'u').test(text), new RegExp(VISIBLE_CHARACTER_PATTERN).test(text)]).toEqual([
      expected,
      expected,
    ]);
  });
});
