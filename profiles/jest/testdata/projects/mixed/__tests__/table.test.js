'use strict';

const add = (a, b) => a + b;
const pad = (s, n) => s.padStart(n, '0');

describe('Outer', () => {
  describe('Inner', () => {
    test.each([
      [1, 1, 2],
      [2, 2, 4],
      [2, 3, 6],
      [10, -1, 9],
      [0.1, 0.2, 0.3],
    ])('add(%i, %i) = %d', (a, b, expected) => {
      expect(add(a, b)).toBe(expected);
    });

    describe('Deepest', () => {
      test.each`
        input    | width | expected
        ${'7'}   | ${3}  | ${'007'}
        ${'42'}  | ${4}  | ${'0042'}
        ${'123'} | ${2}  | ${'12'}
        ${''}    | ${2}  | ${'0'}
      `('pad($input, $width) -> $expected', ({ input, width, expected }) => {
        if (input === '') console.log('padding an empty string');
        expect(pad(input, width)).toBe(expected);
      });
    });
  });

  test('sits beside the inner block', () => {
    expect(add(1, 2)).toBe(3);
  });
});
