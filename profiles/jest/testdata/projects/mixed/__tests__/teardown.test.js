'use strict';

const handles = [];

describe('server', () => {
  afterAll(() => {
    handles.length = 0;
    throw new Error('server did not shut down cleanly');
  });

  test('starts', () => {
    handles.push('server');
    expect(handles).toHaveLength(1);
  });

  test('answers a ping', () => {
    expect('pong').toBe('pong');
  });
});
